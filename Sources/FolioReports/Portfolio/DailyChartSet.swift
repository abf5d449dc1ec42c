import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

/// The daily set of images for mail: allocation, value over the month and the 7-day line of each of the
/// largest holdings, the dividends estimated within 31 days when there are any, and with `performance`
/// the drawdown and the cumulative return (against the report's benchmark), each with a stable file name
/// so that mail templates and caches can refer to them.
public struct DailyChartSet: Sendable {
    public struct Image: Sendable {
        /// `allocation.png`, `value-30d.png`, `holding-1-AAPL.png`…
        public var fileName: String
        public var chart: any Chart
    }

    /// The canvas in points and the pixels per point the images are written at (the definition's
    /// `daily-size` and `daily-scale`, 390 × 300 at 3 by default: a phone's width, 1,170 pixels).
    public var width = 390.0
    public var height = 300.0
    public var scale = 3.0
    /// How many of the largest holdings get a 7-day line.
    public var holdings = 5
    /// The days ahead whose estimated dividends `next-payments.png` lists (docs/ledger.md, "Income").
    public static let nextPaymentsDays = 31
    /// Also `drawdown.png` and `cumulative.png` (the definition's `daily-performance`).
    public var performance = false

    public init(performance: Bool = false) { self.performance = performance }

    /// The set as a portfolio definition describes it.
    public init(_ definition: ReportDefinition) {
        performance = definition.dailyPerformance
        (width, height, scale) = (definition.dailyWidth, definition.dailyHeight, definition.dailyScale)
    }

    /// The images, each drawn for a phone (`Theme.forPhone`: text a reader reads at 375 CSS pixels, four
    /// ticks at most) and titled with the portfolio's name, so that a forwarded image still says whose
    /// it is; the dataset's subtitle says the currency and the days.
    public func images(_ data: PortfolioReportData, theme: Theme) throws -> [Image] {
        let strings = Catalogue.for(data.locale)
        let name = data.input.portfolio.name
        func frame(_ idea: String) -> ChartFrame {
            var frame = ChartFrame(
                width: width,
                height: height,
                theme: theme.forPhone(),
                locale: data.locale,
                title: name + " · " + idea,
                footnote: ChartFrame.footnote(source: nil, asOf: data.input.asOf, locale: data.locale)
            )
            frame.sizeScale = 1
            frame.maxTicks = 4
            return frame
        }
        var images: [Image] = []
        if case .chart(let pie) = try data.chart(
            .donut,
            data: "allocation",
            parameters: ["by": "asset"],
            frame: frame(strings.dailyIdea(.allocation))
        ) {
            images.append(Image(fileName: "allocation.png", chart: pie))
        }
        // The report's "1 month" tile's window and figure (from the close a month back), so that a reader
        // who gets both reads one change; the file keeps its name, which mail templates and jobs refer to.
        if case .chart(let line) = try data.chart(
            .line,
            data: "value",
            parameters: ["period": PeriodPerformance.Period.oneMonth.rawValue],
            frame: frame(strings.dailyIdea(.valueOver(.oneMonth)))
        ) {
            images.append(Image(fileName: "value-30d.png", chart: line))
        }
        if case .smallMultiples(let panels) = try data.chart(
            .smallMultiples,
            data: "prices",
            parameters: ["days": "7"],
            frame: frame("")
        ) {
            // Each of the largest holdings as `folio chart line --asset CODE --currency CUR --days 7` draws it
            // (the panels name them "CODE · CUR", largest first).
            for (i, s) in panels.series.prefix(holdings).enumerated() {
                let parts = s.name.components(separatedBy: " · ")
                guard parts.count == 2,
                    case .chart(let chart) = try data.chart(
                        .line,
                        data: "prices",
                        parameters: ["asset": parts[0], "currency": parts[1], "days": "7"],
                        frame: frame(strings.dailyIdea(.holding(parts[0], days: 7)))
                    )
                else { continue }
                images.append(Image(fileName: "holding-\(i + 1)-\(parts[0])-7d.png", chart: chart))
            }
        }
        var paymentsFrame = frame(strings.dailyIdea(.nextPayments))
        paymentsFrame.subtitle = strings.nextPaymentsSubtitle(
            data.base,
            after: data.input.asOf,
            to: data.input.asOf.advanced(by: Self.nextPaymentsDays)
        )
        if let table = data.nextPaymentsChart(within: Self.nextPaymentsDays, frame: paymentsFrame) {
            images.append(Image(fileName: "next-payments.png", chart: table))
        }
        if performance {
            if case .chart(let chart) = try data.chart(
                .drawdown,
                data: "drawdown",
                parameters: [:],
                frame: frame(strings.dailyIdea(.drawdown))
            ) {
                images.append(Image(fileName: "drawdown.png", chart: chart))
            }
            if case .chart(let chart) = try data.chart(
                .line,
                data: "cumulative",
                parameters: [:],
                frame: frame(strings.dailyIdea(.cumulative))
            ) {
                images.append(Image(fileName: "cumulative.png", chart: chart))
            }
        }
        return images
    }
}
