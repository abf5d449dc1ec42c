import FolioCharts

extension ChartKind {
    /// What `folio chart KIND` draws unless `--data` names another dataset: the kind's line in
    /// `folio chart --help` (wrapped there), said once. An exhaustive switch, so that a new kind does not
    /// build without it; docs/charts.md's table of kinds is checked against `allCases`.
    public var summary: String {
        switch self {
        case .line:
            "prices over the last --days (7) days; one asset gets min/max/average markers and the change; "
                + "several share one axis when their prices are alike, else they become small multiples"
        case .compare: "assets rebased to 100 at the start (--normalise min-max for 0…1) over --days (90)"
        case .pie:
            "a portfolio's allocation --by asset, kind or currency; --by category: budget expenses over --months (12)"
        case .donut: "as pie, with the total in the middle"
        case .bars: "a portfolio's value per asset at each month end of the last --months (12), or --percent"
        case .hbars: "a portfolio's deposits and withdrawals by month over the last --months (12)"
        case .correlation: "daily returns of a portfolio's holdings (or of --asset …) over --days (365)"
        case .table: "a portfolio's holdings: kind, quantity, price, value, share and the total"
        case .smallMultiples: "one panel per asset, as line"
        case .heatmap: "a portfolio's time-weighted return of each month, years down, the year's return last"
        case .drawdown:
            "how far a portfolio's time-weighted growth was below its running peak each day, the deepest trough marked"
        case .waterfall: "where a portfolio's return came from: the value bridge over --period (since inception)"
        }
    }

    /// The options of an example of `folio chart KIND` in its help.
    public var example: String {
        switch self {
        case .line: "--asset AAPL --out aapl.png"
        case .compare: "--asset BTC ETH LTC --days 180 --out c.png"
        case .pie: "--by category --locale uk --out spending.png"
        case .donut: "--portfolio \"Demo UAH\" --by kind --out k.png"
        case .bars: "--portfolio \"Demo UAH\" --percent --size 1600x900 --scale 2 --out months.png"
        case .hbars: "--portfolio \"DSX crypto\" --out flows.pdf"
        case .correlation: "--portfolio \"DSX crypto\" --out c.png"
        case .table: "--portfolio \"Demo UAH\" --out holdings.pdf"
        case .smallMultiples: "--asset BTC ETH LTC --out p.png"
        case .heatmap: "--portfolio \"Demo UAH\" --out months.png"
        case .drawdown: "--portfolio \"Demo UAH\" --out under.png"
        case .waterfall: "--portfolio \"Demo UAH\" --period 2017 --out bridge.png"
        }
    }
}
