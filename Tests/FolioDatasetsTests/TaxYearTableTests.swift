import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// `tax-year` read from a real database: a portfolio in dollars whose figures still come out in
/// hryvnias, at NBU rates only, although another market quotes the dollar too.
@Suite struct TaxYearTableTests {
    let db: TemporaryStore
    static let rates = TaxRates(
        personalIncomeTax: [.init(percent: 18, law: "x")],
        militaryLevy: [.init(percent: 5, law: "y")],
        carryLossesForward: false,
        source: "rates.yaml"
    )

    init() throws {
        db = try TemporaryStore()
        try db.importText(
            """
            date,asset,currency,price,market,source
            2024-01-10,USD,UAH,38,nbu,nbu
            2024-05-15,USD,UAH,39.2,nbu,nbu
            2024-06-03,USD,UAH,40,nbu,nbu
            2024-06-03,USD,UAH,40.6,interbank,test
            2024-06-04,USD,UAH,41.5,interbank,test
            2024-01-10,AAPL,USD,100,exchange,test
            """,
            as: .quotes
        )
        _ = try db.store.addPortfolio(name: "US", baseCurrency: "USD")
        try db.importText(
            """
            time,type,currency,amount,fee,status,id,asset,tax
            2024-05-15T12:00:00Z,dividend,USD,100,0,completed,D1,AAPL,15
            """,
            as: .transactions,
            portfolio: "US"
        )
    }

    func parts(trades: String) throws -> ResultTableParts {
        try db.importText(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency,id\n" + trades,
            as: .trades,
            portfolio: "US"
        )
        var request = try TableRequest(name: "tax-year", portfolio: "US", year: 2024)
        request.taxYear?.rates = Self.rates
        var warnings: [String] = []
        return try request.parts(from: StoredInputs(db.store), warnings: &warnings)
    }

    @Test func aDollarPortfolioIsDeclaredInHryvniasAtNBURates() throws {
        let result = try parts(
            trades: """
                2024-01-10T15:00:00Z,buy,AAPL,10,100,USD,0,USD,B1
                2024-06-03T15:00:00Z,sell,AAPL,4,130,USD,0,USD,S1
                """
        )
        let (sales, totals, income) = (result.parts[0].table, result.parts[1].table, result.parts[2].table)
        // 4 × 100 × 38 = 15,200.00 against 4 × 130 × 40 (NBU, not the interbank 40.6) = 20,800.00.
        #expect(sales.rows.count == 1 && sales.number(0, "sell_rate") == 40)
        #expect(
            sales.number(0, "cost_uah") == 15200 && sales.number(0, "proceeds_uah") == 20800
                && sales.number(0, "result_uah") == 5600
        )
        #expect(sales.cell(0, "buy_external_id") == .text("B1") && sales.cell(0, "sell_external_id") == .text("S1"))
        // 5,600 × 18 % = 1,008.00 and × 5 % = 280.00.
        #expect(totals.number(4, "uah") == 1008 && totals.number(5, "uah") == 280 && totals.number(6, "uah") == 1288)
        // The dividend at 15 May's 39.2: 3,920.00, 588.00 withheld.
        #expect(
            income.number(0, "gross_uah") == 3920 && income.number(0, "withheld_uah") == 588
                && income.cell(0, "asset") == .text("AAPL")
        )
    }

    @Test func aDayWithoutAnNBURateIsAnErrorEvenWhenAnotherMarketHasOne() throws {
        #expect(throws: TaxYearError.missingRate(currency: "USD", day: Day(iso: "2024-06-04")!)) {
            try parts(
                trades: """
                    2024-01-10T15:00:00Z,buy,AAPL,10,100,USD,0,USD,B1
                    2024-06-04T15:00:00Z,sell,AAPL,4,130,USD,0,USD,S1
                    """
            )
        }
    }
}
