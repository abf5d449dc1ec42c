import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// Every dataset in `Datasets.all`, drawn as each of its kinds in English and in Ukrainian, speaks the
/// language it is asked for: its title is said in each language, and no word of the other one shows in
/// its title, subtitle, source line or anywhere on the chart. A new dataset fails here until its words
/// are in the catalogue (FolioDatasets/Strings) in both languages.
@Suite struct DatasetWordsTests {
    static let asOf = d("2024-06-28")

    /// Words the data brings with it, the same in every language: the portfolio's and categories' names
    /// as the user wrote them, and the names of quote sources.
    static let dataWords: Set<String> = ["Demo", "Rent", "Food", "Salary", "Folio", "CoinGecko", "Stooq", "Monobank"]

    /// Two years and a bit of daily quotes (long enough for half-year rolling windows), a UAH portfolio
    /// that deposits, buys, sells, withdraws and is paid dividends, and fourteen months of a budget.
    static let input: [ChartLocale: DatasetInput] = {
        var quotes: [Quote] = []
        for i in 0...800 {
            let time = asOf.advanced(by: i - 800).start.addingTimeInterval(72_000)
            let x = Double(i)
            quotes += [
                Quote(
                    asset: "USD",
                    currency: "UAH",
                    market: .nbu,
                    time: time,
                    price: 36 + x / 200 + sin(x / 11),
                    source: "nbu"
                ),
                Quote(
                    asset: "AAPL",
                    currency: "USD",
                    market: .exchange,
                    time: time,
                    price: 150 + 30 * sin(x / 37) + x / 20,
                    source: "stock-csv"
                ),
                Quote(
                    asset: "BTC",
                    currency: "USD",
                    market: .exchange,
                    time: time,
                    price: 30_000 + 12_000 * sin(x / 53) + 20 * x,
                    source: "coingecko"
                ),
            ]
        }
        let assets = [
            Asset(code: "USD", kind: .fiat), Asset(code: "UAH", kind: .fiat), Asset(code: "AAPL", kind: .stock),
            Asset(code: "BTC", kind: .crypto),
        ]
        let book = PriceBook(quotes)
        let market = MarketInputs(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets))
        )
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "Demo", baseCurrency: "UAH"),
            trades: [
                buy(1, "2022-05-02T10:00:00Z", "USD", 20_000, at: 36.6, in: "UAH"),
                buy(2, "2022-05-03T15:00:00Z", "AAPL", 40, at: 160),
                buy(3, "2022-09-05T15:00:00Z", "BTC", 0.2, at: 20_000),
                sell(4, "2023-08-01T15:00:00Z", "AAPL", 10, at: 190),
            ],
            cashTransactions: [
                deposit(1, "2022-05-01T10:00:00Z", 1_000_000, "UAH"),
                deposit(2, "2023-02-01T10:00:00Z", 200_000, "UAH"),
                withdrawal(3, "2024-03-01T10:00:00Z", 50_000, "UAH"),
                // AAPL's dividends, for the income calendar.
                CashTransaction(
                    id: 4,
                    time: t("2023-11-16T12:00:00Z"),
                    kind: .dividend,
                    currency: "USD",
                    amount: 7.2,
                    asset: "AAPL",
                    tax: 1.08
                ),
                CashTransaction(
                    id: 5,
                    time: t("2024-02-15T12:00:00Z"),
                    kind: .dividend,
                    currency: "USD",
                    amount: 7.2,
                    asset: "AAPL",
                    tax: 1.08
                ),
            ],
            // For `drift`: a target mix, which the bullet graph draws against.
            targets: try? PortfolioTargets(
                basis: .asset,
                lines: [TargetLine("AAPL", 50), TargetLine("BTC", 30), TargetLine("UAH", 20)]
            )
        )
        var budget: [BudgetEntry] = []
        for m in 0..<14 {
            let day = d("2023-05-05").advanced(by: m * 30)
            budget += [
                BudgetEntry(
                    id: Int64(3 * m + 1),
                    day: day,
                    kind: .income,
                    category: "Salary",
                    amount: 60_000,
                    currency: "UAH"
                ),
                BudgetEntry(
                    id: Int64(3 * m + 2),
                    day: day,
                    kind: .expense,
                    category: "Rent",
                    amount: 18_000,
                    currency: "UAH"
                ),
                BudgetEntry(
                    id: Int64(3 * m + 3),
                    day: day,
                    kind: .expense,
                    category: "Food",
                    amount: 9_000 + Double(m) * 300,
                    currency: "UAH"
                ),
            ]
        }
        return Dictionary(
            uniqueKeysWithValues: ChartLocale.allCases.map { locale in
                (
                    locale,
                    DatasetInput(
                        portfolio: PortfolioInputs(ledger, market: market),
                        market: market,
                        budget: budget,
                        asOf: asOf,
                        locale: locale
                    )
                )
            }
        )
    }()

    struct Drawn: CustomTestStringConvertible, Sendable {
        var dataset: String
        var kind: ChartKind
        var testDescription: String { "\(dataset) as \(kind.rawValue)" }
    }

    static let drawings: [Drawn] = Datasets.all.flatMap { type in type.kinds.map { Drawn(dataset: type.name, kind: $0) }
    }

    func words(_ drawn: Drawn, _ locale: ChartLocale) throws -> (title: String, texts: [String]) {
        var request = ChartRequest(kind: drawn.kind)
        request.data = drawn.dataset
        let type = try #require(Datasets.named(drawn.dataset))
        if type.subject != .budget { request.portfolio = "Demo" }
        let built = try request.dataset().build(
            try #require(Self.input[locale]),
            as: drawn.kind,
            frame: ChartFrame(locale: locale)
        )
        let scene = built.chart.scene(measurer: ApproximateMeasurer())
        return (built.title, [built.title, built.subtitle, built.footnote] + scene.texts.map(\.text))
    }

    @Test(arguments: drawings) func saysItInBothLanguages(_ drawn: Drawn) throws {
        let en = try words(drawn, .en)
        let uk = try words(drawn, .uk)
        #expect(!en.title.isEmpty && !uk.title.isEmpty)
        #expect(en.title != uk.title, "the title is not in Ukrainian: \(uk.title)")
        for text in en.texts {
            let foreign = Self.words(in: text).filter {
                $0.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
            }
            #expect(foreign.isEmpty, "Ukrainian in English: \(text)")
        }
        for text in uk.texts {
            // Codes (AAPL, UAH, NBU-style) are the same in both; an English word has small letters.
            let foreign = Self.words(in: text).filter { w in
                w.count > 1 && w.unicodeScalars.allSatisfy(\.isASCII) && w != w.uppercased()
            }
            #expect(foreign.isEmpty, "English in Ukrainian: \(text)")
        }
    }

    /// Runs of letters, less the words the data brings.
    static func words(in text: String) -> [String] {
        text.split { !$0.isLetter }.map(String.init).filter { !dataWords.contains($0) }
    }
}
