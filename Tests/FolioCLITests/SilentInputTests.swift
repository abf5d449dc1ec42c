import Foundation
import Testing

/// Issue 30, "Inputs accepted wrongly, in silence": each line of it, as a user meets it on the command
/// line. On 8232a12 every one of these imports or listings succeeded (exit 0) with wrong or no data;
/// now each is one line naming the file, line and field, or the option, and writes nothing.
@Suite struct SilentInputTests {
    final class Folder {
        let url: URL
        let db: String
        init() throws {
            url = try Paths.temporaryDirectory()
            db = try FolioProcess.initialisedDatabase(in: url)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ text: String, _ name: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }

        func run(_ arguments: [String]) throws -> FolioProcess.Result {
            try FolioProcess.run(arguments + ["--db", db])
        }

        /// The stderr of a command that must fail.
        func refusal(_ arguments: [String]) throws -> String {
            let result = try run(arguments)
            #expect(result.status != 0, "\(arguments) succeeded: \(result.stdout)")
            return result.stderr
        }

        /// The stored quotes (of `asset`) as CSV rows, without the header.
        func quotes(_ asset: String? = nil) throws -> String {
            try run(["quotes", "list", "--format", "csv"] + (asset.map { ["--asset", $0] } ?? [])).stdout
                .split(separator: "\r\n").dropFirst().joined(separator: "\n")
        }
    }

