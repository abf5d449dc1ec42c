import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioReports

/// The portfolio report of an adviser's client with forty holdings (`GeneratedClient`): what the charts
/// of a few holdings do one by one, they do for forty by choosing and saying what they chose.
/// - The 7-day panels: the six largest and the six that moved most, on one page; the other 28 in a
///   table, each holding once.
/// - The comparison's note counts what it leaves out ("33 more, beyond the 7 largest"), never cut.
/// - The correlation matrix: ordered by cluster (each generated cluster a run), labels of 7 points at
///   least, on a page of its own, with the ten most and least correlated pairs listed from its cells.
/// - Deposits and withdrawals: twelve months that moved no money say so in a line, with no axis and no
///   empty table.
@Suite(.serialized) struct ManyHoldingsTests {
    static let client = GeneratedClient()

    static func report(_ locale: ChartLocale) throws -> (ReportBuilder, PortfolioReportData) {
        let c = client
        let assets = [Asset(code: "USD", kind: .fiat)] + c.codes.map { Asset(code: $0, kind: .stock) }
        let book = PriceBook(c.quotes)
        let rates = CrossRates(book: book, preference: MarketPreference(assets: assets))
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "Adviser 40", baseCurrency: "USD"),
            trades: c.trades,
            cashTransactions: c.cash
        )
        let input = PortfolioReportInput(
            PortfolioInputs(ledger, market: MarketInputs(assets: assets, book: book, rates: rates)),
            asOf: GeneratedClient.asOf
        )
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        return (builder, PortfolioReportData(input, locale: locale))
    }

    @Test(arguments: ChartLocale.allCases) func fortyHoldingsAreChosenAndSaidSo(locale: ChartLocale) throws {
        let (builder, data) = try Self.report(locale)
        let strings = Catalogue.for(locale)
        let pages = try builder.pages(data)
        PageChecks.verify(pages, content: builder.composer.content)
        PageChecks.verify(try builder.scenes(data), setup: builder.definition.page)
        let placed = pages.enumerated().flatMap { n, page in page.blocks.map { (page: n, block: $0.block) } }
        let held = data.held.map(\.asset.rawValue)
        #expect(held.count == GeneratedClient.count)

        // 7-day panels: twelve, on one page, the six largest by value first; the rest a table of 28.
        let panels = placed.filter { $0.block is SmallMultiplesBlock }
        #expect(Set(panels.map(\.page)).count == 1, "the panels fill one page")
        let drawn = panels.flatMap { ($0.block as! SmallMultiplesBlock).series }.map {
            $0.name.components(separatedBy: " · ")[0]
        }
        #expect(drawn.count == 12 && Array(drawn.prefix(6)) == Array(held.prefix(6)), "\(drawn)")
        let title = strings.otherHoldingsOver(28, days: 7)
        let heading = try #require(placed.firstIndex { ($0.block as? HeadingBlock)?.text == title })
        let rest = try #require(placed[heading + 1].block as? TableBlock)
        let listed = rest.rows.map(\.[0].text)
        #expect(Set(drawn + listed) == Set(held) && drawn.count + listed.count == held.count)
        // The six movers moved at least as much as any holding in the table (its changes as printed).
        let moves = panels.flatMap { ($0.block as! SmallMultiplesBlock).series }.dropFirst(6).map {
            abs(SeriesSummary($0.values)?.changeFraction ?? 0)
        }
        let printed = try rest.rows.map { row -> Double in
            let text = row[2].text.replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: ",", with: ".")
            return abs(try #require(Double(text.filter { "-.0123456789".contains($0) }), "\(row)")) / 100
        }
        #expect(moves.count == 6 && moves.allSatisfy { $0 >= (printed.max() ?? 0) - 0.0005 }, "\(moves) \(printed)")
        #expect(
            placed.contains { ($0.block as? TextBlock)?.text == strings.panelsChosen(largest: 6, movers: 6, rest: 28) }
        )

        // The comparison counts what it leaves out.
        let compares = placed.compactMap { ($0.block as? ChartBlock)?.chart as? CompareChart }
        let compare = try #require(compares.first)
        let more = locale == .uk ? "ще 33, поза 7 найбільшими" : "33 more, beyond the 7 largest"
        #expect(
            compare.frame.subtitle.contains(more) && !compare.frame.subtitle.contains("…"),
            "\(compare.frame.subtitle)"
        )

        // The correlation matrix: a page of its own, clustered, legible, its extreme pairs listed.
        let matrices = placed.filter { ($0.block as? ChartBlock)?.chart is CorrelationChart }
        let matrixBlock = try #require(matrices.first)
        let block = matrixBlock.block as! ChartBlock
        let matrix = block.chart as! CorrelationChart
        #expect(matrix.labels.count == GeneratedClient.count)
        let runs = zip(matrix.labels, matrix.labels.dropFirst()).filter {
            Self.client.cluster[AssetCode($0)] != Self.client.cluster[AssetCode($1)]
        }
        #expect(runs.count == GeneratedClient.clusters - 1, "each cluster one run: \(matrix.labels)")
        let others = placed.filter {
            $0.page == matrixBlock.page && !(($0.block as? ChartBlock)?.chart is CorrelationChart)
        }
        #expect(others.isEmpty, "the matrix has its page")
        let onPage = pages[matrixBlock.page].blocks.filter { ($0.block as? ChartBlock)?.chart is CorrelationChart }
        let rect = try #require(onPage.first).rect
        let labels = block.draw(in: rect).compactMap { p -> TextRun? in
            if case .text(let t) = p, matrix.labels.contains(t.text) { t } else { nil }
        }
        #expect(
            labels.count == 2 * GeneratedClient.count && labels.allSatisfy { $0.size >= 7 },
            "\(labels.map(\.size).min() ?? 0)"
        )
        let tables = placed.compactMap { $0.block as? TableBlock }
        let pairs = try #require(tables.first { $0.columns.first?.group == strings.mostCorrelated(10) })
        #expect(pairs.rows.count == 10)
        let format = NumberFormat(locale: locale, style: .decimal(2), grouping: false)
        var all: [(String, Double)] = []
        for a in matrix.labels.indices {
            for b in matrix.labels.indices where b > a {
                all.append(
                    ([matrix.labels[a], matrix.labels[b]].sorted().joined(separator: " · "), matrix.matrix[a][b])
                )
            }
        }
        let top = all.sorted { $0.1 > $1.1 }.prefix(10).map { format.string($0.1) }
        let bottom = all.sorted { $0.1 < $1.1 }.prefix(10).map { format.string($0.1) }
        #expect(pairs.rows.map(\.[1].text) == top && pairs.rows.map(\.[3].text) == bottom)
        #expect(
            pairs.rows.allSatisfy { row in all.contains { $0.0 == row[0].text && format.string($0.1) == row[1].text } }
        )

        // Deposits and withdrawals: a line, no chart, no table.
        let flows = try #require(
            placed.firstIndex { ($0.block as? HeadingBlock)?.text == strings[.depositsWithdrawals] }
        )
        let line = try #require(placed[flows + 1].block as? TextBlock)
        #expect(
            line.text == strings.noFlows(strings.monthRange(Day(year: 2023, month: 1, day: 1)!, GeneratedClient.asOf))
        )
        #expect(
            !placed.contains {
                (($0.block as? ChartBlock)?.chart as? BarChart)?.series.contains { $0.swatch == .deposits } == true
            }
        )
        #expect(!placed.contains { ($0.block as? HeadingBlock)?.text.hasPrefix(strings[.cashFlows] + " · ") == true })
    }
}
