/// Asset codes Folio recognises without being told, so that an import can give new assets a kind.
/// Anything else is stored with the kind the importer knows (a stock file gives stocks) or `other`.
public enum KnownAssets {
    public static let fiat: Set<String> = [
        "UAH", "USD", "EUR", "GBP", "CHF", "PLN", "CZK", "JPY", "CNY", "CAD", "AUD", "SEK", "NOK",
        "DKK", "TRY", "RUB", "RUR", "XDR", "HUF", "ILS", "INR", "KRW", "MXN", "NZD", "SGD", "HKD",
        "ZAR", "BRL", "GEL", "MDL", "KZT", "BYN", "RON", "BGN", "HRK", "EGP", "AZN", "AMD", "THB",
        "IDR", "MYR", "VND", "SAR", "AED", "DZD", "BDT", "LBP", "TND", "RSD", "UZS", "TMT", "TJS",
        "KGS", "NLG", "DEM", "FRF", "ITL", "ESP", "BEF", "ATS", "FIM", "IEP", "PTE", "GRD", "LVL",
        "LTL", "EEK", "SKK", "SIT", "BYR", "CYP", "MTL", "KWD", "IRR", "IQD", "LYD", "CLP", "ARS",
        "PEN", "COP", "ISK", "TWD", "PKR", "NGN", "UYU",
    ]
    public static let metals: Set<String> = ["XAU", "XAG", "XPT", "XPD"]
    public static let crypto: Set<String> = [
        "BTC", "ETH", "LTC", "EOS", "XRP", "BCH", "BSV", "BTG", "USDT", "USDC", "EURS", "DASH",
        "ZEC", "XMR", "TRX", "ADA", "DOT", "SOL", "BNB", "DOGE", "XLM", "LINK", "TON", "AVAX",
        "MATIC", "ETC", "NEO", "XTZ", "ATOM", "SHIB", "DAI",
    ]

    /// The kind of a well-known code, or `nil` when Folio cannot tell.
    public static func kind(of code: AssetCode) -> AssetKind? {
        let raw = code.rawValue
        if fiat.contains(raw) { return .fiat }
        if metals.contains(raw) { return .metal }
        if crypto.contains(raw) { return .crypto }
        return nil
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
