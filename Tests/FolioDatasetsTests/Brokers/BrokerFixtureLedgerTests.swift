import FolioCore
import FolioImport
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// Each preset's fixture (`samples/brokers/`) imported into a portfolio, valued with made-up quotes,
/// passes the ledger's identities and holds what a person reading the broker's file adds up by hand.
@Suite struct BrokerFixtureLedgerTests {
    static func fixture(_ name: String) -> URL {
        TestPaths.projectRoot.appendingPathComponent("samples/brokers/\(name)")
    }

    static func store(
        _ portfolio: String,
        base: AssetCode,
        quotes: String,
        files: [String],
        kind: ImportKind
    ) throws -> TemporaryStore {
        let t = try TemporaryStore()
        try t.importText(quotes, as: .quotes)
        _ = try t.store.addPortfolio(name: portfolio, baseCurrency: base)
        _ = try t.store.importFiles(files.map(fixture), kind: kind, options: ImportOptions(portfolio: portfolio))
        return t
    }

    @Test func trading212() throws {
        let quotes = FixtureLedger.quotes(
            [
                ("USD", "EUR", 0.92), ("GBP", "EUR", 1.16), ("AAPL", "USD", 180), ("VUSA", "EUR", 85),
                ("AI", "EUR", 172),
                ("RIO", "GBP", 50), ("MSFT", "USD", 420), ("NVDA", "USD", 1200),
            ],
            from: "2023-12-25",
            to: "2024-07-05",
            changes: [("NVDA", "2024-06-10", 120)]
        )
        let t = try Self.store(
            "T212",
            base: "EUR",
            quotes: quotes,
            files: ["trading212-history.csv"],
            kind: .trading212
        )
        let ledger = FixtureLedger(db: t, portfolio: "T212", base: "EUR", day: "2024-07-02")
        var holdings = try ledger.holdings()
        // 3000 in; 844.82 + 834.20 + 341.22 + 179.58 + 401.16 for shares, 300.45 to dollars, 254.30 out;
        // 312.03 from the sale, 0.94 + 2.99 of dividends received, 1.37 + 0.05 + 0.04 of interest.
        let eur = holdings.removeValue(forKey: "EUR")
        let usd = holdings.removeValue(forKey: "USD")
        #expect(abs(try #require(eur) - 161.69) < 1e-9)
        // 323.85 converted, 311.63 for MSFT; every other dollar came and went through an exchange.
        #expect(abs(try #require(usd) - 12.22) < 1e-9)
        #expect(abs(holdings.removeValue(forKey: "GBP") ?? 0) < 1e-9)
        #expect(holdings == ["AAPL": 3, "VUSA": 10, "AI": 2, "RIO": 3, "MSFT": 0.75, "NVDA": 5])
        let s = try ledger.statement()
        // What the account received, in euros: 0.94 + 0.18 / (1.02 / 0.94) for Apple, 2.99 for VUSA.
        #expect(sameMoney(s.dividends, ["EUR": 0.94 + 0.18 * 0.94 / 1.02 + 2.99]))
        #expect(sameMoney(s.tax, ["EUR": 0.18 * 0.94 / 1.02]))
        // Conversion fees 1.27 + 0.27 + 0.47 + 0.45 + 0.60, stamp duty 0.89, French tax 1.02.
        #expect(sameMoney(s.fees, ["EUR": 4.97]))
        #expect(sameMoney(s.interest, ["EUR": 1.46]))
    }