    @Test func aRowWithMoreFieldsThanItsHeaderIsRefused() throws {
        let f = try Folder()
        let file = try f.write(
            "date,asset,currency,price,market,source\n2024-01-02,ZZE,USD,12,5,exchange,csv\n",
            "q.csv"
        )
        #expect(
            try f.refusal(["import", "quotes", file])
                == "Error: \(file):2: found 7 fields, expected 6 as in the header\n"
        )
        let wide = try f.write("date,USD\n2024-01-02,41,5\n", "w.csv")
        #expect(
            try f.refusal(["import", "csv", "--wide", "--date-column", "date", "--currency", "UAH", wide])
                == "Error: \(wide):2: found 3 fields, expected 2 as in the header\n"
        )
        let comma = try f.write("Date,Price\n2024-01-02,\"1,000\"\n", "c.csv")
        #expect(
            try f.refusal([
                "import", "csv", comma, "--columns", "date=Date,price=Price", "--asset", "ZZD", "--currency", "USD",
                "--decimal-comma",
            ])
                == "Error: --decimal-comma: numbers such as 12,5 need another delimiter than \",\", expected --delimiter \";\" as well\n"
        )
        #expect(try f.quotes().isEmpty)
    }

    @Test func ambiguousColumnsAreRefusedAndAnExactNameWins() throws {
        let f = try Folder()
        let two = try f.write("Date,Price,price_\n2024-01-02,10,20\n", "two.csv")
        let common = ["--asset", "ZZA", "--currency", "USD"]
        #expect(try f.run(["import", "csv", two, "--columns", "date=Date,price=price_"] + common).status == 0)
        #expect(try f.quotes("ZZA") == "ZZA,USD,exchange,2024-01-02T00:00:00Z,20,,,csv")
        #expect(
            try f.refusal(["import", "csv", two, "--columns", "date=Date,price=PRICE"] + common)
                == "Error: \(two):1: header: \"PRICE\" matches columns 2 \"Price\" and 3 \"price_\", expected one column\n"
        )
        let twice = try f.write("Date,Price,Price\n2024-01-03,10,20\n", "twice.csv")
        #expect(
            try f.refusal(["import", "csv", twice, "--columns", "date=Date,price=Price"] + common)
                == "Error: \(twice):1: header: \"Price\" matches columns 2 \"Price\" and 3 \"Price\", expected one column\n"
        )
        // `%` and `$` have no loose name: `$` is the column written so, never `%`.
        let symbols = try f.write("Date,%,$\n2024-01-03,10,20\n", "symbols.csv")
        #expect(
            try f.run([
                "import", "csv", symbols, "--columns", "date=Date,price=$", "--asset", "ZZS", "--currency", "USD",
            ]).status == 0
        )
        #expect(try f.quotes("ZZS") == "ZZS,USD,exchange,2024-01-03T00:00:00Z,20,,,csv")
        #expect(
            try f.refusal(["import", "csv", symbols, "--columns", "date=Date,price=€"] + common)
                == "Error: \(symbols):1: header: no \"€\" column for the price, expected one of \"Date\", \"%\", \"$\"\n"
        )
        #expect(
            try f.refusal(["import", "csv", two, "--columns", "date=Date,time=Date,price=Price"] + common)
                == "Error: --columns: found date= and time=, both the date column, expected each field once\n"
        )
        #expect(
            try f.refusal(["import", "csv", two, "--columns", "date=Date,price=Price,price=price_"] + common)
                == "Error: --columns: found price= twice, expected each field once\n"
        )
        // Ignoring ZZ-A ignored ZZA as well.
        let wide = try f.write("date,ZZ-A,ZZA\n2024-01-05,1,2\n", "wide.csv")
        #expect(
            try f.run([
                "import", "csv", "--wide", "--date-column", "date", "--currency", "USD", "--ignore-columns", "ZZ-A",
                wide,
            ]).status == 0
        )
        #expect(
            try f.quotes("ZZA")
                == "ZZA,USD,exchange,2024-01-02T00:00:00Z,20,,,csv\nZZA,USD,exchange,2024-01-05T00:00:00Z,2,,,csv"
        )
    }

    @Test func pricesOfZeroOrBelowAndQuotesOfACurrencyInItselfAreRefused() throws {
        let f = try Folder()
        let header = "date,asset,currency,price,market,source\n"
        for (row, expected) in [
            ("2024-01-02,ZZP,USD,0,exchange,x", "price: found \"0\", expected a number above zero"),
            (
                "2024-01-02,ZZP,USD,1e-400,exchange,x",
                "price: found \"1e-400\", expected a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"
            ),
            (
                "2024-01-02,USD,USD,1,exchange,x",
                "currency: found \"USD\", expected a currency other than the asset USD"
            ),
        ] {
            let file = try f.write(header + row + "\n", "q.csv")
            #expect(try f.refusal(["import", "quotes", file]) == "Error: \(file):2: \(expected)\n")
        }
        let zero = try f.write("Date,Price\n2024-01-02,-1\n", "z.csv")
        #expect(
            try f.refusal([
                "import", "csv", zero, "--columns", "date=Date,price=Price", "--asset", "ZZP", "--currency", "USD",
            ])
                == "Error: \(zero):2: Price: found \"-1\", expected a number above zero\n"
        )
        #expect(try f.run(["portfolio", "add", "IB", "--base", "USD"]).status == 0)
        let flex = try f.write(
            "Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,DateTime\nAAPL,BUY,1,,USD,1,20240311;093512\n",
            "ib.csv"
        )
        #expect(
            try f.refusal(["import", "ibkr-flex", "--portfolio", "IB", flex])
                == "Error: \(flex):2: TradePrice: found nothing, expected a number such as 12.5\n"
        )
        let hex = try f.write(#"[{"ccy":"USD","base_ccy":"UAH","buy":"0x10","sale":"0x11"}]"#, "hex.json")
        #expect(
            try f.refusal(["import", "privatbank-json", "--market", "cash", "--time", "2024-01-02T09:00:00Z", hex])
                == "Error: \(hex): [0].buy: found \"0x10\", expected a number above zero, up to 1e15\n"
        )
        let itself = try f.write(#"[{"ccy":"USD","base_ccy":"USD","buy":"1","sale":"1"}]"#, "itself.json")
        #expect(
            try f.refusal(["import", "privatbank-json", "--market", "cash", "--time", "2024-01-02T09:00:00Z", itself])
                == "Error: \(itself): USD/USD cash at 2024-01-02T09:00:00Z is a quote of USD in itself, expected one in another currency\n"
        )
        #expect(try f.quotes().isEmpty)
        #expect(try f.run(["trades", "list", "--format", "csv"]).stdout.split(separator: "\r\n").count == 1)
    }

    /// README: a saved answer is stored exactly as fetch stores it; fetch refuses a body that gives one
    /// quote twice at two prices, and so does its import.
    @Test func aSavedAnswerGivingAQuoteTwiceIsRefusedAsFetchRefusesIt() throws {
        let f = try Folder()
        let mono = try f.write(
            #"[{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateCross":38},{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateCross":39}]"#,
            "mono.json"
        )
        #expect(
            try f.refusal(["import", "monobank-json", mono])
                == "Error: \(mono): USD/UAH card at 2024-01-09T22:01:13Z is given twice with different prices: 38 and 39\n"
        )
        let privat = try f.write(
            #"[{"ccy":"EUR","base_ccy":"UAH","buy":"40","sale":"41"},{"ccy":"EUR","base_ccy":"UAH","buy":"42","sale":"43"}]"#,
            "privat.json"
        )
        #expect(
            try f.refusal(["import", "privatbank-json", "--market", "card", "--time", "2024-01-10T09:00:00Z", privat])
                == "Error: \(privat): EUR/UAH card at 2024-01-10T09:00:00Z is given twice with different prices: 40.5 (bid 40, ask 41) and 42.5 (bid 42, ask 43)\n"
        )
        #expect(try f.quotes().isEmpty)
    }

    /// A NUL was stored cut (`ab\0cd` as `ab`), so every later import said "differs".
    @Test func aNULInAFieldIsRefused() throws {
        let f = try Folder()
        let file = try f.write(
            "date,asset,currency,price,market,source\n2024-01-02,ZZN,USD,1,exchange,ab\0cd\n",
            "nul.csv"
        )
        #expect(
            try f.refusal(["import", "quotes", file]) == "Error: \(file):2: field 6: found a NUL byte, expected text\n"
        )
        #expect(try f.quotes().isEmpty)
    }

    @Test func everyDateIsFrom1970ToADayAfterNow() throws {
        let f = try Folder()
        let range = "expected a date from 1970-01-01 to a day from now"
        let leap = try f.write(
            "date,asset,currency,price,market,source\n2016-12-31T23:59:60Z,ZZL,USD,1,exchange,x\n",
            "leap.csv"
        )
        #expect(
            try f.refusal(["import", "quotes", leap])
                == "Error: \(leap):2: date: found \"2016-12-31T23:59:60Z\", expected an ISO 8601 date or time such as 2024-03-01 or 2024-03-01T09:30:00Z\n"
        )
        let privat = try f.write(#"[{"ccy":"EUR","base_ccy":"UAH","buy":"40","sale":"41"}]"#, "privat.json")
        for time in ["0000-01-01T00:00:00Z", "1969-06-01T00:00:00Z"] {
            #expect(
                try f.refusal(["import", "privatbank-json", "--market", "cash", "--time", time, privat])
                    == "Error: --time: \"\(time)\" is out of range, \(range)\n"
            )
        }
        #expect(try f.run(["portfolio", "add", "P", "--base", "USD"]).status == 0)
        let trades = try f.write(
            "time,side,asset,quantity,price,price_currency\n2017-01-03,buy,AAPL,1,116,USD\n9999-12-31,buy,AAPL,1,116,USD\n",
            "t.csv"
        )
        #expect(
            try f.refusal(["import", "trades", "--portfolio", "P", trades])
                == "Error: \(trades):3: time: found \"9999-12-31\", \(range)\n"
        )
        // One AAPL quote in 9999 made `chart line --asset AAPL` say "no quotes of AAPL".
        let aapl = try f.write(
            "date,asset,currency,price,market,source\n2017-01-03,AAPL,USD,116,exchange,x\n9999-12-31,AAPL,USD,1,exchange,x\n",
            "aapl.csv"
        )
        #expect(
            try f.refusal(["import", "quotes", aapl]) == "Error: \(aapl):3: date: found \"9999-12-31\", \(range)\n"
        )
        let pattern = try f.write("Date,Price\n2024-01-02-2025,1\n", "p.csv")
        #expect(
            try f.refusal([
                "import", "csv", pattern, "--columns", "date=Date,price=Price", "--asset", "ZZQ", "--currency", "USD",
                "--date-format", "yyyy-MM-dd-yyyy",
            ])
                == "Error: --date-format: found \"yyyy-MM-dd-yyyy\": \"yyyy\" repeats a field given before, expected each of yyyy, MM, dd, HH, mm, ss at most once, as in dd.MM.yyyy or yyyy-MM-dd HH:mm\n"
        )
        #expect(try f.quotes().isEmpty)
        #expect(
            try f.refusal([
                "chart", "line", "--asset", "AAPL", "--as-of", "9999-12-31", "--out",
                f.url.appendingPathComponent("a.png").path,
            ])
                == "Error: --as-of: \"9999-12-31\" is out of range, \(range)\n"
        )
        #expect(
            try f.refusal(["convert", "1", "USD", "UAH", "--date", "1969-12-31"])
                == "Error: --date: \"1969-12-31\" is out of range, \(range)\n"
        )
    }

    /// An empty list said nothing of the mistake.
    @Test(arguments: ["quotes", "trades", "transactions"]) func fromAfterToIsAnError(_ records: String) throws {
        let f = try Folder()
        #expect(
            try f.refusal([records, "list", "--from", "2024-02-01", "--to", "2024-01-01"])
                == "Error: --from: 2024-02-01 is after --to 2024-01-01\n"
        )
        #expect(
            try f.refusal([records, "list", "--to", "9999-12-31"])
                == "Error: --to: \"9999-12-31\" is out of range, expected a date from 1970-01-01 to a day from now\n"
        )
    }

    /// A budget plans ahead: its entries and its report's day may be up to a year after now.
    @Test func aBudgetIsReadAYearAhead() throws {
        let f = try Folder()
        let next = Calendar(identifier: .gregorian).date(byAdding: .month, value: 2, to: Date())!
        let day = String(ISO8601DateFormatter().string(from: next).prefix(10))
        let budget = try f.write("date,type,category,amount,currency\n\(day),expense,Rent,100,UAH\n", "b.csv")
        #expect(try f.run(["import", "budget", budget]).status == 0)
        let report = try f.run([
            "report", "budget", "--as-of", day, "--out", f.url.appendingPathComponent("b.pdf").path,
        ])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            try f.refusal(["report", "market", "--as-of", day, "--out", f.url.appendingPathComponent("m.pdf").path])
                == "Error: --as-of: \"\(day)\" is out of range, expected a date from 1970-01-01 to a day from now\n"
        )
    }
}
