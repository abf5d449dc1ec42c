import FolioCore

// The columns of the performance results, each declared once: `folio table performance`,
// `trailing-returns` and `drawdowns` write them as `ResultTable`s (PerformanceTables.swift), the portfolio
// report as its `DataTable`s (FolioReports' PortfolioReportData+Performance.swift).
extension PeriodPerformance {
    /// The columns of the periods' figures, in order: the raw value is the `folio table` column (the
    /// benchmark's two are named by its code), `key` the report's (nil where the report has no such column).
    public enum Column: String, CaseIterable, Sendable {
        case period, from, to, twr
        case twrAnnualised = "twr_annualised"
        case mwr, xirr, volatility, sharpe, sortino
        case maxDrawdown = "max_drawdown"
        case calmar
        case bestDay = "best_day"
        case worstDay = "worst_day"
        case bestMonth = "best_month"
        case worstMonth = "worst_month"
        case bestYear = "best_year"
        case worstYear = "worst_year"
        case positiveDays = "positive_days"
        case positiveMonths = "positive_months"
        case valueAtRisk = "value_at_risk"
        case expectedShortfall = "expected_shortfall"
        case omega, benchmark
        case benchmarkAnnualised = "benchmark_annualised"
        case difference, beta, correlation

        /// The columns of `folio table performance`; the benchmark's only when one was given.
        public static func performance(benchmark: Bool) -> [Column] {
            allCases.filter { $0 != .benchmarkAnnualised && (benchmark || !$0.isBenchmark) }
        }

        /// The columns of `folio table trailing-returns`: the time-weighted return, and the benchmark's.
        static func trailing(benchmark: Bool) -> [Column] {
            [.period, .from, .to, .twr, .twrAnnualised] + (benchmark ? [.benchmark, .benchmarkAnnualised] : [])
        }

        /// The column's key in a report definition.
        public var key: String? {
            switch self {
            case .period, .twr, .mwr, .xirr, .volatility, .sharpe, .sortino, .benchmark, .difference: rawValue
            case .twrAnnualised: "twr-annualised"
            case .maxDrawdown: "max-drawdown"
            default: nil
            }
        }

        /// Whether the column is there only with a benchmark.
        public var isBenchmark: Bool {
            [.benchmark, .benchmarkAnnualised, .difference, .beta, .correlation].contains(self)
        }

        /// A ratio (Sharpe, beta): a number, where the others but the period and its days are returns.
        public var isRatio: Bool { [.sharpe, .sortino, .calmar, .omega, .beta, .correlation].contains(self) }

        /// The period's figure in this column, a return as a fraction; nil for the period and its days.
        public func figure(_ p: PeriodPerformance) -> Double? {
            let s = p.statistics
            return switch self {
            case .period, .from, .to: nil
            case .twr: p.timeWeighted
            case .twrAnnualised: p.annualised
            case .mwr: p.moneyWeighted
            case .xirr: p.xirr
            case .volatility: s?.volatility
            case .sharpe: s?.sharpe
            case .sortino: s?.sortino
            case .maxDrawdown: s?.maxDrawdown
            case .calmar: p.calmar
            case .bestDay: s?.bestDay
            case .worstDay: s?.worstDay
            case .bestMonth: s?.bestMonth
            case .worstMonth: s?.worstMonth
            case .bestYear: s?.bestYear
            case .worstYear: s?.worstYear
            case .positiveDays: s?.positiveDays
            case .positiveMonths: s?.positiveMonths
            case .valueAtRisk: s?.valueAtRisk
            case .expectedShortfall: s?.expectedShortfall
            case .omega: s?.omega
            case .benchmark: p.benchmark
            case .benchmarkAnnualised: p.benchmarkAnnualised
            case .difference: p.difference
            case .beta: p.beta
            case .correlation: p.correlation
            }
        }

        /// The `folio table` column: the benchmark's named by its code (`eth`, `eth_annualised`).
        func column(benchmark: AssetCode?) -> ResultTable.Column {
            let code = benchmark?.rawValue.lowercased() ?? ""
            return switch self {
            case .period: .init(rawValue, .text)
            case .from, .to: .init(rawValue, .day)
            case .benchmark: .init(code, .percent)
            case .benchmarkAnnualised: .init(code + "_annualised", .percent)
            default: isRatio ? .init(rawValue, .number, ratio: true) : .init(rawValue, .percent)
            }
        }

        /// The period's cell in this column: returns in percent, ratios as they are.
        func cell(_ p: PeriodPerformance) -> ResultTable.Cell? {
            switch self {
            case .period: .text(p.period.rawValue)
            case .from: .day(p.from)
            case .to: .day(p.to)
            default: .finite(isRatio ? figure(p) : figure(p).map { $0 * 100 })
            }
        }
    }
}

extension DrawdownSeries {
    /// The columns of the deepest drawdowns, in order: the raw value is the `folio table` column, `key`
    /// the report's (nil for the rank, which the report's order says).
    public enum Column: String, CaseIterable, Sendable {
        case rank, start, trough, recovery, depth, days

        /// The column's key in a report definition.
        public var key: String? { self == .rank ? nil : rawValue }

        /// Whether the column holds figures (right-aligned in the report); the days are dates.
        public var isNumeric: Bool { self == .rank || self == .depth || self == .days }

        var column: ResultTable.Column {
            switch self {
            case .rank, .days: .init(rawValue, .number, decimals: 0)
            case .start, .trough, .recovery: .init(rawValue, .day)
            case .depth: .init(rawValue, .percent)
            }
        }

        /// The cell of the `rank`-th deepest drawdown (from 1) in this column; the depth in percent.
        func cell(_ d: Drawdown, rank: Int) -> ResultTable.Cell? {
            switch self {
            case .rank: .number(Double(rank))
            case .start: .day(d.start)
            case .trough: .day(d.trough)
            case .recovery: d.recovery.map { .day($0) }
            case .depth: .number(d.depth * 100)
            case .days: .number(Double(d.days))
            }
        }
    }
}
