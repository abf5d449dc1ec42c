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

extension AssetKind {
    public var defaultDecimals: Int {
        switch self {
        case .crypto: 8
        case .fiat, .stock, .etf, .metal, .index, .other: 2
        }
    }
}
