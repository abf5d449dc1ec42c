import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
@testable import FolioReports
import FolioStore
import Testing

/// One asset, one colour (CHART-STYLE.md): in the demo portfolio's report and in `folio chart` for it,
/// the allocation pie, the composition bars, the 7-day panels and the comparison colour each asset alike.
@Suite struct AssetColourTests {
    static let portfolio = "Demo UAH"

    /// The colour each asset is drawn in, by asset code, as the chart resolves its series' swatches.
    func colours(_ chart: any Chart) -> [String: Color] {
        let theme = chart.frame.theme
        var named: [(String, Color)] = []
        switch chart {
        case let pie as PieChart:
            // "Other" is no asset: its grey is the sum of the rest.
            named = pie.drawnSlices.enumerated().filter { $1.label != "Other" }.map { ($1.label, theme.color($1.swatch, position: $0)) }
        case let bars as BarChart:
            named = bars.series.enumerated().filter { $1.name != "Other" }.map { ($1.name, theme.color($1.swatch, position: $0)) }
        case let compare as CompareChart:
            named = compare.series.enumerated().map { ($1.name, theme.color($1.swatch, position: $0)) }
        case let panels as SmallMultiplesChart:
            // "AAPL · USD": the asset, and the currency its prices are in.
            named = panels.series.map { (String($0.name.split(separator: " ")[0]), theme.color($0.swatch, position: 0)) }
        default:
            Issue.record("unexpected chart \(type(of: chart))")
        }
        // Within one chart the palette's eight places keep assets apart; past eight the rest are grey.
        let coloured = named.map(\.1).filter { $0 != theme.axis }
        #expect(Set(coloured).count == coloured.count && coloured.count == min(named.count, theme.series.count),
                "two assets share a colour in \(type(of: chart)): \(named)")
        return Dictionary(named, uniquingKeysWith: { first, _ in first })
    }

    static let charts: [(ChartKind, String, [String: String])] = [
        (.donut, "allocation", ["by": "asset"]), (.bars, "composition", ["months": "12"]),
        (.smallMultiples, "prices", ["days": "7"]), (.compare, "normalised", ["days": "365"]),
    ]

    @Test(arguments: ["light", "dark"]) func anAssetHasOneColourInTheReportAndInFolioChart(themeName: String) throws {
        let theme = try #require(Theme.named(themeName))
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        let day = try #require(Day(iso: RenderedReportTests.asOf))
        // As `folio report` loads it (`PortfolioReports.input`): the portfolio's valuation book.
        let inputs = try PortfolioInputs.loadValued(PortfolioLedger.load(store, portfolio: Self.portfolio), prices: store,
                                                    options: MarketOptions(), asOf: day, wholeDays: 7)
        let report = PortfolioReportData(PortfolioReportInput(inputs, asOf: day), locale: .en)

        var seen: [String: (Color, String)] = [:]
        func record(_ chart: any Chart, _ where_: String) {
            for (asset, colour) in colours(chart) {
                if let (first, there) = seen[asset] {
                    #expect(first == colour, "\(asset) is \(first.hexString) in \(there) but \(colour.hexString) in \(where_)")
                } else {
                    seen[asset] = (colour, where_)
                }
            }
        }
        for (kind, data, parameters) in Self.charts {
            let frame = ChartFrame(width: 600, height: 300, theme: theme, locale: .en)
            switch try report.chart(kind, data: data, parameters: parameters, frame: frame) {
            case .chart(let chart): record(chart, "the report's \(data)")
            case .smallMultiples(let panels): record(panels, "the report's \(data)")
            }
            var request = ChartRequest(kind: kind)
            request.portfolio = Self.portfolio
            request.asOf = day
            request.theme = theme
            for (key, value) in parameters { try request.set(try #require(ChartRequest.Field(name: key)), [value]) }
            record(try ChartPipeline.document(request, store: store).chart, "folio chart \(kind.rawValue) --data \(data)")
        }
        // The pie's assets and the comparison's, at least, were compared.
        #expect(seen.count >= 5, "\(seen.keys.sorted())")
    }
}
