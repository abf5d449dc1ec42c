import FolioAnalytics
import FolioCharts
import FolioCore

/// One kind of data a chart shows, and the one code that builds that chart: `folio chart`, report
/// blocks, the daily mail set and `folio batch` all draw a dataset through its type here, so the same
/// data is the same chart, with the same words, wherever it appears.
///
/// The pipeline, written down once: a `ChartRequest` (typed fields) → `Dataset.init` reads and checks
/// the parameters → the caller loads the subject's data for `quoteDays` (`ChartPipeline` from the
/// store, a report from what it loaded) → `build` computes the analytics and lays out a mark (a
/// FolioCharts `Chart`) → FolioRender draws it.
///
/// A new dataset is one file with one type conforming to this, one line in `Datasets.all`, its words
/// in the catalogue, and its tests.
public protocol Dataset: Sendable {
    /// The name report definitions, jobs files and `folio chart --data` use.
    static var name: String { get }
    /// The kinds it can be drawn as.
    static var kinds: [ChartKind] { get }
    /// What it is about, which decides what is loaded for it.
    static var subject: DatasetSubject { get }
    /// The request's fields it reads, beyond those every chart takes (`ChartRequest.Field.everyChart`);
    /// any other field written in a request is refused rather than ignored.
    static var fields: Set<ChartRequest.Field> { get }
    /// Reads its parameters from the request and refuses what it cannot draw, naming the argument.
    init(_ request: ChartRequest) throws
    /// The days whose quotes it reads when it ends at `asOf`; nil when it reads no quotes.
    func quoteDays(endingAt asOf: Day) -> DayRange?
    /// The chart as `kind` on `frame` (whose title the caller has set, or left empty).
    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart
}

/// What a dataset is about.
public enum DatasetSubject: Sendable {
    /// One portfolio (`--portfolio`).
    case portfolio
    /// The named assets (`--asset`), or else what the portfolio holds.
    case assetsOrPortfolio
    /// The budget's entries.
    case budget
}

/// A dataset drawn: the chart, and the texts a chart drawn alone shows around it.
public struct DatasetChart: Sendable {
    public var chart: any Chart
    /// The title `folio chart` gives it unless told another (a report block has its own).
    public var title: String
    /// What the chart shows: currency, period, method.
    public var subtitle: String
    /// The source and as-of line.
    public var footnote: String
    /// Values left out for want of a quote, for stderr.
    public var warnings: [String] = []

    public init(chart: any Chart, title: String, subtitle: String, footnote: String, warnings: [String] = []) {
        self.chart = chart
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
        self.warnings = warnings
    }
}

/// The table of datasets.
public enum Datasets {
    /// Every dataset, in the order `folio chart --help` names them (what a kind draws without `--data`
    /// is its descriptor's).
    public static let all: [any Dataset.Type] = [
        PricesDataset.self, AllocationDataset.self, CompositionDataset.self, CashFlowsDataset.self,
        HoldingsDataset.self,
        NormalisedDataset.self, CorrelationDataset.self, ValueDataset.self, RollingCorrelationDataset.self,
        ExpensesByCategoryDataset.self, IncomeByCategoryDataset.self, BudgetMonthsDataset.self,
        MonthlyReturnsDataset.self, DrawdownDataset.self, CumulativeDataset.self, AnnualReturnsDataset.self,
        RollingVolatilityDataset.self, RollingSharpeDataset.self,
        AttributionDataset.self, IncomeCalendarDataset.self, DriftDataset.self,
    ]

    /// Names that report definitions used before, still read.
    public static let aliases: [String: any Dataset.Type] = [
        "holdings-7d": PricesDataset.self, "months": BudgetMonthsDataset.self,
    ]

    public static func named(_ name: String) -> (any Dataset.Type)? {
        all.first { $0.name == name } ?? aliases[name]
    }

    /// The datasets' names, comma-separated, for `folio chart`'s help.
    // A loop, not the generic `joined(separator:)`: ArgumentParser reads every command's help at every start.
    public static var names: String {
        var names = ""
        for dataset in all { names += (names.isEmpty ? "" : ", ") + dataset.name }
        return names
    }

    /// What `folio chart KIND` draws without `--data`: the kind's standard dataset (its descriptor), or
    /// with `--by category` the budget's, for the kinds that draw it.
    public static func standard(for kind: ChartKind, by grouping: ChartRequest.Grouping?) -> any Dataset.Type {
        let descriptor = kind.descriptor
        if grouping == .category, let byCategory = descriptor.byCategory { return byCategory }
        return descriptor.standard
    }
}
