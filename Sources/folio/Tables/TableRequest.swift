import FolioAnalytics
import FolioCore

/// `folio table`'s arguments parsed into domain values, before the database is opened: every value
/// that cannot be right is refused here with its option's name.
struct TableRequest {
    var name: TableName
    var portfolio: String?
    var assets: [AssetCode]
    var from: Day?
    var to: Day?
    var asOf: Day?
    var window: Int?
    var method: CostBasisMethod
    var market: Market?
    var grouping: AllocationGrouping
    var period: CompositionPeriod
    var currency: AssetCode?
    var threshold: Double
    var calendar: ReturnCalendar
    var minOverlap: Int?
    var normalisation: Normalisation
    var staleDays: Double
    var format: ResultTable.Format

    init(_ c: TableCommand) throws {
        guard let name = TableName(rawValue: c.name.lowercased()) else {
            throw ArgumentError("NAME", "unknown table \"\(c.name)\"; tables: \(TableName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let given: [(TableName.Option, Bool)] = [
            (.portfolio, c.portfolio != nil), (.asset, !c.asset.isEmpty), (.from, c.from != nil), (.to, c.to != nil),
            (.asOf, c.asOf != nil), (.window, c.window != nil), (.method, c.method != nil), (.by, c.by != nil),
            (.period, c.period != nil), (.currency, c.currency != nil), (.threshold, c.threshold != nil),
            (.calendar, c.calendar != nil), (.minOverlap, c.minOverlap != nil), (.normalise, c.normalise != nil),
        ]
        for (option, isGiven) in given where isGiven && !name.options.contains(option) {
            throw ArgumentError("--\(option.rawValue)", "not used by the \(name.rawValue) table")
        }
        self.name = name
        portfolio = c.portfolio
        assets = try c.asset.map { try ArgumentValue.asset($0, "--asset") }
        from = try ArgumentValue.day(c.from, "--from")
        to = try ArgumentValue.day(c.to, "--to")
        asOf = try ArgumentValue.day(c.asOf, "--as-of")
        if asOf != nil && to != nil { throw ArgumentError("--as-of", "give either --as-of or --to, the range ends at one day") }
        if let from, let to, from > to { throw ArgumentError("--from", "\(from.iso) is after --to \(to.iso)") }
        if let from, let asOf, from > asOf { throw ArgumentError("--from", "\(from.iso) is after --as-of \(asOf.iso)") }
        window = try ArgumentValue.positive(c.window, "--window")
        minOverlap = try ArgumentValue.positive(c.minOverlap, "--min-overlap")
        method = try c.method.map { try ArgumentValue.choice($0, "--method") } ?? .fifo
        market = try ArgumentValue.market(c.market)
        grouping = try c.by.map { try ArgumentValue.choice($0, "--by") } ?? .asset
        period = try c.period.map { try ArgumentValue.choice($0, "--period") } ?? .month
        currency = try c.currency.map { try ArgumentValue.asset($0, "--currency") }
        threshold = c.threshold ?? Allocation.defaultThresholdPercent
        guard threshold >= 0 && threshold < 100 else { throw ArgumentError("--threshold", "\(threshold) is not a percent from 0 to below 100") }
        calendar = try c.calendar.map { try ArgumentValue.choice($0, "--calendar") } ?? .union
        normalisation = try c.normalise.map { try ArgumentValue.choice($0, "--normalise") } ?? .minMax
        guard c.staleDays > 0 && c.staleDays.isFinite else { throw ArgumentError("--stale-days", "\(c.staleDays) is not a positive number of days") }
        staleDays = c.staleDays
        format = try ArgumentValue.choice(c.format, "--format")
        if name == .rollingCorrelation && !assets.isEmpty && assets.count != 2 {
            throw ArgumentError("--asset", "rolling-correlation takes exactly two assets, \(assets.count) given")
        }
    }

    /// The range of a table that spans days, ending at `--to`, else `--as-of`, else `lastDay`, and
    /// starting at `--from`, else `defaultStart(end)`.
    func range(endingBy lastDay: Day, defaultStart: (Day) -> Day) throws -> DayRange {
        let end = to ?? asOf ?? lastDay
        let start = from ?? min(defaultStart(end), end)
        do { return try DayRange(from: start, to: end) } catch { throw ArgumentError(error) }
    }

    /// The day of a table taken at one day.
    func day(default lastDay: Day) -> Day { asOf ?? lastDay }
}

extension Day {
    /// The first day of the month `months` before this day's month (0: this month).
    func monthStart(monthsBefore months: Int) -> Day {
        let shifted = addingMonths(-months)
        return Day(year: shifted.year, month: shifted.month, day: 1)!
    }

    /// The day after the same date `months` earlier: 12 months ending today start a year ago tomorrow.
    func spanStart(months: Int) -> Day { addingMonths(-months).advanced(by: 1) }
}
