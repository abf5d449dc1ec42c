import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import FolioStore
import Testing

@testable import FolioReports

/// One asset, one colour (docs/chart-style.md): one map per portfolio, by value at the as-of day. In both demo
/// portfolios' reports, their daily images and `folio chart … --portfolio`, every asset is drawn in its
/// map's colour, and an asset the pie puts in "Other" is grey wherever it is drawn alone (XOM was black
/// on one page and "Other" on the next; BTG and LTC shared a blue).
@Suite struct AssetColourTests {
    /// The colour each asset is drawn in, by asset code, as the chart resolves its series' swatches, and
    /// the assets a pie sums into "Other".
    func colours(_ chart: any Chart) -> (drawn: [String: Color], inOther: [String]) {
        let theme = chart.frame.theme
        var named: [(String, Color)] = []
        var inOther: [String] = []
        switch chart {
        case let pie as PieChart:
            named = pie.drawnSlices.enumerated().filter { $1.label != "Other" }.map {
                ($1.label, theme.color($1.swatch, position: $0))
            }
            inOther = pie.slices.filter { $0.value > 0 && !named.map(\.0).contains($0.label) }.map(\.label)
        case let bars as BarChart:
            named = bars.series.enumerated().filter { $1.name != "Other" && $1.swatch != .other }.map {
                ($1.name, theme.color($1.swatch, position: $0))
            }
        case let compare as CompareChart:
            named = compare.series.enumerated().map { ($1.name, theme.color($1.swatch, position: $0)) }
        case let panels as SmallMultiplesChart:
            // "AAPL · USD": the asset, and the currency its prices are in.
            named = panels.series.map {
                (String($0.name.split(separator: " ")[0]), theme.color($0.swatch, position: 0))
            }
        case let line as LineChart where line.series.count == 1:
            // A daily 7-day image: the asset is in the file's name, its colour the line's.
            named = [("", theme.color(line.series[0].swatch, position: 0))]
        default:
            Issue.record("unexpected chart \(type(of: chart))")
        }
        // Within one chart no two assets share a colour but grey.
        let coloured = named.map(\.1).filter { $0 != theme.axis }
        #expect(Set(coloured).count == coloured.count, "two assets share a colour in \(type(of: chart)): \(named)")
        return (Dictionary(named, uniquingKeysWith: { first, _ in first }), inOther)
    }

    /// A demo portfolio's report data as `folio report` loads it (`PortfolioReports.input`): the
    /// portfolio's valuation book, at its own as-of day.
    static func report(_ portfolio: String) throws -> (store: Store, day: Day, report: PortfolioReportData) {
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        let ledger = try PortfolioLedger.load(store, portfolio: portfolio)
        let day = try #require(try AsOf.portfolio(ledger, prices: store))
        let inputs = try PortfolioInputs.loadValued(
            ledger,
            prices: store,
            options: MarketOptions(),
            asOf: day,
            wholeDays: 7
        )
        return (store, day, PortfolioReportData(PortfolioReportInput(inputs, asOf: day), locale: .en))
    }

    static let charts: [(ChartKind, String, [String: String])] = [
        (.donut, "allocation", ["by": "asset"]), (.bars, "composition", ["months": "12"]),
        (.bars, "composition", ["months": "12", "percent": "true"]),
        (.smallMultiples, "prices", ["days": "7"]), (.compare, "normalised", ["days": "365"]),
    ]

