/// The ISIN of each known stock (`KnownAssets.stocks`), so that a broker's file that names a security
/// only by its ISIN (Degiro's) books it under the ticker a user knows and fetches, and a file that names
/// it both ways finds the same asset. Each is the ISIN of the listing the ticker names (an ADR's for a
/// foreign company listed in New York as one: NVO, TM, SONY, BABA, TSM); a stock whose ISIN changed
/// lately is left out rather than guessed (BLK, whose holding company changed in 2024).
extension KnownAssets {
    static let stockISINs: [String: String] = [
        "AAPL": "US0378331005", "MSFT": "US5949181045", "AMZN": "US0231351067", "GOOGL": "US02079K3059",
        "GOOG": "US02079K1079", "META": "US30303M1027", "NVDA": "US67066G1040", "TSLA": "US88160R1014",
        "BRK.B": "US0846707026", "JPM": "US46625H1005", "BAC": "US0605051046", "WFC": "US9497461015",
        "C": "US1729674242", "GS": "US38141G1040", "MS": "US6174464486", "V": "US92826C8394", "MA": "US57636Q1040",
        "PYPL": "US70450Y1038", "XOM": "US30231G1022", "CVX": "US1667641005", "COP": "US20825C1045",
        "JNJ": "US4781601046", "PFE": "US7170811035", "MRK": "US58933Y1055", "ABBV": "US00287Y1091",
        "LLY": "US5324571083", "UNH": "US91324P1021", "KO": "US1912161007", "PEP": "US7134481081",
        "PG": "US7427181091", "WMT": "US9311421039", "COST": "US22160K1051", "HD": "US4370761029",
        "MCD": "US5801351017", "NKE": "US6541061031", "DIS": "US2546871060", "NFLX": "US64110L1061",
        "INTC": "US4581401001", "AMD": "US0079031078", "CSCO": "US17275R1023", "ORCL": "US68389X1054",
        "IBM": "US4592001014", "ADBE": "US00724F1012", "CRM": "US79466L3024", "QCOM": "US7475251036",
        "TXN": "US8825081040", "AVGO": "US11135F1012", "T": "US00206R1023", "VZ": "US92343V1044",
        "BA": "US0970231058", "CAT": "US1491231015", "GE": "US3696043013", "MMM": "US88579Y1010",
        "HON": "US4385161066", "UPS": "US9113121068", "F": "US3453708600", "GM": "US37045V1008",
        "SBUX": "US8552441094", "ABT": "US0028241000", "TMO": "US8835561023", "AMGN": "US0311621009",
        "GILD": "US3755581036", "BMY": "US1101221083", "CVS": "US1266501006", "MDT": "IE00BTN1Y115",
        "LMT": "US5398301094", "RTX": "US75513E1010", "DE": "US2441991054", "AXP": "US0258161092",
        "SPGI": "US78409V1044", "SCHW": "US8085131055", "BABA": "US01609W1027", "TSM": "US8740391003",
        "ASML": "NL0010273215", "SAP": "DE0007164600", "NVO": "US6701002056", "SHEL": "GB00BP6MXD84",
        "BP": "GB0007980591", "TM": "US8923313071", "SONY": "US8356993076", "UBER": "US90353T1007",
        "ABNB": "US0090661010", "SHOP": "CA82509L1076", "SQ": "US8522341036", "PLTR": "US69608A1088",
        "COIN": "US19260Q1076", "MSTR": "US5949724083", "EPAM": "US29414B1044",
    ]

    /// The known stock of `isin`, or nil when Folio knows no stock by it.
    public static func stock(isin: ISIN) -> AssetCode? { stocksByISIN[isin] }

    /// The ISIN of a known stock.
    public static func isin(ofStock code: AssetCode) -> ISIN? { stockISINs[code.rawValue].flatMap { ISIN($0) } }

    private static let stocksByISIN: [ISIN: AssetCode] = Dictionary(
        stockISINs.compactMap { code, text in ISIN(text).map { ($0, AssetCode(code)) } },
        uniquingKeysWith: { first, _ in first }
    )
}
