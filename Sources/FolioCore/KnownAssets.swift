/// Asset codes Folio recognises without being told, so that an import can give new assets a kind.
/// Anything else is stored with the kind the importer knows (a stock file gives stocks) or `other`.
public enum KnownAssets {
    /// ISO 4217: every current code, the euro's predecessors and other withdrawn codes old exports still use.
    public static let fiat: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD",
        "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY",
        "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP",
        "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR",
        "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT",
        "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR",
        "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK",
        "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD",
        "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY",
        "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XDR",
        "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWL",
        // Withdrawn: the euro's predecessors and codes of older statements (RUR in PrivatBank's answers).
        "NLG", "DEM", "FRF", "ITL", "ESP", "BEF", "ATS", "FIM", "IEP", "PTE", "GRD", "LVL", "LTL", "EEK", "SKK",
        "SIT", "CYP", "MTL", "HRK", "BYR", "RUR",
    ]
    public static let metals: Set<String> = ["XAU", "XAG", "XPT", "XPD"]
    public static let crypto: Set<String> = [
        "BTC", "ETH", "LTC", "EOS", "XRP", "BCH", "BSV", "BTG", "USDT", "USDC", "EURS", "DASH",
        "ZEC", "XMR", "TRX", "ADA", "DOT", "SOL", "BNB", "DOGE", "XLM", "LINK", "TON", "AVAX",
        "MATIC", "ETC", "NEO", "XTZ", "ATOM", "SHIB", "DAI",
    ]

    /// Large US and European stocks by ticker: the holdings of most portfolios people bring.
    public static let stocks: Set<String> = [
        "AAPL", "MSFT", "AMZN", "GOOGL", "GOOG", "META", "NVDA", "TSLA", "BRK.B", "JPM", "BAC", "WFC", "C", "GS",
        "MS", "V", "MA", "PYPL", "XOM", "CVX", "COP", "JNJ", "PFE", "MRK", "ABBV", "LLY", "UNH", "KO", "PEP",
        "PG", "WMT", "COST", "HD", "MCD", "NKE", "DIS", "NFLX", "INTC", "AMD", "CSCO", "ORCL", "IBM", "ADBE",
        "CRM", "QCOM", "TXN", "AVGO", "T", "VZ", "BA", "CAT", "GE", "MMM", "HON", "UPS", "F", "GM", "SBUX",
        "ABT", "TMO", "AMGN", "GILD", "BMY", "CVS", "MDT", "LMT", "RTX", "DE", "BLK", "AXP", "SPGI", "SCHW",
        "BABA", "TSM", "ASML", "SAP", "NVO", "SHEL", "BP", "TM", "SONY", "UBER", "ABNB", "SHOP", "SQ", "PLTR",
        "COIN", "MSTR", "EPAM",
    ]
    /// Exchange-traded funds most held: index, bond and gold funds.
    static let etfs: Set<String> = [
        "SPY", "VOO", "IVV", "VTI", "QQQ", "QQQM", "DIA", "IWM", "VEA", "VWO", "VXUS", "VT", "EFA", "EEM", "AGG",
        "BND", "TLT", "IEF", "SHY", "LQD", "HYG", "TIP", "GLD", "IAU", "SLV", "VNQ", "XLK", "XLF", "XLE", "XLV",
        "SCHD", "VIG", "VYM", "ARKK", "SMH", "SOXX", "VGT", "IEMG", "VB", "VO",
    ]

    /// The kind of a well-known code, or `nil` when Folio cannot tell. A ticker that is also a currency
    /// code (AMD, COP, BND) is taken for the stock or fund, which portfolios hold far more often; an
    /// importer that knows better says so (`AssetRegistry`).
    public static func kind(of code: AssetCode) -> AssetKind? {
        let raw = code.rawValue
        if metals.contains(raw) { return .metal }
        if crypto.contains(raw) { return .crypto }
        if stocks.contains(raw) { return .stock }
        if etfs.contains(raw) { return .etf }
        if fiat.contains(raw) { return .fiat }
        return nil
    }

    /// Whether `code` can be a portfolio's base currency: an ISO 4217 currency, a metal or a known coin.
    public static func isBaseCurrency(_ code: AssetCode) -> Bool {
        fiat.contains(code.rawValue) || metals.contains(code.rawValue) || crypto.contains(code.rawValue)
    }

    /// Splits an exchange instrument written together (`eosbtc`, `usdteur`, `btcusd`) into base and
    /// quote by known codes, longest quote first, so `usdteur` is USDT/EUR and not USD/TEUR.
    public static func splitInstrument(_ instrument: String) -> (base: AssetCode, quote: AssetCode)? {
        let upper = instrument.uppercased()
        let known = fiat.union(metals).union(crypto)
        var candidates: [(AssetCode, AssetCode)] = []
        for quoteLength in stride(from: min(5, upper.count - 1), through: 2, by: -1) {
            let quote = String(upper.suffix(quoteLength))
            let base = String(upper.dropLast(quoteLength))
            if known.contains(quote) && known.contains(base) {
                candidates.append((AssetCode(base), AssetCode(quote)))
            }
        }
        return candidates.count == 1 ? candidates[0] : nil
    }
}