    /// Apple known by its ISIN beforehand; the two securities Degiro names only by ISIN keep it as code.
    @Test func degiro() throws {
        let quotes = FixtureLedger.quotes(
            [
                ("USD", "EUR", 0.92), ("AAPL", "USD", 190), ("IE00BK5BQT80", "EUR", 110), ("NL0011794037", "EUR", 28),
            ],
            from: "2023-12-25",
            to: "2024-07-05"
        )
        let t = try TemporaryStore()
        try t.importText(quotes, as: .quotes)
        _ = try t.store.setAsset("AAPL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        _ = try t.store.addPortfolio(name: "D", baseCurrency: "EUR")
        _ = try t.store.importFiles(
            ["degiro-transactions.csv", "degiro-account.csv"].map(Self.fixture),
            kind: .degiro,
            options: ImportOptions(portfolio: "D")
        )
        let ledger = FixtureLedger(db: t, portfolio: "D", base: "EUR", day: "2024-07-01")
        var holdings = try ledger.holdings()
        // Degiro's last balance, 1544.31, less the fund distribution of 0.50 Folio does not take.
        let eur = holdings.removeValue(forKey: "EUR")
        let usd = holdings.removeValue(forKey: "USD")
        #expect(abs(try #require(eur) - 1543.81) < 1e-9)
        #expect(abs(usd ?? 0) < 1e-9)
        #expect(holdings == ["AAPL": 2, "IE00BK5BQT80": 10, "NL0011794037": 40])
        let s = try ledger.statement()
        #expect(sameMoney(s.dividends, ["USD": 1.20, "EUR": 2.46]))
        #expect(sameMoney(s.tax, ["USD": 0.18]))
        // Trades 1 + 4.07 (2.00 and AutoFX 2.07) + 3 + 3.31; the account 0.03 of interest paid and 2.50.
        #expect(sameMoney(s.fees, ["EUR": 13.91]))
        #expect(sameMoney(s.interest, ["EUR": 0.42]))
    }

    @Test func revolut() throws {
        let quotes = FixtureLedger.quotes(
            [("AAPL", "USD", 190), ("MSFT", "USD", 330), ("O", "USD", 58), ("NVDA", "USD", 1000)],
            from: "2023-02-25",
            to: "2024-07-05",
            changes: [("NVDA", "2024-06-10", 100)]
        )
        let t = try Self.store("R", base: "USD", quotes: quotes, files: ["revolut-statement.csv"], kind: .revolut)
        let ledger = FixtureLedger(db: t, portfolio: "R", base: "USD", day: "2024-07-01")
        var holdings = try ledger.holdings()
        // 2,500 in, 300 out; 581.24 + 625.25 + 650.16 + 138.89 for shares, 342.64 from the sale;
        // dividends 0.82 + 2.29, the custody fee 0.24.
        let usd = holdings.removeValue(forKey: "USD")
        #expect(abs(try #require(usd) - 549.97) < 1e-9)
        // The split added 4.5 NVDA to the 0.5 held: 10 for 1.
        #expect(holdings == ["AAPL": 4, "MSFT": 1.5, "O": 10.5, "NVDA": 5])
        let s = try ledger.statement()
        #expect(sameMoney(s.dividends, ["USD": 3.11]) && s.tax.isEmpty && s.interest.isEmpty)
        #expect(sameMoney(s.fees, ["USD": 0.24]))
    }

    @Test func freedom24() throws {
        let quotes = FixtureLedger.quotes(
            [("USD", "EUR", 0.92), ("AAPL", "USD", 190), ("BRK.B", "USD", 400), ("TLT", "USD", 92)],
            from: "2024-01-25",
            to: "2024-07-05"
        )
        let t = try Self.store("F", base: "EUR", quotes: quotes, files: ["freedom24-report.json"], kind: .freedom24)
        let ledger = FixtureLedger(db: t, portfolio: "F", base: "EUR", day: "2024-07-01")
        var holdings = try ledger.holdings()
        // 5,000 in, 1,000 out; 2,731.50 for 3,000 dollars, 461.25 for 500 of them; commissions 7.70 and
        // 0.03 of interest on a negative balance.
        let eur = holdings.removeValue(forKey: "EUR")
        let usd = holdings.removeValue(forKey: "USD")
        #expect(abs(try #require(eur) - 1722.02) < 1e-9)
        // 3,000 − 938.40 − 796.40 − 941.00 + 382.08 − 500, dividends 1.20 − 0.18 and 3.13 (paid again
        // without tax after its reversal); the bond's 99.12 is not taken.
        #expect(abs(try #require(usd) - 210.43) < 1e-9)
        #expect(holdings == ["AAPL": 3, "BRK.B": 2, "TLT": 10])
        let s = try ledger.statement()
        #expect(sameMoney(s.dividends, ["USD": 4.33]) && sameMoney(s.tax, ["USD": 0.18]) && s.interest.isEmpty)
        #expect(sameMoney(s.fees, ["EUR": 7.73]))
    }

    @Test func ibkrFlex() throws {
        let quotes = FixtureLedger.quotes(
            [("EUR", "USD", 1.09), ("VT", "USD", 110), ("MSFT", "USD", 418), ("SAP", "EUR", 178)],
            from: "2024-03-01",
            to: "2024-05-05"
        )
        let t = try Self.store("IB", base: "USD", quotes: quotes, files: ["ibkr-flex.csv"], kind: .ibkrFlex)
        let ledger = FixtureLedger(db: t, portfolio: "IB", base: "USD", day: "2024-04-30")
        var holdings = try ledger.holdings()
        // 50,000 in, 2,000 out; 10,843 + 2,019.80 + 1,094.50 (for 1,000 euros) spent, 841.9977 from the
        // sale; dividends 29.82 − 4.47 and 3.75 (reversed and paid again untaxed), interest 12.34, fees 10.
        let usd = holdings.removeValue(forKey: "USD")
        let eur = holdings.removeValue(forKey: "EUR")
        #expect(abs(try #require(usd) - 34916.1377) < 1e-9)
        // 1,000 deposited and 1,000 bought; 879 for SAP, its dividend 4.10 − 1.08, 0.21 of interest paid.
        #expect(abs(try #require(eur) - 1123.81) < 1e-9)
        #expect(holdings == ["VT": 100, "MSFT": 3, "SAP": 5])
        let s = try ledger.statement()
        #expect(sameMoney(s.dividends, ["USD": 33.57, "EUR": 4.10]) && sameMoney(s.tax, ["USD": 4.47, "EUR": 1.08]))
        #expect(sameMoney(s.fees, ["USD": 15.0023, "EUR": 3.21]) && sameMoney(s.interest, ["USD": 12.34]))
    }
}
