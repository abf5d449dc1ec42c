import FolioCore

/// The rates a tax year's net investment profit is taxed at, each with the days it was in force and the
/// law that set it, and whether a year's loss reduces later years' profit: what the rates file
/// (`reports/tax-rates.yaml`, or `--tax-rates FILE`) says, so that a user can match the rules of the year
/// being declared without a new Folio.
public struct TaxRates: Hashable, Sendable {
    /// A rate and the days it was in force (both ends included; nil: open).
    public struct Period: Hashable, Sendable {
        public var percent: Double
        public var from: Day?
        public var to: Day?
        /// The law that set it, as the file cites it (in Ukrainian, as the declaration's reader cites it),
        /// and in English when the file says it in English too.
        public var law: String
        public var lawInEnglish: String?

        public init(percent: Double, from: Day? = nil, to: Day? = nil, law: String, lawInEnglish: String? = nil) {
            self.percent = percent
            self.from = from
            self.to = to
            self.law = law
            self.lawInEnglish = lawInEnglish
        }

        /// The citation for a reader of English or of Ukrainian.
        public func law(english: Bool) -> String { english ? lawInEnglish ?? law : law }

        public func contains(_ day: Day) -> Bool { (from.map { $0 <= day } ?? true) && (to.map { day <= $0 } ?? true) }
    }

    public var personalIncomeTax: [Period]
    public var militaryLevy: [Period]
    /// Whether a year's net loss is carried into the next years, reducing their profit until used up.
    public var carryLossesForward: Bool
    /// Where the rates come from (the file's path), for the table's and the report's notes.
    public var source: String

    public init(personalIncomeTax: [Period], militaryLevy: [Period], carryLossesForward: Bool, source: String) {
        self.personalIncomeTax = personalIncomeTax
        self.militaryLevy = militaryLevy
        self.carryLossesForward = carryLossesForward
        self.source = source
    }

    /// The day whose rates tax a year's net investment profit: the year's last. The profit is the result
    /// of all the year's sales netted (art. 170.2 of the Tax Code), which exists only when the year is
    /// over; a rate that changed during the year (the military levy on 1 December 2024) applies as it
    /// stands on 31 December. A user whose year is to be taxed otherwise says so in their rates file.
    public static func taxDay(of year: Int) -> Day {
        // Every year has a 31 December; the fallback is never taken.
        Day(year: year, month: 12, day: 31) ?? Day(daysSinceEpoch: 0)
    }

    /// The period of `periods` in force on `day`, nil when none is.
    package static func inForce(_ periods: [Period], on day: Day) -> Period? { periods.first { $0.contains(day) } }
}
