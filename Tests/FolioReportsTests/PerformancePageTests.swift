import FolioCharts
import FolioCore
import FolioDeliver
import FolioRender
import FolioStore
import Testing

@testable import FolioReports

/// The portfolio report's performance page drawn for paper (issue 32), laid out as `folio report` lays it
/// out from the demo database with the real fonts: the cumulative return and, under it, the drawdown are
/// charts, not strips, over one x extent; the monthly heatmap's figures are legible.
@Suite struct PerformancePageTests {
    func pages(_ locale: ChartLocale) throws -> [LaidOutPage] {
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: try Renderer().measurer
        )
        let reports = PortfolioReports(portfolio: "Demo UAH", locale: locale).following(builder.definition)
        return try builder.pages(PortfolioReportData(try reports.input(store), locale: locale))
    }

    /// The placed chart blocks whose chart is of type `T`, with their page's number.
    func placed<T: Chart>(_ type: T.Type, in pages: [LaidOutPage]) -> [(page: Int, block: PlacedBlock, chart: T)] {
        pages.enumerated().flatMap { n, page in
            page.blocks.compactMap { placed in ((placed.block as? ChartBlock)?.chart as? T).map { (n, placed, $0) } }
        }
    }

    @Test(arguments: ChartLocale.allCases) func theDrawdownIsUnderTheCumulativeReturnOnTheSameXExtent(
        locale: ChartLocale
    ) throws {
        let pages = try pages(locale)
        let cumulative = try #require(placed(LineChart.self, in: pages).first { $0.chart.logScale })
        let drawdown = try #require(placed(DrawdownChart.self, in: pages).first)
        #expect(cumulative.page == drawdown.page && cumulative.block.rect.maxY < drawdown.block.rect.minY)
        // What the page draws: each chart's axis-coloured horizontal lines across the plot (the time axis, the
        // drawdown's zero line; not a grey benchmark's key at its line's end) run from its plot's left edge
        // to its right edge, the same two x in both charts.
        func plotEdges(_ placed: PlacedBlock) -> Set<[Double]> {
            Set(
                placed.block.draw(in: placed.rect).compactMap { primitive in
                    guard case .path(let path) = primitive, path.stroke?.color == Theme.light.axis,
                        path.elements.count == 2,
                        case .move(let a) = path.elements[0], case .line(let b) = path.elements[1], a.y == b.y,
                        b.x - a.x > placed.rect.width / 2
                    else { return nil }
                    return [(a.x * 100).rounded() / 100, (b.x * 100).rounded() / 100]
                }
            )
        }
        #expect(plotEdges(cumulative.block).count == 1 && plotEdges(cumulative.block) == plotEdges(drawdown.block))
        // Charts, not strips: each plot at least 160 points tall where the page draws it.
        for (block, chart) in [
            (cumulative.block, cumulative.chart as any TimePlotChart), (drawdown.block, drawdown.chart),
        ] {
            let sized =
                (block.block as! ChartBlock).canvas(width: block.rect.width, height: block.rect.height).chart
                as! any TimePlotChart
            let plot = try #require(sized.plotArea(measurer: try Renderer().measurer))
            #expect(plot.height >= 160, "\(type(of: chart)): \(plot.height)")
        }
    }

    @Test(arguments: ChartLocale.allCases) func theHeatmapsFiguresAreAtLeastEightPoints(locale: ChartLocale) throws {
        let heatmap = try #require(placed(HeatmapChart.self, in: try pages(locale)).first)
        let texts = heatmap.block.block.draw(in: heatmap.block.rect).compactMap {
            if case .text(let run) = $0 { run } else { nil }
        }
        let figures = texts.filter { $0.role == .cell }
        // Every month since March 2013 and every year has its figure.
        let shown = heatmap.chart.values.joined().filter(\.isFinite).count
        #expect(shown > 60 && figures.count == shown)
        #expect(figures.allSatisfy { $0.size >= 8 }, "\(figures.map(\.size).min() ?? 0)")
        // The demo's +81.8 % (Feb 2015) is beyond the scale's end, which says so.
        #expect(heatmap.chart.colourLimit?.value == 0.15)
        #expect(
            texts.contains {
                $0.text == locale.orBeyond(NumberFormat(locale: locale, style: .percent(0)).string(0.15), above: true)
            }
        )
    }
}
