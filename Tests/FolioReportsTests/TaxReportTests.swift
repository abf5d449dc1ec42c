import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import Foundation
import Testing

@testable import FolioReports

/// The tax report's pages as data: the totals first, the sales with their trades' ids, the dividends, in
/// Ukrainian and in English, each saying it prepares figures and is not tax advice.
@Suite struct TaxReportTests {
    static func d(_ text: String) -> Day { Day(iso: text)! }
    static func t(_ text: String) -> Date { ISOTime.parse(text + ":00Z")! }

    /// 2024: ACME bought twice (38, 38.5) and sold across both (40): +14,000 and +4,825; BETA sold at a
    /// loss, −3,000; a dividend of 100 USD with 15 withheld (39.2). Net 15,825.00; 18 % 2,848.50; 5 % 791.25.
    static func input(
        usd: [Day: Double] = [
            Self.d("2024-01-10"): 38, Self.d("2024-03-05"): 38.5, Self.d("2024-05-15"): 39.2,
            Self.d("2024-06-03"): 40,
        ]
    ) throws -> TaxReportInput {
        let official = OfficialRates(["USD": usd])
        func trade(
            _ id: Int64,
            _ time: String,
            _ side: TradeSide,
            _ asset: AssetCode,
            _ q: Double,
            _ p: Double
        ) -> Trade {
            Trade(
                id: id,
                time: Self.t(time),
                side: side,
                asset: asset,
                quantity: q,
                price: p,
                priceCurrency: "USD",
                externalID: "T-\(id)"
            )
        }
        let trades = [
            trade(1, "2024-01-10T15:00", .buy, "ACME", 10, 100), trade(2, "2024-03-05T15:00", .buy, "ACME", 10, 110),
            trade(3, "2024-06-03T15:00", .sell, "ACME", 15, 130), trade(4, "2024-01-10T16:00", .buy, "BETA", 10, 50),
            trade(5, "2024-06-03T16:00", .sell, "BETA", 10, 40),
        ]
        let dividend = CashTransaction(
            id: 7,
            time: Self.t("2024-05-15T12:00"),
            kind: .dividend,
            currency: "USD",
            amount: 100,
            externalID: "DIV-7",
            asset: "ACME",
            tax: 15
        )
        let rates = try TaxRatesFile.load(ReportFiles.reports.appendingPathComponent("tax-rates.yaml"))
        let tax = try TaxYear(
            year: 2024,
            trades: trades,
            cashTransactions: [dividend],
            kinds: ["ACME": .stock, "BETA": .etf, "USD": .fiat],
            official: official,
            rates: rates
        )
        return TaxReportInput(tax: tax, portfolio: "Broker", asOf: Self.d("2024-12-31"))
    }

    func pages(_ locale: ChartLocale) throws -> [[String]] {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("tax"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let data = TaxReportData(try Self.input(), locale: locale)
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        return scenes.map { $0.texts.map(\.text) }
    }

    @Test(arguments: ChartLocale.allCases) func totalsFirstThenSalesThenIncome(locale: ChartLocale) throws {
        let pages = try pages(locale)
        let uk = locale == .uk
        func money(_ whole: String, _ cents: String) -> String {
            uk ? whole.replacingOccurrences(of: ",", with: "\u{202F}") + "," + cents : whole + "." + cents
        }
        #expect(pages.count == 2)
        // Page 1: the totals and the taxes of 31 Dec 2024 (18 % and the 5 % of Law 4015-IX), the rates named.
        let first = pages[0]
        #expect(first.contains(uk ? "Податковий рік 2024: Broker" : "Tax year 2024: Broker"))
        for figure in [
            money("18,825", "00"), money("-3,000", "00").replacingOccurrences(of: "-", with: "\u{2212}"),
            money("15,825", "00"),
            money("2,848", "50"), money("791", "25"), money("3,639", "75"),
        ] {
            #expect(first.contains(figure), "\(figure)")
        }
        #expect(first.contains(uk ? "Закон № 4015-IX, з 01.12.2024" : "Law No. 4015-IX, since 1 Dec 2024"))
        #expect(first.contains(uk ? "5\u{00A0}%" : "5%"))
        // The sales on page 2, each with its purchase's and its sale's trade.
        let second = pages[1]
        #expect(second.contains("T-1") && second.contains("T-2") && second.contains("T-3") && second.contains("T-5"))
        #expect(second.contains(money("14,000", "00")) && second.contains(money("4,825", "00")))
        #expect(second.contains(uk ? "38,50" : "38.50") && second.contains("T-4"))
        // The dividend under the sales, on their page: 3,920.00 and 588.00 withheld.
        #expect(
            pages[1].contains(money("3,920", "00")) && pages[1].contains(money("588", "00"))
                && pages[1].contains("DIV-7")
        )
    }

