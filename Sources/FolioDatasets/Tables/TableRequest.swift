import FolioAnalytics
import FolioCore

/// One table to compute, in typed fields: what `folio table` reads from its options. Built from the
/// option text by `init(name:…)` (`TableRequest+Options.swift`), which refuses every value that cannot
/// be right before the database is opened; `table(from:warnings:)` computes it.
public struct TableRequest: Sendable, Hashable {
    public var name: TableName
    public var portfolio: String?
    public var assets: [AssetCode] = []
    public var from: Day?
    public var to: Day?
    public var asOf: Day?
    public var window: Int?
    public var method: CostBasisMethod = .fifo
    public var market: Market?
    public var grouping: AllocationGrouping = .asset
    public var period: CompositionPeriod = .month
    /// The days of the `attribution` table (`--period 1Y`, `2017`, `last-year`); nil: `--from`/`--to`, else since inception.
    var attributionPeriod: AttributionPeriod?
    /// `attribution --by holding`: the contribution of each holding instead of the bridge;
    /// `income-calendar --by holding`: a row per holding and month.
    var byHolding = false
    /// `income-calendar --months N`: the months paid before the as-of day, and projected after it (up to 12).
    var months = 12
    public var currency: AssetCode?
    public var threshold = Allocation.defaultThresholdPercent
    public var calendar: ReturnCalendar = .union
    public var minOverlap: Int?
    public var normalisation: Normalisation = .minMax
    /// An asset the performance table compares the portfolio with, in its base currency.
    public var benchmark: AssetCode?
    /// Annual risk-free rate as a fraction (`--risk-free 4` is 0.04), for Sharpe and Sortino.
    public var riskFree = 0.0
    public var staleDays = 7.0
    public var format: ResultTable.Format = .text
    /// `tax-year`: the year declared and the rates of `--tax-rates` (else the built-in file), read.
    public var taxYear: TaxYearRequest?
    /// `rebalance`: `--cash`, `--sell`, `--whole-shares`.
    public var rebalance = RebalanceOptions()
    /// `rebalance --tax-rates`: the rates its sales' tax is estimated at, read (else the built-in file's,
    /// for a portfolio in hryvnias).
    var rebalanceTaxRates: TaxRates?

    /// A request with every option at its default.
    public init(_ name: TableName) { self.name = name }

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

/// The year a tax view is about and the rates it applies, as read from their file (`TaxRatesFile`).
public struct TaxYearRequest: Sendable, Hashable {
    public var year: Int
    public var rates: TaxRates

    public init(year: Int, rates: TaxRates) {
        self.year = year
        self.rates = rates
    }
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