    @Test(arguments: ["Demo UAH", "DSX crypto"], ["light", "dark"])
    func anAssetHasOneColourInTheReportTheDailySetAndFolioChart(portfolio: String, themeName: String) throws {
        let theme = try #require(Theme.named(themeName))
        let (store, day, report) = try Self.report(portfolio)

        var seen: [String: (Color, String)] = [:]
        var grouped: [String: String] = [:]
        func record(_ chart: any Chart, _ where_: String, asset: String? = nil) {
            let (drawn, inOther) = colours(chart)
            for (name, colour) in drawn {
                let asset = asset ?? name
                if let (first, there) = seen[asset] {
                    #expect(
                        first == colour,
                        "\(asset) is \(first.hexString) in \(there) but \(colour.hexString) in \(where_)"
                    )
                } else {
                    seen[asset] = (colour, where_)
                }
            }
            for asset in inOther { grouped[asset] = where_ }
        }
        for (kind, data, parameters) in Self.charts {
            let frame = ChartFrame(width: 600, height: 300, theme: theme, locale: .en)
            switch try report.chart(kind, data: data, parameters: parameters, frame: frame) {
            case .chart(let chart): record(chart, "the report's \(data)")
            case .smallMultiples(let panels): record(panels, "the report's \(data)")
            }
            var request = ChartRequest(kind: kind)
            request.portfolio = portfolio
            request.asOf = day
            request.theme = theme
            for (key, value) in parameters { try request.set(try #require(ChartRequest.Field(name: key)), [value]) }
            record(
                try ChartPipeline.document(request, inputs: StoredInputs(store)).chart,
                "folio chart \(kind.rawValue) --data \(data)"
            )
        }
        for image in try DailyChartSet().images(report, theme: theme) where image.fileName.hasPrefix("holding-") {
            record(
                image.chart,
                "the daily \(image.fileName)",
                asset: image.fileName.split(separator: "-")[2].description
            )
        }
        // What the pie sums into "Other" has no colour of its own anywhere.
        for (asset, there) in grouped {
            if let (colour, elsewhere) = seen[asset] {
                #expect(colour == theme.axis, "\(asset) is in \(there)'s Other but \(colour.hexString) in \(elsewhere)")
            }
        }
        #expect(seen.count >= 5, "\(seen.keys.sorted())")
    }

    /// A benchmark is drawn in its asset's colour (USD was JPM's orange beside a grey USD in the pie):
    /// grey for what the pie puts in Other, its own colour for a holding with one.
    @Test func aBenchmarkHasItsAssetsColour() throws {
        let report = try Self.report("Demo UAH").report
        let frame = ChartFrame(width: 600, height: 300)
        guard
            case .chart(let pie as PieChart) = try report.chart(
                .donut,
                data: "allocation",
                parameters: [:],
                frame: frame
            )
        else { return #expect(Bool(false), "no donut") }
        func pieColour(_ asset: String) -> Color? {
            pie.drawnSlices.enumerated().first { $1.label == asset }.map { frame.theme.color($1.swatch, position: $0) }
        }
        for (benchmark, expected) in [("USD", frame.theme.axis), ("JPM", pieColour("JPM"))] {
            for (kind, data) in [(ChartKind.bars, "annual-returns"), (.line, "cumulative")] {
                let content = try report.chart(kind, data: data, parameters: ["benchmark": benchmark], frame: frame)
                guard case .chart(let chart) = content else { return #expect(Bool(false), "\(data)") }
                let swatch =
                    (chart as? BarChart)?.series.last?.swatch ?? (chart as? LineChart)?.series.last?.swatch
                #expect(frame.theme.color(swatch, position: 1) == expected, "\(data) --benchmark \(benchmark)")
            }
        }
    }

    /// Every chart of the report as the definition lays it out, each mark's colour as it is drawn (a line
    /// in the colour its theme strokes lines in): each of the portfolio's assets is one colour across all
    /// of them (MSFT was yellow in the donut and olive in its 7-day panel).
    @Test(arguments: ["Demo UAH", "DSX crypto"], ["light", "dark"])
    func everyChartOfTheReportDrawsAnAssetInOneColour(portfolio: String, themeName: String) throws {
        let theme = try #require(Theme.named(themeName))
        let report = try Self.report(portfolio).report
        let definition = try DefinitionParser.load(ReportFiles.root.appendingPathComponent("reports/portfolio.yaml"))
        let builder = ReportBuilder(definition: definition, theme: theme, locale: .en, measurer: ApproximateMeasurer())
        let assets = Set(report.input.assets.map(\.code.rawValue))
        var colours: [String: [String: Color]] = [:]
        func record(_ name: String, _ colour: Color, _ chart: String) {
            let code = String(name.split(separator: " ").first ?? "")
            guard assets.contains(code), name == code || name.hasPrefix(code + " · ") else { return }
            colours[code, default: [:]][chart] = colour
        }
        for (p, page) in try builder.pages(report).enumerated() {
            for (b, placed) in page.blocks.enumerated() {
                let place = "page \(p + 1) block \(b + 1)"
                if let block = placed.block as? SmallMultiplesBlock {
                    let t = block.frame.theme
                    for s in block.series { record(s.name, t.lineColor(t.color(s.swatch, position: 0)), place) }
                }
                guard let chart = (placed.block as? ChartBlock)?.chart else { continue }
                let t = chart.frame.theme
                let kind = "\(place) (\(type(of: chart)))"
                switch chart {
                case let pie as PieChart:
                    for (i, s) in pie.drawnSlices.enumerated() { record(s.label, t.color(s.swatch, position: i), kind) }
                case let bars as BarChart:
                    for (i, s) in bars.series.enumerated() { record(s.name, t.color(s.swatch, position: i), kind) }
                case let line as LineChart:
                    for (i, s) in line.series.enumerated() {
                        record(s.name, t.lineColor(t.color(s.swatch, position: i)), kind)
                    }
                case let compare as CompareChart:
                    for (i, s) in compare.series.enumerated() {
                        record(s.name, t.lineColor(t.color(s.swatch, position: i)), kind)
                    }
                default: continue
                }
            }
        }
        for (asset, charts) in colours.sorted(by: { $0.key < $1.key }) {
            #expect(
                Set(charts.values).count == 1,
                "\(asset): \(charts.sorted { $0.key < $1.key }.map { "\($0.value.hexString) on \($0.key)" })"
            )
        }
        // The donut's, the composition's and the 7-day panels' assets at least.
        #expect(colours.filter { $0.value.count >= 3 }.count >= 4, "\(colours.keys.sorted())")
    }
}