    /// Sixteen columns where "Date", "Price", "NBU rate" and "Fee" come twice: the purchase's under
    /// "Purchase", the sale's under "Sale". Each column of figures is one format: rates of 7.993 and
    /// 11.785498 in one column are 7.993000 and 11.785498.
    @Test(arguments: ChartLocale.allCases) func theSalesTableGroupsItsColumnsAndWritesEachOneWay(
        locale: ChartLocale
    ) throws {
        let input = try Self.input(usd: [
            Self.d("2024-01-10"): 7.993, Self.d("2024-03-05"): 11.785498, Self.d("2024-05-15"): 39.2,
            Self.d("2024-06-03"): 40.5,
        ])
        let data = TaxReportData(input, locale: locale)
        let table = try #require(try data.table("tax-sales"))
        let strings = Catalogue.for(locale)
        let (purchase, sale) = (strings.taxColumn("purchase"), strings.taxColumn("sale"))
        #expect(
            table.columns.map(\.group) == [nil, nil] + Array(repeating: purchase, count: 7)
                + Array(repeating: sale, count: 6) + [nil]
        )
        // Within a group every title is once.
        for group in [purchase, sale] {
            let titles = table.columns.filter { $0.group == group }.map(\.title)
            #expect(Set(titles).count == titles.count, "\(titles)")
        }
        let separator = locale.decimalSeparator
        for (c, column) in table.columns.enumerated() where column.alignsDecimals {
            let decimals = Set(
                table.rows.map { row in
                    row[c].text.split(separator: "\u{00A0}")[0].split(separator: Character(separator)).dropFirst()
                        .first?.count ?? 0
                }
            )
            #expect(decimals.count == 1, "\(column.key): \(table.rows.map { $0[c].text })")
        }
        let rate = try #require(table.columns.firstIndex { $0.key == "buy-rate" })
        #expect(table.rows.map { $0[rate].text }.contains(locale == .uk ? "7,993000" : "7.993000"))
        // Drawn: the groups' headings in a row above the titles, each over its own columns.
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("tax"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let texts = try builder.scenes(data).flatMap(\.texts)
        let headings = try [purchase, sale].map { g in try #require(texts.first { $0.text == g && $0.role == .header })
        }
        let prices = texts.filter { $0.text == strings[.price] && $0.role == .header }.sorted {
            $0.box.minX < $1.box.minX
        }
        #expect(prices.count == 2)
        for (heading, price) in zip(headings, prices) {
            #expect(heading.box.maxY <= price.box.minY, "\(heading.text) above the titles")
        }
        #expect(headings[0].box.maxX < prices[1].box.minX && headings[1].box.minX > prices[0].box.maxX)
    }

    @Test(arguments: ChartLocale.allCases) func everyPageSaysItIsNoTaxAdvice(locale: ChartLocale) throws {
        let pages = try pages(locale)
        let footer =
            locale == .uk
            ? "Цифри для декларації, не податкова консультація" : "Figures for a declaration, not tax advice"
        for (i, page) in pages.enumerated() { #expect(page.contains { $0.hasSuffix(footer) }, "page \(i + 1)") }
        let purpose = locale == .uk ? "Це не податкова консультація" : "It is not tax advice"
        #expect(pages[0].joined(separator: " ").contains(purpose))
    }

    @Test(arguments: ChartLocale.allCases) func salesLeftOutAreNamedOnPageOne(locale: ChartLocale) throws {
        var input = try Self.input()
        let coin = [
            Trade(
                id: 8,
                time: Self.t("2024-01-10T10:00"),
                side: .buy,
                asset: "BTC",
                quantity: 1,
                price: 40_000,
                priceCurrency: "USD"
            ),
            Trade(
                id: 9,
                time: Self.t("2024-06-03T10:00"),
                side: .sell,
                asset: "BTC",
                quantity: 1,
                price: 60_000,
                priceCurrency: "USD"
            ),
        ]
        let official = OfficialRates(["USD": [Self.d("2024-01-10"): 38, Self.d("2024-06-03"): 40]])
        input.tax = try TaxYear(
            year: 2024,
            trades: coin,
            cashTransactions: [],
            kinds: ["BTC": .crypto, "USD": .fiat],
            official: official,
            rates: input.tax.rates
        )
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("tax"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let data = TaxReportData(input, locale: locale)
        let first = try builder.scenes(data)[0].texts.map(\.text).joined(separator: " ")
        #expect(first.contains(locale == .uk ? "Не враховано: продажі BTC" : "Not included: sales of BTC"), "\(first)")
        #expect(data.warnings.count == 1 && data.warnings[0].hasPrefix("left out: sales of BTC (crypto)"))
    }

    @Test(arguments: ChartLocale.allCases) func noWordOrCodeIsCut(locale: ChartLocale) throws {
        // Sixteen columns on a landscape page: every title and code whole, none ending in an ellipsis.
        for text in try pages(locale).joined() { #expect(!text.hasSuffix("…"), "\(text)") }
    }
}
