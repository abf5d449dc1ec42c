import Foundation
import Testing

/// Issue 42, point 1: Degiro names a security only by its ISIN. A stock Folio knows is booked under its
/// ticker, so that its quotes apply and a Trading 212 file after it finds the same asset; a security
/// Folio does not know is named by its ISIN, and the import says how to book it under the user's code.
@Suite struct OwnBrokerISINTests {
    @Test func aDegiroOnlyUserGetsTickersAndTrading212FindsThem() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        let degiro = try s.importing("degiro", [files.transactions, files.account], portfolio: "D")
        #expect(degiro.status == 0, "\(degiro.stderr)")
        #expect(degiro.stdout.contains("\n  created JNJ (US4781601046, \"JOHNSON & JOHNSON\")\n"), "\(degiro.stdout)")
        #expect(degiro.stdout.contains("\n  created AAPL (US0378331005, \"APPLE INC\")\n"), "\(degiro.stdout)")
        let t212 = try s.importing("trading212", [files.t212], portfolio: "T")
        #expect(t212.status == 0, "\(t212.stderr)")
        #expect(!t212.stdout.contains("US0378331005"), "\(t212.stdout)")
        #expect(
            try s.column("SELECT code || ' ' || isin FROM asset WHERE isin IS NOT NULL ORDER BY code") == [
                "AAPL US0378331005", "JNJ US4781601046", "KO US1912161007", "MSFT US5949181045",
            ]
        )
        #expect(
            try s.column(
                "SELECT DISTINCT a.code FROM trade t JOIN asset a ON a.id = t.asset_id WHERE a.kind = 'stock' ORDER BY 1"
            ) == ["AAPL", "JNJ", "KO", "MSFT"]
        )
    }

    /// In a database that has AAPL and JNJ without ISINs (the demo's quotes), the import gives them the
    /// ISINs Folio knows, and values them by their quotes.
    @Test func storedStocksTakeTheISINsFolioKnows() throws {
        let s = try ImportScratch(demoCopy: ())
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        let degiro = try s.importing("degiro", [files.transactions, files.account], portfolio: "D")
        #expect(degiro.status == 0, "\(degiro.stderr)")
        let notes = degiro.stdout.split(separator: "\n").filter { $0.contains("ISIN") }
        #expect(
            notes == ["  JNJ takes its ISIN US4781601046", "  AAPL takes its ISIN US0378331005"],
            "\(degiro.stdout)"
        )
        let holdings = try s.folio(["table", "holdings", "--portfolio", "D", "--format", "csv"])
        #expect(holdings.status == 0 && !holdings.stderr.contains("missing quote"), "\(holdings.stderr)")
        let rows = holdings.stdout.split(separator: "\r\n").map { String($0.prefix { $0 != "," }) }
        #expect(rows.contains("AAPL") && rows.contains("JNJ") && !rows.contains { $0.hasPrefix("US") }, "\(rows)")
    }

    /// A fund Folio does not know is named by its ISIN, and the import says the command that books it
    /// under the code the user has; run as said, it does.
    @Test func anAssetNamedByItsISINSaysHowToMergeIt() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let transactions = try s.file(
            "Transactions.csv",
            OwnBrokerFiles.degiro(
                OwnBrokerFiles.degiroTransactionsHeader,
                [
                    "04-01-2024,09:05,VANGUARD FTSE AW,IE00B3RBWM25,EAM,XAMS,8,\"110,2000\",EUR,\"-881,60\",EUR,\"-881,60\",EUR,,\"-1,00\",EUR,\"-882,60\",EUR,0a4c7e21-3b9d-4f6e-8d2a-5c1b9e7f3a10"
                ]
            )
        )
        let quotes = try s.file(
            "vwrl.csv",
            "date,asset,currency,price,market,source\n2024-01-04,VWRL,EUR,110.40,exchange,hand\n"
        )
        #expect(try s.folio(["import", "quotes", quotes]).status == 0)
        let imported = try s.importing("degiro", [transactions], portfolio: "D")
        #expect(imported.status == 0, "\(imported.stderr)")
        let note =
            "  created IE00B3RBWM25 (\"VANGUARD FTSE AW\"), named by its ISIN: folio asset merge IE00B3RBWM25 CODE books it under a code you have"
        #expect(imported.stdout.split(separator: "\n").contains { $0 == note }, "\(imported.stdout)")
        let merged = try s.folio(["asset", "merge", "IE00B3RBWM25", "VWRL"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try s.column("SELECT isin FROM asset WHERE code = 'VWRL'") == ["IE00B3RBWM25"])
        #expect(
            try s.column("SELECT a.code FROM trade t JOIN asset a ON a.id = t.asset_id") == ["VWRL"]
        )
    }

    /// An asset an import creates where the database holds other securities may be one of them under
    /// another code: the note says the command that merges it. Into a database with none, it is only said.
    @Test func aCreatedAssetSaysHowToMergeItWhereThereAreOthers() throws {
        let row =
            "Market buy,2017-05-04 15:30:12,US7134481081,PEP,\"PepsiCo\",2.0000000000,110.50,USD,1.09300,,\"EUR\",202.77,\"EUR\",,,,EOF1030005,0.57,\"EUR\""
        let file = OwnBrokerFiles.trading212(OwnBrokerFiles.trading212Rows + [row])
        let demo = try ImportScratch(demoCopy: ())
        defer { demo.remove() }
        let intoDemo = try demo.importing("trading212", [try demo.file("t212.csv", file)], portfolio: "T")
        #expect(intoDemo.status == 0, "\(intoDemo.stderr)")
        let created = intoDemo.stdout.split(separator: "\n").filter { $0.contains("created PEP") }
        #expect(
            created == [
                "  created PEP (US7134481081, \"PepsiCo\"): folio asset merge PEP CODE books it under a code you have"
            ],
            "\(intoDemo.stdout)"
        )
        let empty = try ImportScratch()
        defer { empty.remove() }
        let intoEmpty = try empty.importing("trading212", [try empty.file("t212.csv", file)], portfolio: "T")
        #expect(intoEmpty.status == 0, "\(intoEmpty.stderr)")
        #expect(intoEmpty.stdout.contains("\n  created PEP (US7134481081, \"PepsiCo\")\n"), "\(intoEmpty.stdout)")
        #expect(!intoEmpty.stdout.contains("merge"), "\(intoEmpty.stdout)")
    }
}
