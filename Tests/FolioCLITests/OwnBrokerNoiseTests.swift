import Foundation
import Testing

/// Issue 42, point 6: what an import says about a new user's own files is what happened to them, with
/// nothing a user must read past.
@Suite struct OwnBrokerNoiseTests {
    /// Account.csv's `DEGIRO Transaction Fee` rows are the fees of the trades of their orders, which
    /// Transactions.csv books: said so, not as a fee Folio does not know, and counted once (the account's
    /// last balance, 445.18 EUR, has the three fees of 0.54, 0.54 and 0.51 taken).
    @Test func degiroTransactionFeesAreTheTradesFees() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        let imported = try s.importing("degiro", [files.transactions, files.account], portfolio: "D")
        #expect(imported.status == 0, "\(imported.stderr)")
        let a = files.account
        let fees = imported.stdout.split(separator: "\n").filter { $0.contains("DEGIRO Transaction Fee") }
        #expect(
            fees == [
                "  ignored 3 rows of type \"DEGIRO Transaction Fee\": \(a):3, \(a):13, \(a):17 (a trade's fee: Folio reads it from Transactions.csv)"
            ],
            "\(imported.stdout)"
        )
        #expect(!imported.stdout.contains("fee Folio knows"), "\(imported.stdout)")
        #expect(
            try s.column("SELECT round(sum(fee), 2) FROM trade") == ["1.59"]
        )
    }

    /// A `DEGIRO Transaction Fee` row without an order id (statements of older years leave it out) has no
    /// trade to go with: it is booked as a fee of the account.
    @Test func aDegiroTransactionFeeWithoutAnOrderIsAnAccountFee() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let account = try s.file(
            "Account.csv",
            OwnBrokerFiles.degiro(
                OwnBrokerFiles.degiroAccountHeader,
                [
                    "03-04-2017,15:42,03-04-2017,APPLE INC,US0378331005,DEGIRO Transaction Fee,,EUR,\"-0,54\",EUR,\"1999,46\",",
                    "01-03-2017,10:12,01-03-2017,,,iDEAL Deposit,,EUR,\"2000,00\",EUR,\"2000,00\",",
                ]
            )
        )
        let imported = try s.importing("degiro", [account], portfolio: "D")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout
                == "\(account): 2 rows: 1 deposit, 1 account fee; inserted 2, skipped 0 as duplicates\n  created portfolio \"D\" with base currency EUR\n"
        )
        #expect(
            try s.column("SELECT kind || ' ' || amount FROM cash_transaction ORDER BY time_ms") == [
                "deposit 2000.0", "fee 0.54",
            ]
        )
    }

    /// `--base USD` on a portfolio created in EUR is a mistake about which portfolio this is: refused,
    /// naming both currencies, and nothing is written.
    @Test func aBaseThatDisagreesWithThePortfoliosIsRefused() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        #expect(try s.importing("trading212", [files.t212], portfolio: "T", base: "EUR").status == 0)
        let before = try s.ledger("T")
        let again = try s.importing("degiro", [files.transactions, files.account], portfolio: "T", base: "USD")
        #expect(
            again.isRefusal(
                "--base: portfolio \"T\" has base currency EUR, not USD; leave --base out to import into it, or give a new --portfolio to create one in USD"
            ),
            "\(again.stderr)"
        )
        #expect(try s.ledger("T") == before)
        #expect(try s.column("SELECT a.code FROM portfolio p JOIN asset a ON a.id = p.base_currency_id") == ["EUR"])
        // The same base is what the portfolio has: taken.
        let same = try s.importing("degiro", [files.transactions, files.account], portfolio: "T", base: "EUR")
        #expect(same.status == 0, "\(same.stderr)")
    }

    /// The summary says what the rows hold, and the currency exchanges the trades in dollars imply
    /// apart from them, so that what was inserted adds up to what is listed: 7 rows, 4 + 2 + 1 events and
    /// 4 exchanges, 11 records (it said "read 7, inserted 15" before, each dividend with an exchange).
    @Test func theSummaryCountsCurrencyExchangesApart() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let t212 = try OwnBrokerFiles.write(in: s).t212
        let first = try s.importing("trading212", [t212], portfolio: "T")
        #expect(first.status == 0, "\(first.stderr)")
        let said = first.stdout.split(separator: "\n").first.map(String.init)
        #expect(
            said
                == "\(t212): 7 rows: 4 trades, 2 dividends, 1 deposit; 4 currency exchanges; inserted 11, skipped 0 as duplicates",
            "\(first.stdout)"
        )
        let again = try s.importing("trading212", [t212], portfolio: "T")
        #expect(
            again.stdout
                == "\(t212): 7 rows: 4 trades, 2 dividends, 1 deposit; 4 currency exchanges; inserted 0, skipped 11 as duplicates\n",
            "\(again.stdout)"
        )
    }
}
