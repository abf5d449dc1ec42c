import Foundation
import GRDB
import Testing

/// Issue 41's crashes and shared assets, through the real `folio`: each file ended in a signal on
/// 61637be (or changed another client's data), and is now one line naming the file, line and field.
@Suite struct ImportTrapTests {
    typealias L = BrokerLayouts

    /// An empty `Value` cell trapped on a force unwrap (SIGILL).
    @Test func anEmptyValueCellOfAPortfolioPerformanceFileIsNamed() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file("pp.csv", L.pp + "\n2024-01-02T09:00,Deposit,,EUR,,,,,,,,,,,\n")
        let result = try s.importing("pp-csv", [f])
        #expect(result.isRefusal("\(f):2: Value: found nothing, expected the amount of the transaction"))
    }

    /// `No. of shares` of 1e308 stored a currency leg of infinity units at 0, and both exports then
    /// trapped on `Decimal(Double.infinity)`.
    @Test func sharesOf1e308AreRefusedAndAnExportLeavesOutWhatWasStoredSo() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file(
            "t.csv",
            L.trading212
                + "\nMarket buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,,b1,1e308,184.25,USD,1.09,,EUR,844.82,EUR\n"
        )
        let result = try s.importing("trading212", [f])
        #expect(
            result.isRefusal(
                "\(f):2: No. of shares: found \"1e308\", expected a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"
            )
        )
        #expect(try s.column("SELECT count(*) FROM trade") == ["0"])
        // A database an older Folio wrote such a row into: the exports name it and leave it out.
        let ok = try s.file("ok.csv", "time,type,currency,amount\n2024-01-02T00:00:00Z,deposit,USD,100\n")
        #expect(try s.folio(["portfolio", "add", "Old", "--base", "USD"]).status == 0)
        #expect(try s.folio(["import", "transactions", "--portfolio", "Old", ok]).status == 0)
        try DatabaseQueue(path: s.db).write { db in
            try db.execute(sql: "UPDATE cash_transaction SET amount = 1e308 * 10")
        }
        let ghostfolio = try s.folio(["export", "ghostfolio", "--portfolio", "Old"])
        #expect(ghostfolio.status == 0 && ghostfolio.signal == nil)
        #expect((try? JSONSerialization.jsonObject(with: Data(ghostfolio.stdout.utf8))) != nil)
        #expect(
            ghostfolio.stderr
                == "ghostfolio: 1 transaction with a number beyond what Folio keeps: left out (deposit inf USD on 2024-01-02)\n",
            "\(ghostfolio.stderr)"
        )
        let pp = try s.folio([
            "export", "pp-csv", "--portfolio", "Old", "--out", s.directory.appendingPathComponent("pp").path,
        ])
        #expect(pp.status == 0 && pp.signal == nil)
    }

    /// A sale worth 1e18 hryvnias overflowed the tax view's Int64 kopecks (SIGILL); the import of one
    /// worth 1e17 (each number within bounds, their product not) is refused.
    @Test func aSaleBeyondTheTaxViewsLimitIsAnErrorNotATrap() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        #expect(try s.folio(["portfolio", "add", "U", "--base", "UAH"]).status == 0)
        let huge = try s.file(
            "huge.csv",
            "time,side,asset,quantity,price,price_currency\n2020-03-02T10:00:00Z,buy,ZZST,100000000,1000000000,UAH\n"
        )
        #expect(
            try s.folio(["import", "trades", "--portfolio", "U", huge]).isRefusal(
                "\(huge):2: quantity × price: found 1e+17, expected a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"
            )
        )
        let small = try s.file(
            "small.csv",
            "time,side,asset,quantity,price,price_currency\n2020-03-02T10:00:00Z,buy,ZZST,1,1,UAH\n2020-06-02T10:00:00Z,sell,ZZST,1,2,UAH\n"
        )
        #expect(try s.folio(["import", "trades", "--portfolio", "U", small]).status == 0)
        #expect(try s.folio(["asset", "set", "ZZST", "--kind", "stock"]).status == 0)
        try DatabaseQueue(path: s.db).write { db in
            try db.execute(sql: "UPDATE trade SET quantity = 1e9, price = price * 1e9")
        }
        let tax = try s.folio(["table", "tax-year", "--portfolio", "U", "--year", "2020"])
        #expect(tax.isRefusal(containing: "is more than 1e15 hryvnias, the limit of a figure of the tax view"))
    }

    /// Client A's `Ticker=USD, ISIN=US0378331005` gave the dollar Apple's ISIN, and client B's Apple buys
    /// were then booked as dollars.
    @Test func oneClientsCurrencyWithAnISINChangesNoOtherClientsTrades() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let a = try s.file(
            "a.csv",
            L.trading212
                + "\nMarket buy,2024-01-03 14:31:02,US0378331005,USD,Apple,,a1,5,184.25,USD,1.09,,EUR,844.82,EUR\n"
        )
        #expect(
            try s.importing("trading212", [a], portfolio: "A").isRefusal(
                "\(a):2: ISIN: found US0378331005 for USD, a currency: a currency has no ISIN, expected a security's ticker"
            )
        )
        let b = try s.file(
            "b.csv",
            L.trading212
                + "\nMarket buy,2024-01-04 14:31:02,US0378331005,AAPL,Apple,,b1,5,184.25,EUR,1,,EUR,921.25,EUR\n"
        )
        #expect(try s.importing("trading212", [b], portfolio: "B").status == 0)
        #expect(try s.column("SELECT a.code FROM trade t JOIN asset a ON a.id = t.asset_id") == ["AAPL"])
        #expect(try s.column("SELECT code FROM asset WHERE isin = 'US0378331005'") == ["AAPL"])
    }

    /// Client A's AAPL with NVIDIA's ISIN: B's NVIDIA buys were booked as AAPL. A's row, which names two
    /// assets, is now refused naming both, whichever file came first (Folio knows both ISINs); B's is not.
    @Test func aTickerWithAnotherAssetsISINIsRefusedNamingBoth() throws {
        for aFirst in [true, false] {
            let s = try ImportScratch()
            defer { s.remove() }
            let a = try s.file(
                "a.csv",
                L.trading212 + "\nMarket buy,2024-01-03 14:31:02,US67066G1040,AAPL,Apple,,a1,5,100,EUR,1,,EUR,500,EUR\n"
            )
            let b = try s.file(
                "b.csv",
                L.trading212
                    + "\nMarket buy,2024-01-04 14:31:02,US67066G1040,NVDA,NVIDIA,,b1,5,100,EUR,1,,EUR,500,EUR\n"
            )
            if !aFirst { #expect(try s.importing("trading212", [b], portfolio: "B").status == 0) }
            let why = aFirst ? "and AAPL's is US0378331005" : "in this database"
            #expect(
                try s.importing("trading212", [a], portfolio: "A").isRefusal(
                    "\(a):2: ISIN: found US67066G1040 with the ticker AAPL, but US67066G1040 is NVDA's ISIN \(why): the row names two assets, NVDA and AAPL (folio asset set changes an asset's ISIN)"
                )
            )
            if aFirst { #expect(try s.importing("trading212", [b], portfolio: "B").status == 0) }
            #expect(try s.column("SELECT a.code FROM trade t JOIN asset a ON a.id = t.asset_id") == ["NVDA"])
        }
    }
}
