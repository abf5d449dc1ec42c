import Foundation
import Testing

/// Rows stored without an id take it when the same rows come again with one: a Ghostfolio or PP file
/// imported before Folio read their ids, or a hand-written CSV before the broker's file, is not booked
/// twice.
@Suite struct IdAdoptionTests {
    static let header = "time,side,asset,quantity,price,price_currency,fee,fee_currency"
    static let rows = [
        "2024-01-02T15:00:00Z,buy,AAPL,10,185.5,USD,1,USD",
        // The same trade twice in one file (two fills of one price): two rows, each adopting its own id.
        "2024-01-03T15:00:00Z,buy,MSFT,1,370,USD,0,USD",
        "2024-01-03T15:00:00Z,buy,MSFT,1,370,USD,0,USD",
    ]
    static let cash = [
        "time,type,currency,amount,fee,status",
        "2024-01-01T09:00:00Z,deposit,USD,5000,0,completed",
    ]

    @Test func theSameRowsWithTheirIdsAddNothingAndKeepTheIds() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let before = try s.file("before.csv", ([Self.header] + Self.rows).joined(separator: "\n") + "\n")
        let withIDs = try s.file(
            "with-ids.csv",
            ([Self.header + ",id"] + Self.rows.enumerated().map { "\($1),B\($0 + 1)" }).joined(separator: "\n")
                + "\n"
        )
        let cashBefore = try s.file("cash-before.csv", Self.cash.joined(separator: "\n") + "\n")
        let cashWithID = try s.file(
            "cash-ids.csv",
            (Self.cash[0] + ",id") + "\n" + Self.cash[1] + ",D1\n"
        )
        #expect(try s.folio(["portfolio", "add", "P", "--base", "USD"]).status == 0)
        for file in [before, cashBefore] {
            let kind = file == before ? "trades" : "transactions"
            #expect(try s.folio(["import", kind, "--portfolio", "P", file]).status == 0)
        }
        let trades = try s.folio(["import", "trades", "--portfolio", "P", withIDs])
        #expect(trades.status == 0, "\(trades.stdout)")
        #expect((trades.stdout + trades.stderr).contains("inserted 0, skipped 3 as duplicates"), "\(trades.stdout)")
        let deposit = try s.folio(["import", "transactions", "--portfolio", "P", cashWithID])
        #expect((deposit.stdout + deposit.stderr).contains("inserted 0, skipped 1 as duplicates"), "\(deposit.stderr)")
        #expect(try s.column("SELECT external_id FROM trade ORDER BY id") == ["B1", "B2", "B3"])
        #expect(try s.column("SELECT external_id FROM cash_transaction") == ["D1"])
        // And a third time, by id now.
        let again = try s.folio(["import", "trades", "--portfolio", "P", withIDs])
        #expect((again.stdout + again.stderr).contains("inserted 0, skipped 3 as duplicates"), "\(again.stderr)")
        #expect(try s.column("SELECT count(*) FROM trade") == ["3"])
    }
}
