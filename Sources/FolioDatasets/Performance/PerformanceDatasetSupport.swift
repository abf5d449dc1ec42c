import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

extension DayRange {
    /// Every day up to `asOf` since long before any data: a performance chart reads a portfolio's whole
    /// history, from its first activity, which a dataset does not know before the data is loaded.
    static func wholeHistory(endingAt asOf: Day) -> DayRange {
        (try? DayRange(from: Day(year: 1970, month: 1, day: 2)!, to: asOf)) ?? DayRange(day: asOf)
    }
}

extension DatasetInput {
    /// The subtitle and source line every performance chart of `p` has.
    /// `besideDays` follows the days on the subtitle's first line (what a chart's shading is).
    func performanceTexts(
        _ p: PortfolioInputs,
        _ history: PerformanceHistory,
        besideDays: String = ""
    ) -> (subtitle: String, footnote: String) {
        let base = p.portfolio.baseCurrency
        let r = history.returns
        let from = r.firstDay ?? r.days[0]
        // A later start than the first activity and days a missing rate left out are said on the chart
        // (a line each), as on page 1.
        let late = r.lateStart.map { "\n" + strings.lateStart(from, $0) } ?? ""
        let note = strings.ratesNotShown(history.value.missing).map { "\n" + $0 } ?? ""
        return (
            strings.timeWeightedSubtitle(base, from, asOf) + besideDays + late + note,
            footnote(valuing: p.replay.final.assets, in: base)
        )
    }
}

extension DatasetInput {
    /// The line of one rolling figure of `RollingRisk` (`values` picks it), from the first full window on;
    /// a history shorter than the window has no line, which is said rather than drawn empty.
    func rollingRiskChart(
        _ dataset: String,
        window: Int?,
        frame: ChartFrame,
        title: Catalogue.PerformanceChart,
        decimals: Int,
        values: (RollingRisk) -> [Double?]
    ) throws -> DatasetChart {
        let p = try requirePortfolio(dataset)
        let history = try performance(p)
        let rolling = history.rolling(window: window)
        guard let first = rolling.days.first, let last = rolling.days.last else {
            throw ArgumentError(
                "--window",
                "\"\(p.portfolio.name)\" has \(history.returns.days.count) counted days up to \(asOf.iso), "
                    + "fewer than the window's \(rolling.window)"
            )
        }
        // An undefined point (no dispersion) is a gap in the line, not a zero.
        let line = LineSeries(
            name: p.portfolio.name,
            times: rolling.days.map { $0.start.timeIntervalSince1970 },
            values: values(rolling).map { $0 ?? .nan },
            swatch: .total
        )
        let chart = LineChart(
            frame: frame,
            series: [line],
            valueFormat: NumberFormat(locale: locale, style: .decimal(decimals)),
            annotateWindow: false
        )
        let subtitle = strings.rollingRiskSubtitle(
            window: rolling.window,
            periodsPerYear: Int(rolling.periodsPerYear),
            from: first,
            to: last
        )
        return DatasetChart(
            chart: chart,
            title: strings.performanceTitle(p.portfolio.name, title),
            subtitle: subtitle,
            footnote: performanceTexts(p, history).footnote,
            warnings: history.missing.map { "left out: " + $0 }
        )
    }
}

extension DatasetInput {
    /// `asset`'s returns on the history's counted days; an asset without quotes is refused, naming it.
    func benchmark(_ asset: AssetCode, on history: PerformanceHistory, base: AssetCode) throws -> Benchmark {
        guard market.book.assets.contains(asset) else {
            throw ArgumentError("--benchmark", "no quotes of \(asset) (see `folio info`)")
        }
        return Benchmark(asset, on: history.returns, rates: rates, base: base)
    }
}
