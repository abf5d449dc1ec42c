import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioReports
import Foundation

/// Portfolios made up for pagination tests: `assets` stocks priced in USD every day for a year and a bit,
/// one buy of each, more buys and sells up to `trades`, and a deposit that pays for them; with
/// `dividends`, the first three stocks pay each quarter of the last year (15 % withheld), the first
/// payments 350, 345 and 340 days before the as-of day (so estimated again within a month); with
/// `interest`, 12.50 USD of interest 40 days before it; `deposit` instead of a million (or 10 with a
/// negative balance), and the portfolio's `targets`.
enum SyntheticPortfolio {
    static let asOf = Day(year: 2024, month: 6, day: 28)!

    static func input(
        assets count: Int,
        trades tradeCount: Int,
        negativeBalance: Bool = false,
        dividends: Bool = false,
        interest: Bool = false,
        deposit depositAmount: Double? = nil,
        targets: PortfolioTargets? = nil
    ) -> PortfolioReportInput {
        let codes = (0..<count).map { AssetCode(String(format: "S%02d", $0)) }
        var quotes: [Quote] = []
        for (i, code) in codes.enumerated() {
            for d in -400...0 {
                let day = asOf.advanced(by: d)
                let price =
                    50 + Double(i) * 3 + 10 * sin(Double(d + i * 7) / 9) + Double(d + 400) * 0.02 * Double(i % 5)
                quotes.append(
                    Quote(
                        asset: code,
                        currency: "USD",
                        market: .exchange,
                        time: day.start.addingTimeInterval(72_000),
                        price: price,
                        source: "test"
                    )
                )
            }
        }
        let assets = [Asset(code: "USD", kind: .fiat)] + codes.map { Asset(code: $0, kind: .stock) }
        let book = PriceBook(quotes)
        let rates = CrossRates(book: book, preference: MarketPreference(assets: assets))
        var trades: [Trade] = []
        // With dividends the trades start earlier, so that a payment of the trailing year recurs within a month.
        let start = asOf.advanced(by: dividends ? -360 : -300).start
        for k in 0..<tradeCount where !codes.isEmpty {
            let code = codes[k % codes.count]
            let sell = k >= codes.count && k % 4 == 1
            trades.append(
                Trade(
                    id: Int64(k + 1),
                    time: start.addingTimeInterval(Double(k) * 3_600 * 20),
                    side: sell ? .sell : .buy,
                    asset: code,
                    quantity: sell ? 1 : 5,
                    price: 60,
                    priceCurrency: "USD",
                    fee: 0.5
                )
            )
        }
        let deposit = depositAmount ?? (negativeBalance ? 10.0 : 1_000_000)
        var cash =
            tradeCount > 0 || negativeBalance
            ? [
                CashTransaction(
                    id: 1,
                    time: start.addingTimeInterval(-86_400),
                    kind: .deposit,
                    currency: "USD",
                    amount: deposit
                )
            ] : []
        var id: Int64 = 1
        for (i, code) in codes.prefix(dividends ? 3 : 0).enumerated() {
            for quarter in 0..<4 {
                id += 1
                let gross = 1.25 + Double(i) * 0.5
                cash.append(
                    CashTransaction(
                        id: id,
                        time: asOf.advanced(by: -350 + quarter * 85 + i * 5).start.addingTimeInterval(43_200),
                        kind: .dividend,
                        currency: "USD",
                        amount: gross,
                        asset: code,
                        tax: gross * 0.15
                    )
                )
            }
        }
        if interest {
            cash.append(
                CashTransaction(
                    id: 100,
                    time: asOf.advanced(by: -40).start.addingTimeInterval(43_200),
                    kind: .interest,
                    currency: "USD",
                    amount: 12.5
                )
            )
        }
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "Synthetic \(count)", baseCurrency: "USD"),
            trades: trades,
            cashTransactions: cash,
            targets: targets
        )
        return PortfolioReportInput(
            PortfolioInputs(ledger, market: MarketInputs(assets: assets, book: book, rates: rates)),
            asOf: asOf
        )
    }
}

/// The project's `reports/` directory, read by path like the fonts.
enum ReportFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let reports = root.appendingPathComponent("reports")
    static func builtIn(_ name: String) throws -> ReportDefinition {
        try DefinitionParser.load(reports.appendingPathComponent(name + ".yaml"))
    }
}
