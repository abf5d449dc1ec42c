/// The code of an asset as users write it: `USD`, `UAH`, `BTC`, `AAPL`, `EURS`.
/// Stored upper-case so that `btc` from one file and `BTC` from another are the same asset.
public struct AssetCode: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ text: String) {
        rawValue = text.uppercased()
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A code is 1–12 characters of letters, digits, `.`, `-` or `_` (tickers like `BRK.B`).
    public static func isValid(_ text: some StringProtocol) -> Bool {
        guard (1...12).contains(text.count) else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
            && text.contains(where: { $0.isLetter })
    }

    public var description: String { rawValue }
    public static func < (a: AssetCode, b: AssetCode) -> Bool { a.rawValue < b.rawValue }

    public static let uah: AssetCode = "UAH"
    public static let usd: AssetCode = "USD"
    public static let eur: AssetCode = "EUR"
}

public enum AssetKind: String, CaseIterable, Codable, Sendable {
    case fiat, crypto, stock, etf, metal, index, other
}

public struct Asset: Hashable, Sendable {
    public var code: AssetCode
    public var name: String
    public var kind: AssetKind
    /// Digits a price or quantity of this asset is shown with by default.
    public var decimals: Int

    public init(code: AssetCode, name: String? = nil, kind: AssetKind, decimals: Int? = nil) {
        self.code = code
        self.name = name ?? code.rawValue
        self.kind = kind
        self.decimals = decimals ?? kind.defaultDecimals
    }
}

extension Asset {
    /// Names come from answers and imported files (CoinGecko's `name`, NBU's `txt`) and are shown in
    /// tables and reports: a name longer than this is cut, ending in "…", rather than failing a fetch
    /// or an import over a label — no real asset's name comes near it.
    static let maxNameLength = 200

    /// `text` as a stored name: as given, at most `maxNameLength` characters. A control or bidi character
    /// is kept, and escaped where the name is written, as each format escapes (a terminal and CSV
    /// `\x1B`, JSON `\u001b`): a name escaped once in the database would be written as the text
    /// `\x1B` by every export, and escaped again by JSON. A NUL, which ends SQLite's C strings, goes.
    public static func storedName(_ text: String) -> String {
        let head = String(text.prefix(maxNameLength + 1).filter { $0 != "\0" })
        guard head.count > maxNameLength else { return head }
        return String(head.prefix(maxNameLength - 1)) + "…"
    }
}

extension AssetKind {
    public var defaultDecimals: Int {
        switch self {
        case .crypto: 8
        case .fiat, .stock, .etf, .metal, .index, .other: 2
        }
    }
}
