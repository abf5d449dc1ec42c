import Foundation
import Testing

/// Issue 42, point 7: a trades file a spreadsheet saved with `;` between fields and decimal commas. The
/// import says that the separator is what is wrong and which options read the file, and they do.
@Suite struct DelimiterMessageTests {
    static let semicolons = """
        time;side;asset;quantity;price;price_currency;fee;fee_currency;id
        2017-01-03T15:00:00Z;buy;AAPL;10;116,15;USD;1;USD;t1
        2017-03-01T15:00:00Z;sell;AAPL;5;139;USD;0,5;USD;t2

        """

    @Test func aSemicolonFileIsNamedForItsSeparator() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let file = try s.file("trades.csv", Self.semicolons)
        #expect(
            try s.importing("trades", [file]).isRefusal(
                "\(file):1: header: found one column \"time;side;asset;quantity;price;price_cur…\": its names are separated by \";\", expected \",\"; --delimiter \";\" reads such a file"
            )
        )
        // Tabs are named as tabs (a message shows each as a space), and the option takes `tab`.
        let tabs = try s.file("tabs.csv", Self.semicolons.replacingOccurrences(of: ";", with: "\t"))
        #expect(
            try s.importing("trades", [tabs]).isRefusal(
                "\(tabs):1: header: found one column \"time side asset quantity price price_cur…\": its names are separated by tabs, expected \",\"; --delimiter tab reads such a file"
            )
        )
        // With the separator given, the decimal comma is the next thing said, with its option.
        #expect(
            try s.importing("trades", [file, "--delimiter", ";"]).isRefusal(
                "\(file):2: price: found \"116,15\", expected a number such as 12.5 with a decimal point; --decimal-comma reads a decimal comma"
            )
        )
        #expect(try s.column("SELECT count(*) FROM trade") == ["0"])
    }

    @Test func delimiterAndDecimalCommaReadIt() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let file = try s.file("trades.csv", Self.semicolons)
        let imported = try s.importing("trades", [file, "--delimiter", ";", "--decimal-comma"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            try s.column("SELECT side || ' ' || quantity || ' ' || price || ' ' || fee FROM trade ORDER BY time_ms")
                == ["buy 10.0 116.15 1.0", "sell 5.0 139.0 0.5"]
        )
    }

    /// A broker's export has the one layout its broker writes: `--delimiter` is refused naming the imports
    /// that take it, and a broker's file with `;` is named for its separator, without an option.
    @Test func aBrokersFileTakesNoDelimiter() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let file = try s.file("trades.csv", Self.semicolons)
        #expect(
            try s.importing("degiro", [file, "--delimiter", ";"]).isRefusal(
                "--delimiter: import degiro reads one layout; --delimiter is taken by import quotes, trades, transactions, budget and csv"
            )
        )
        #expect(
            try s.importing("trades", [file, "--columns", "date=time"]).isRefusal(
                "--columns: only import csv takes a column mapping"
            )
        )
        let t212 = try s.file(
            "t212.csv",
            OwnBrokerFiles.trading212(OwnBrokerFiles.trading212Rows).replacingOccurrences(of: ",", with: ";")
        )
        #expect(
            try s.importing("trading212", [t212]).isRefusal(
                "\(t212):1: header: found one column \"Action;Time;ISIN;Ticker;Name;No. of shar…\": its names are separated by \";\", expected \",\""
            )
        )
    }
}
