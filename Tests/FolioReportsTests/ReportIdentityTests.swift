import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioReports

/// What a reader checks on a report page, over generated multi-currency portfolios (the ledger identity
/// tests' generator): the shares of every pie and donut add up to 100 %, every holding is in the chart or
/// named as not shown, the tiles add up to the gain, a change tile is the performance table's figure, and
/// no period under a year shows an annualised figure.
/// (On the demo portfolios, `PortfolioPageTests` checks the 1-month tile against the 1-month row.)
@Suite struct ReportIdentityTests {
    static let asOf = Day(year: 2024, month: 1, day: 30)!

    /// The seed's portfolio in UAH on its last day; with `stale`, EUR's rates stop ten days early, so
    /// that EUR and BBB (priced in EUR) have no value on it.
    static func data(seed: UInt64, stale: Bool, locale: ChartLocale = .en) -> PortfolioReportData {
        let generated = GeneratedLedger(seed: seed)
        let quotes = generated.quotes.filter { !(stale && $0.asset == "EUR" && $0.time > asOf.advanced(by: -10).start) }
        let assets =
            [Asset(code: "UAH", kind: .fiat), Asset(code: "USD", kind: .fiat), Asset(code: "EUR", kind: .fiat)]
            + GeneratedLedger.assets.map { Asset(code: $0.0, kind: .stock) }
        let book = PriceBook(quotes)
        let market = MarketInputs(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets))
        )
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "Seed \(seed)", baseCurrency: GeneratedLedger.base),
            trades: generated.trades,
            cashTransactions: generated.cash
        )
        return PortfolioReportData(
            PortfolioReportInput(PortfolioInputs(ledger, market: market), asOf: asOf),
            locale: locale
        )
    }

    /// A money tile's figure as a number and the half-unit of its last digit: "−₴1 234,56" and
    /// "+$1,234.56" alike, "₴6.19M" and "6,19 млн ₴" in millions, "₴690.12K" in thousands.
    static func money(_ text: String, _ locale: ChartLocale) -> (value: Double, rounding: Double)? {
        let sign: Double = text.contains("−") || text.contains("-") ? -1 : 1
        var digits = text.filter { $0.isNumber || $0 == (locale == .uk ? "," : ".") }
        if locale == .uk { digits = digits.replacingOccurrences(of: ",", with: ".") }
        let unit: Double =
            text.contains("M") || text.contains("млн") ? 1e6 : text.contains("K") || text.contains("тис") ? 1e3 : 1
        return Double(digits).map { (sign * $0 * unit, 0.005 * unit) }
    }

    @Test(arguments: Array(UInt64(1)...8))
    func everySliceAddsUpAndEveryHoldingIsAccountedFor(seed: UInt64) throws {
        for stale in [false, true] {
            let data = Self.data(seed: seed, stale: stale)
            let held = data.valuation.assets.filter { abs($0.quantity) > HoldingsReplay.zeroTolerance }
            #expect(held.contains { $0.value == nil } == stale, "seed \(seed)")
            for by in ["asset", "kind", "currency"] {
                for kind in [ChartKind.pie, .donut] {
                    guard
                        case .chart(let chart as PieChart) = try data.chart(
                            kind,
                            data: "allocation",
                            parameters: ["by": by],
                            frame: ChartFrame(width: 500, height: 300)
                        )
                    else {
                        Issue.record("seed \(seed) \(by): no pie")
                        continue
                    }
                    let drawn = chart.drawnSlices
                    #expect(abs(drawn.map(\.value).reduce(0, +) / chart.total - 1) < 1e-12, "seed \(seed) \(by)")
                    let scene = chart.scene(measurer: ApproximateMeasurer())
                    let labels = scene.texts.compactMap { $0.text.hasSuffix("%") ? Double($0.text.dropLast()) : nil }
                    #expect(labels.count == drawn.count, "seed \(seed) \(by)")
                    #expect(
                        abs(labels.reduce(0, +) - 100) <= 0.05 * Double(labels.count),
                        "seed \(seed) \(by): \(labels)"
                    )
                    // Drawn, or named: the negative balances with their value, the holdings without a rate.
                    let valued = held.compactMap(\.value)
                    #expect(
                        abs(chart.total - valued.filter { $0 > 0 }.reduce(0, +)) <= 1e-6 * max(1, chart.total)
                            || by != "asset",
                        "seed \(seed)"
                    )
                    // The net it names is the value the tile prints, dust included: one figure in two places.
                    if let value = data.valuation.total {
                        #expect(abs(chart.netTotal - value) <= 1e-9 * max(1, abs(value)), "seed \(seed) \(by)")
                    }
                    let note = chart.notShownText ?? ""
                    for holding in held where holding.value == nil {
                        #expect(
                            note.contains("\(holding.asset.rawValue) — no rate after"),
                            "seed \(seed) \(by): \(note)"
                        )
                    }
                    if by == "asset" {
                        // Dust that prints as nothing (0 worth 0.00) is in no table and no slice.
                        for holding in held
                        where !HoldingsDataset.showsAsNothing(
                            holding.quantity,
                            asset: data.input.assets.first { $0.code == holding.asset },
                            value: holding.value
                        ) {
                            guard let value = holding.value else { continue }
                            let name = holding.asset.rawValue
                            let shown = drawn.contains { $0.label == name } || drawn.contains { $0.label == "Other" }
                            #expect(value > 0 ? shown : note.contains(name + " "), "seed \(seed): \(name) \(value)")
                        }
                    }
                }
            }
        }
    }

    /// A holding whose rates stop before the as-of day cuts the value and performance charts short: each
    /// says so on the chart, not only page 1 and stderr.
    @Test(arguments: Array(UInt64(1)...4))
    func chartsCutShortByAMissingRateSaySo(seed: UInt64) throws {
        let data = Self.data(seed: seed, stale: true)
        for (kind, name, parameters) in [
            (ChartKind.line, "value", ["days": "30"]), (.line, "cumulative", [:]), (.drawdown, "drawdown", [:]),
            (.heatmap, "monthly-returns", [:]),
        ] {
            guard
                case .chart(let chart) = try data.chart(
                    kind,
                    data: name,
                    parameters: parameters,
                    frame: ChartFrame(width: 500, height: 300)
                )
            else {
                Issue.record("seed \(seed): no \(name) chart")
                continue
            }
            #expect(chart.frame.subtitle.contains("\nNot shown: no "), "seed \(seed) \(name): \(chart.frame.subtitle)")
        }
    }

    @Test(arguments: Array(UInt64(1)...8), [ChartLocale.en, .uk])
    func theTilesAddUpToTheGainAndTheTableSaysTheSameMonth(seed: UInt64, locale: ChartLocale) throws {
        let data = Self.data(seed: seed, stale: false, locale: locale)
        let income = data.income
        let realised = try #require(income.realised)
        let unrealised = try #require(income.unrealised)
        let received = try #require(income.investmentIncome)
        let gain = try #require(income.total)
        let value = try #require(data.valuation.total)
        let netDeposits = try #require(data.series.netDeposits.last ?? nil)
        #expect(abs(realised + unrealised + received - gain) <= 1e-9 * max(1, abs(gain)))
        #expect(abs(value - netDeposits - gain) <= 1e-6 * max(1, abs(value)), "seed \(seed)")
        // As shown: each tile rounded to its last digit, so the parts add up to the whole within their roundings.
        let shown = [KPIKind.realised, .unrealised, .investmentIncome, .gain, .value, .netDeposits].map { kind in
            data.tile(kind).flatMap { Self.money($0.value, locale) } ?? (.nan, 0)
        }
        let (v, r) = (shown.map(\.value), shown.map(\.rounding))
        #expect(abs(v[0] + v[1] + v[2] - v[3]) <= r[0] + r[1] + r[2] + r[3] + 1e-9, "seed \(seed): \(shown)")
        #expect(abs(v[4] - v[5] - v[3]) <= r[4] + r[5] + r[3] + 1e-9, "seed \(seed): \(shown)")

        // "Year to date" on the tile is the performance table's row (a month of history has no 1-month row);
        // a portfolio started this year names the row by its days, from the first day of its figures.
        let tile = try #require(data.tile(.changeYTD))
        let table = try #require(try data.table("performance"))
        let first = try #require(try data.charts.input.performance(data.input.inputs).returns.firstDay)
        let ytd = [data.strings.period(.yearToDate), data.strings.since(first)]
        let row = try #require(
            table.rows.first { ytd.contains($0.first?.text ?? "") },
            "seed \(seed): \(ytd) among \(table.rows.map { $0.first?.text ?? "" }); \(table.note ?? "")"
        )
        let twr = try #require(table.columns.firstIndex { $0.key == PeriodPerformance.Column.twr.key })
        #expect(
            tile.detail.replacingOccurrences(of: "+", with: "").hasPrefix(row[twr].text + " · "),
            "seed \(seed): \(tile.detail) vs \(row[twr].text)"
        )
        // The value chart over the same period heads itself with the same return.
        guard
            case .chart(let chart as LineChart) = try data.chart(
                .line,
                data: "value",
                parameters: ["period": "YTD"],
                frame: ChartFrame(width: 500, height: 300)
            )
        else {
            Issue.record("seed \(seed): no value chart")
            return
        }
        let headline = try #require(chart.headlineChange?.fraction)
        #expect(
            NumberFormat(locale: locale, style: .percent(2)).string(headline) == row[twr].text,
            "seed \(seed): \(headline) vs \(row[twr].text)"
        )
        // The cumulative return shades the drawdowns the drawdowns table lists, from the peak to the
        // recovery (or the last day).
        guard
            case .chart(let cumulative as LineChart) = try data.chart(
                .line,
                data: "cumulative",
                parameters: [:],
                frame: ChartFrame(width: 500, height: 300)
            ),
            let drawdowns = try data.table("drawdowns")
        else {
            Issue.record("seed \(seed): no cumulative chart or drawdowns table")
            return
        }
        #expect(cumulative.shadedSpans.count == drawdowns.rows.count, "seed \(seed)")
        // 3 months of a portfolio a month old: drawn since inception, headed with that row's return (the
        // report's value chart was empty for a portfolio younger than its period).
        guard
            case .chart(let young as LineChart) = try data.chart(
                .line,
                data: "value",
                parameters: ["period": "3M"],
                frame: ChartFrame(width: 500, height: 300)
            ),
            let inception = table.rows.last(where: {
                [data.strings.period(.sinceInception), ytd[1]].contains($0.first?.text ?? "")
            })
        else {
            Issue.record("seed \(seed): no 3-month value chart or since-inception row")
            return
        }
        #expect(
            young.headlineChange?.fraction.map { NumberFormat(locale: locale, style: .percent(2)).string($0) }
                == inception[twr].text,
            "seed \(seed)"
        )
        // A month of history: no period reaches a year, so nothing on the page is annualised.
        for key in ["twr-annualised", "xirr"] {
            let column = try #require(table.columns.firstIndex { $0.key == key })
            #expect(
                table.rows.allSatisfy { $0[column].text == "—" },
                "seed \(seed): \(key) \(table.rows.map { $0[column].text })"
            )
        }
    }
}
