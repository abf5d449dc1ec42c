import Foundation

/// An International Securities Identification Number (ISO 6166): two letters of the issuing country,
/// nine letters or digits, and a check digit. Brokers name a security by it where tickers differ
/// between exchanges (Degiro's files carry no ticker at all), so Folio keeps it on the asset and finds
/// the asset by it.
public struct ISIN: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The ISIN written in `text` (case and surrounding blanks ignored), or nil when it is not one:
    /// the wrong length or letters, or a check digit that does not match — a mistyped ISIN would
    /// otherwise name a security nobody holds.
    public init?(_ text: some StringProtocol) {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 12, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            code.prefix(2).allSatisfy(\.isLetter), let last = code.last?.wholeNumberValue,
            Self.checkDigit(code.prefix(11)) == last
        else { return nil }
        rawValue = code
    }

    public var description: String { rawValue }

    /// The Luhn check digit over the code with each letter written as its two-digit number (A = 10).
    static func checkDigit(_ body: Substring) -> Int {
        let digits = body.flatMap { c -> [Int] in
            if let d = c.wholeNumberValue { return [d] }
            let n = Int(c.asciiValue ?? 55) - 55  // A = 10 … Z = 35 (the code is ASCII letters and digits)
            return [n / 10, n % 10]
        }
        var sum = 0
        // From the right, every other digit starting with the rightmost is doubled.
        for (i, d) in digits.reversed().enumerated() {
            let v = i % 2 == 0 ? d * 2 : d
            sum += v / 10 + v % 10
        }
        return (10 - sum % 10) % 10
    }
}
