import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// The one as-of rule, read from a real database: the last day everything held at the end can be valued
/// in the base currency, never before the last trade or completed transfer.
@Suite struct AsOfTests {
    /// A UAH portfolio that holds AAPL (closes until 10 Jan, in USD) and dollars (NBU until 15 Jan).
    func store(extraTrades: String = "") throws -> TemporaryStore {
        let t = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n"
        for day in 1...15 {
            quotes += String(format: "2024-01-%02d,USD,UAH,%.2f,nbu,nbu\n", day, 37 + Double(day) / 10)
        }
        for day in 2...10 { quotes += String(format: "2024-01-%02d,AAPL,USD,%d,exchange,stock-csv\n", day, 180 + day) }
        try t.importText(quotes, as: .quotes)
        _ = try t.store.addPortfolio(name: "P", baseCurrency: .uah)
        try t.importText(
            "time,type,currency,amount\n2024-01-01T10:00:00Z,deposit,UAH,100000\n",
            as: .transactions,
            portfolio: "P"
        )
        try t.importText(
            """
            time,side,asset,quantity,price,price_currency
            2024-01-02T10:00:00Z,buy,USD,2000,37.2,UAH
            2024-01-03T15:00:00Z,buy,AAPL,5,183,USD
            \(extraTrades)
            """,
            as: .trades,
            portfolio: "P"
        )
        return t
    }

    func asOf(_ t: TemporaryStore) throws -> [Day?] {
        let ledger = try PortfolioLedger.load(t.store, portfolio: "P")
        let everything = try t.store.book(of: try t.store.assets().map(\.code))
        let cache = try #require(try PriceCache(t.store))
        return [
            AsOf.portfolio(ledger, lastQuotes: try t.store.lastQuotes()),
            AsOf.portfolio(ledger, lastQuotes: everything),
            AsOf.portfolio(ledger, lastQuotes: cache.lastQuotes()),
            try AsOf.portfolio(ledger, prices: t.store),
        ]
    }

    @Test func theShortestRouteToTheBaseDecides() throws {
        // AAPL → USD → UAH ends with AAPL's last close; dollars alone would go on to the 15th.
        #expect(try asOf(try store()) == Array(repeating: Day(iso: "2024-01-10"), count: 4))
    }

    @Test func aTradeAfterTheLastQuoteMovesTheDayToTheTrade() throws {
        // Sold on the 20th, after every quote: the portfolio's data ends with that trade, not with a price.
        let t = try store(extraTrades: "2024-01-20T09:00:00Z,sell,AAPL,5,190,USD")
        #expect(try asOf(t) == Array(repeating: Day(iso: "2024-01-20"), count: 4))
    }

    @Test func aPortfolioWithoutEventsHasNoDay() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "Empty", baseCurrency: .usd)
        #expect(
            AsOf.portfolio(try PortfolioLedger.load(t.store, portfolio: "Empty"), lastQuotes: try t.store.lastQuotes())
                == nil
        )
    }

    @Test func assetsEndOnTheEarliestOfTheirLastDays() throws {
        let t = try store()
        let book = try t.store.lastQuotes()
        #expect(try AsOf.assets(["AAPL", "USD"], lastQuotes: book).get() == Day(iso: "2024-01-10"))
        #expect(throws: AsOf.MissingQuotesError.self) { try AsOf.assets(["AAPL", "MSFT"], lastQuotes: book).get() }
    }
}
