import FolioCore

/// An amount of hryvnias in whole kopecks: what a declaration is written in. Each figure of the tax
/// view is rounded to kopecks once, by the one rounding rule of every figure Folio shows
/// (`DecimalDigits`: half away from zero on the decimal value a spreadsheet holds), and then only
/// added and subtracted, so that rows sum to their totals to the kopeck in every format.
public struct Hryvnias: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let kopecks: Int64

    public init(kopecks: Int64) { self.kopecks = kopecks }

    /// The largest amount a figure of the tax view may be: 1e15 hryvnias, as `NumberBounds` bounds every
    /// number read. In kopecks it is 1e17, a hundredth of what an Int64 holds, so that the sums of a
    /// year's figures are checked once (`TaxYear.checkSums`) and then cannot overflow.
    public static let largest = NumberBounds.largest

    /// `uah` rounded to kopecks, or nil when it is not a number within ±`largest`.
    public init?(rounding uah: Double) {
        guard uah.isFinite, uah.magnitude <= Self.largest else { return nil }
        let digits = DecimalDigits.round(uah, decimals: 2)
        var k: Int64 = 0
        for d in digits.integer + digits.fraction { k = k * 10 + Int64(d) }
        kopecks = uah < 0 ? -k : k
    }

    public static let zero = Hryvnias(kopecks: 0)

    /// The amount as a number of hryvnias (12345.67), for tables: the double nearest to the kopecks,
    /// which prints as them.
    public var uah: Double { Double(kopecks) / 100 }

    public static func + (a: Hryvnias, b: Hryvnias) -> Hryvnias { Hryvnias(kopecks: a.kopecks + b.kopecks) }
    public static func - (a: Hryvnias, b: Hryvnias) -> Hryvnias { Hryvnias(kopecks: a.kopecks - b.kopecks) }
    public static prefix func - (a: Hryvnias) -> Hryvnias { Hryvnias(kopecks: -a.kopecks) }
    public static func < (a: Hryvnias, b: Hryvnias) -> Bool { a.kopecks < b.kopecks }

    /// `percent` % of this amount, rounded to kopecks (a tax on a base); a percent is at most 100
    /// (`TaxRatesFile`), so the tax is within the amount.
    public func percent(_ percent: Double) -> Hryvnias {
        Hryvnias(rounding: Double(kopecks) * min(max(percent, 0), 100) / 10_000) ?? self
    }

    public var description: String { DecimalDigits.plain(uah, decimals: 2) }
}

extension Sequence where Element == Hryvnias {
    public func sum() -> Hryvnias { reduce(.zero, +) }
}
