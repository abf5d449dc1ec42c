import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// Each preset's fixture (`samples/brokers/`) imported into a portfolio, valued with made-up quotes,
/// passes the ledger's identities and holds what a person reading the broker's file adds up by hand.
@Suite struct BrokerFixtureLedgerTests {
    static func fixture(_ name: String) -> URL { TestPaths.projectRoot.appendingPathComponent("samples/brokers/\(name)") }

    static func store(_ portfolio: String, base: AssetCode, quotes: String, files: [String], kind: ImportKind) throws -> TemporaryStore {
        let t = try TemporaryStore()
        try t.importText(quotes, as: .quotes)
        _ = try t.store.addPortfolio(name: portfolio, baseCurrency: base)
        _ = try t.store.importFiles(files.map(fixture), kind: kind, options: ImportOptions(portfolio: portfolio))
        return t
    }

    @Test func trading212() throws {
        let quotes = FixtureLedger.quotes([
            ("USD", "EUR", 0.92), ("GBP", "EUR", 1.16), ("AAPL", "USD", 180), ("VUSA", "EUR", 85), ("AI", "EUR", 172),
            ("RIO", "GBP", 50), ("MSFT", "USD", 420), ("NVDA", "USD", 1200),
        ], from: "2023-12-25", to: "2024-07-05", changes: [("NVDA", "2024-06-10", 120)])
        let t = try Self.store("T212", base: "EUR", quotes: quotes, files: ["trading212-history.csv"], kind: .trading212)
        let ledger = FixtureLedger(db: t, portfolio: "T212", base: "EUR", day: "2024-07-02")
        var holdings = try ledger.holdings()
        // 3000 in; 844.82 + 834.20 + 341.22 + 179.58 + 401.16 for shares, 300.45 to dollars, 254.30 out;
        // 312.03 from the sale, 0.94 + 2.99 of dividends, 1.37 + 0.05 + 0.04 of interest.
        let eur = holdings.removeValue(forKey: "EUR"), usd = holdings.removeValue(forKey: "USD")
        #expect(abs(try #require(eur) - 161.69) < 1e-9)
        // 323.85 converted, 311.63 for MSFT; every other dollar came and went through an exchange.
        #expect(abs(try #require(usd) - 12.22) < 1e-9)
        #expect(abs(holdings.removeValue(forKey: "GBP") ?? 0) < 1e-9)
        #expect(holdings == ["AAPL": 3, "VUSA": 10, "AI": 2, "RIO": 3, "MSFT": 0.75, "NVDA": 5])
        let s = try ledger.statement()
        #expect(sameMoney(s.dividends, ["USD": 1.20, "EUR": 2.99]))
        #expect(sameMoney(s.tax, ["USD": 0.18]))
        // Conversion fees 1.27 + 0.27 + 0.47 + 0.45 + 0.60, stamp duty 0.89, French tax 1.02.
        #expect(sameMoney(s.fees, ["EUR": 4.97]))
        #expect(sameMoney(s.interest, ["EUR": 1.46]))
    }
}
