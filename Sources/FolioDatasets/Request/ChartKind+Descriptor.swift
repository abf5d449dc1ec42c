import FolioCharts

/// What Folio says and does about a kind of chart beyond drawing its mark, declared once per kind in
/// `ChartKind.descriptor`: `folio chart --help` lays out its summary and example, completions and
/// docs/charts.md's table follow `ChartKind.allCases`, and `folio chart KIND`, report blocks and jobs
/// files draw its standard dataset unless told another. FolioCharts names the kinds (its gallery draws
/// one of each); it cannot know the datasets, so what a kind means to the user is here.
public struct ChartKindDescriptor: Sendable {
    /// What the kind draws unless `--data` names another dataset: its line in `folio chart --help`
    /// (wrapped there).
    public let summary: String
    /// The options of an example of `folio chart KIND` in its help.
    public let example: String
    /// What `folio chart KIND` draws without `--data`; one of the datasets drawn as the kind
    /// (`ChartRequestTests` checks it).
    public let standard: any Dataset.Type
    /// What it draws `--by category` instead, for the kinds the budget's categories are drawn as.
    public let byCategory: (any Dataset.Type)?

    init(
        _ summary: String,
        example: String,
        standard: any Dataset.Type,
        byCategory: (any Dataset.Type)? = nil
    ) {
        self.summary = summary
        self.example = example
        self.standard = standard
        self.byCategory = byCategory
    }
}

extension ChartKind {
    /// The one table of what each kind is: an exhaustive switch, so that a new kind does not build
    /// without its entry.
    public var descriptor: ChartKindDescriptor {
        switch self {
        case .line:
            ChartKindDescriptor(
                "prices over the last --days (7) days; one asset gets min/max/average markers and the change; "
                    + "several share one axis when their prices are alike, else they become small multiples",
                example: "--asset AAPL --out aapl.png",
                standard: PricesDataset.self
            )
        case .compare:
            ChartKindDescriptor(
                "assets rebased to 100 at the start (--normalise min-max for 0…1) over --days (90)",
                example: "--asset BTC ETH LTC --days 180 --out c.png",
                standard: NormalisedDataset.self
            )
        case .pie:
            ChartKindDescriptor(
                "a portfolio's allocation --by asset, kind or currency; --by category: budget expenses over --months (12)",
                example: "--by category --locale uk --out spending.png",
                standard: AllocationDataset.self,
                byCategory: ExpensesByCategoryDataset.self
            )
        case .donut:
            ChartKindDescriptor(
                "as pie, with the total in the middle",
                example: "--portfolio \"Demo UAH\" --by kind --out k.png",
                standard: AllocationDataset.self,
                byCategory: ExpensesByCategoryDataset.self
            )
        case .bars:
            ChartKindDescriptor(
                "a portfolio's value per asset at each month end of the last --months (12), or --percent",
                example: "--portfolio \"Demo UAH\" --percent --size 1600x900 --scale 2 --out months.png",
                standard: CompositionDataset.self
            )
        case .hbars:
            ChartKindDescriptor(
                "a portfolio's deposits and withdrawals by month over the last --months (12)",
                example: "--portfolio \"DSX crypto\" --out flows.pdf",
                standard: CashFlowsDataset.self
            )
        case .correlation:
            ChartKindDescriptor(
                "daily returns of a portfolio's holdings (or of --asset …) over --days (365)",
                example: "--portfolio \"DSX crypto\" --out c.png",
                standard: CorrelationDataset.self
            )
        case .table:
            ChartKindDescriptor(
                "a portfolio's holdings: kind, quantity, price, value, share and the total",
                example: "--portfolio \"Demo UAH\" --out holdings.pdf",
                standard: HoldingsDataset.self
            )
        case .smallMultiples:
            ChartKindDescriptor(
                "one panel per asset, as line",
                example: "--asset BTC ETH LTC --out p.png",
                standard: PricesDataset.self
            )
        case .heatmap:
            ChartKindDescriptor(
                "a portfolio's time-weighted return of each month, years down, the year's return last",
                example: "--portfolio \"Demo UAH\" --out months.png",
                standard: MonthlyReturnsDataset.self
            )
        case .drawdown:
            ChartKindDescriptor(
                "how far a portfolio's time-weighted growth was below its running peak each day, the deepest trough marked",
                example: "--portfolio \"Demo UAH\" --out under.png",
                standard: DrawdownDataset.self
            )
        case .waterfall:
            ChartKindDescriptor(
                "where a portfolio's return came from: the value bridge over --period (since inception)",
                example: "--portfolio \"Demo UAH\" --period 2017 --out bridge.png",
                standard: AttributionDataset.self
            )
        case .bullet:
            ChartKindDescriptor(
                "a portfolio's weight of each target line against its target and band (folio target set), "
                    + "the lines out of band labelled with their drift",
                example: "--portfolio Main --out drift.png",
                standard: DriftDataset.self
            )
        }
    }

    /// The kind's line in `folio chart --help`.
    public var summary: String { descriptor.summary }
    /// The options of its example in the help.
    public var example: String { descriptor.example }
}
