import Foundation
import Testing

/// `folio table` on the database built from `samples/`, checked against numbers computed here from the
/// same sample files.
@Suite struct TableCommandTests {
    @Test func holdingsOfDemoUAHAreWhatTheTradesFileImplies() throws {
        // time,side,asset,quantity,price,price_currency,fee,fee_currency,id
        let trades = try DemoDatabase.rows("demo-uah-trades.csv")
        // time,type,currency,amount,fee,status,id
        let cash = try DemoDatabase.rows("demo-uah-transactions.csv")
        var expected: [String: Double] = [:]
        for t in trades {
            let sign: Double = t[1] == "buy" ? 1 : -1
            let (quantity, price, fee) = (Double(t[3])!, Double(t[4])!, Double(t[6])!)
            expected[t[2], default: 0] += sign * quantity
            expected[t[5], default: 0] -= sign * quantity * price
            expected[t[7], default: 0] -= fee
        }
        for c in cash where c[5] == "completed" {
            let (amount, fee) = (Double(c[3])!, Double(c[4])!)
            expected[c[2], default: 0] += c[1] == "deposit" ? amount - fee : -(amount + fee)
        }

        let table = try FolioProcess.json(["table", "holdings", "--portfolio", "Demo UAH"])
        for asset in ["AAPL", "JPM", "NVDA", "USD", "UAH"] {
            let quantity = try #require(table.number(table.row("asset", asset), "quantity"), "\(asset)")
            #expect(abs(quantity - expected[asset]!) <= 1e-6, "\(asset): \(quantity) vs \(expected[asset]!)")
        }
        #expect(expected["AAPL"] == 113 && expected["JPM"] == 267)
        // The default as-of is the stocks' last quote (2018-02-07), so every value is known.
        let total = try #require(table.number(table.row("asset", "Total"), "value_uah"))
        let sum = table.rows.filter { $0["asset"] as? String != "Total" }.compactMap { table.number($0, "value_uah") }
            .reduce(0, +)
        #expect(abs(total - sum) <= 1e-6 * total)
    }

    @Test(arguments: ["asset", "kind", "currency"])
    func allocationPercentsAddUpTo100(_ grouping: String) throws {
        for portfolio in ["Demo UAH", "DSX crypto"] {
            let table = try FolioProcess.json(["table", "allocation", "--portfolio", portfolio, "--by", grouping])
            #expect(table.columns.first?.name == grouping)
            let slices = table.rows.filter { $0[grouping] as? String != "Total" }
            let sum = slices.compactMap { table.number($0, "percent") }.reduce(0, +)
            #expect(slices.count > 1)
            #expect(abs(sum - 100) < 1e-9, "\(portfolio) by \(grouping): \(sum)")
            #expect(table.number(table.row(grouping, "Total"), "percent") == 100)
        }
    }

    @Test func dsxDiagnosticsShowTheNegativeEURAndLTCBalances() throws {
        let diagnostics = try FolioProcess.json(["table", "diagnostics", "--portfolio", "DSX crypto"])
        #expect(diagnostics.columns.map(\.name) == ["asset", "time", "after", "balance"])
        for asset in ["EUR", "LTC"] {
            let rows = diagnostics.rows.filter { $0["asset"] as? String == asset }
            #expect(!rows.isEmpty, "\(asset)")
            #expect(rows.allSatisfy { (diagnostics.number($0, "balance") ?? 0) < 0 })
            #expect(rows.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        }
        // samples/dsx/SOURCE.md: replaying every complete row, eur ends at
        // -5.196753078 and ltc at -0.039.
        let holdings = try FolioProcess.json(["table", "holdings", "--portfolio", "DSX crypto"])
        #expect(abs(holdings.number(holdings.row("asset", "EUR"), "quantity")! - -5.196753078) < 1e-9)
        #expect(abs(holdings.number(holdings.row("asset", "LTC"), "quantity")! - -0.039) < 1e-12)
        let filtered = try FolioProcess.json(["table", "diagnostics", "--portfolio", "DSX crypto", "--asset", "LTC"])
        #expect(Set(filtered.rows.compactMap { $0["asset"] as? String }) == ["LTC"])
    }

    @Test func undefinedValuesAreNullInJSONAndTheMissingQuotesAreNamedOnStderr() throws {
        // Stock quotes end on 2018-02-07: more than 7 days before, so the stocks cannot be valued.
        let result = try FolioProcess.table([
            "table", "holdings", "--portfolio", "Demo UAH", "--as-of", "2019-06-01", "--format", "json",
        ])
        let table = try JSONTable(result.stdout)
        let aapl = try #require(table.row("asset", "AAPL"))
        #expect(aapl["quantity"] as? Double == 113)
        #expect(aapl["value_uah"] is NSNull)
        #expect(aapl["rate"] is NSNull)
        #expect(table.row("asset", "Total")?["value_uah"] is NSNull)
        #expect(table.number(table.row("asset", "USD"), "rate") != nil)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 10, "one line per stock: \(result.stderr)")
        #expect(
            lines.contains { $0.contains("AAPL/USD") && $0.contains("2018-02-07T00:00:00Z") && $0.contains("too old") }
        )
        #expect(!result.stdout.contains("missing"))
    }

    @Test func csvIsRFC4180AndCarriesTheJSONNumbersExactly() throws {
        let arguments = ["table", "income", "--portfolio", "DSX crypto", "--method", "average"]
        let csv = try FolioProcess.table(arguments + ["--format", "csv"]).stdout
        let jsonText = try FolioProcess.table(arguments + ["--format", "json"]).stdout
        let json = try JSONTable(jsonText)
        #expect(csv.hasSuffix("\r\n"))
        let records = try RFC4180.parse(csv)
        #expect(records.first == json.columns.map(\.name))
        #expect(records.count == json.rows.count + 1)
        #expect(json.rows.contains { $0["average_cost_usd"] is NSNull })
        // Each CSV record written as a JSON row must be in the JSON text verbatim: the same shortest
        // full-precision number text, and null exactly where CSV has an empty field. (Compared as
        // text because JSONSerialization does not read every double back to the last bit.)
        for record in records.dropFirst() {
            let members = zip(record, json.columns).map { field, column in
                let value =
                    ["number", "percent"].contains(column.kind)
                    ? (field.isEmpty ? "null" : field)
                    : (field.isEmpty ? "null" : "\"\(field)\"")
                return "\"\(column.name)\":\(value)"
            }
            let row = "{" + members.joined(separator: ",") + "}"
            #expect(jsonText.contains(row), "\(row)")
            for field in record where Double(field) != nil {
                #expect(field == "\(Double(field)!)" || field == "\(Int(field) ?? -1)")
            }
        }
        // Budget categories are Cyrillic; a category with a comma or quote would be quoted.
        let budget = try RFC4180.parse(
            try FolioProcess.table(["table", "budget-categories", "--format", "csv"]).stdout
        )
        #expect(budget.first == ["kind", "category", "amount", "share"])
        #expect(budget.contains { $0[1] == "Зарплатня" })
    }

    @Test func textIsAlignedUnderAHeaderAndARule() throws {
        let text = try FolioProcess.table(["table", "allocation", "--portfolio", "Demo UAH"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].split(separator: " ") == ["asset", "value", "percent", "assets"])
        #expect(lines[1].allSatisfy { $0 == "-" || $0 == " " })
        // Numbers are right-aligned: every value ends in the same column as the rule above it.
        let valueEnd =
            lines[1].split(separator: " ", omittingEmptySubsequences: true).prefix(2).map(\.count).reduce(0, +) + 2
        for line in lines.dropFirst(2) {
            let end = line.index(line.startIndex, offsetBy: valueEnd)
            #expect(line[..<end].last?.isNumber == true, "\(line)")
        }
        #expect(lines.last?.hasPrefix("Total") == true)
        #expect(lines.last?.contains("100.00 %") == true)
    }

    @Test func sevenDayWindowOfBTCMatchesTheQuotesFile() throws {
        // date,asset,currency,price,market,source
        let btc = try DemoDatabase.rows("crypto-usd-generated.csv").filter {
            $0[1] == "BTC" && $0[0] >= "2020-06-23" && $0[0] <= "2020-06-30"
        }
        let prices = btc.map { Double($0[3])! }
        let table = try FolioProcess.json(["table", "window", "--asset", "BTC", "--as-of", "2020-06-30"])
        let row = try #require(table.rows.first)
        #expect(row["asset"] as? String == "BTC")
        // From the close 7 days before (the change's base) to the last: 8 daily closes.
        #expect(row["count"] as? Int == 8)
        #expect(row["first_time"] as? String == "2020-06-23T00:00:00Z")
        #expect(table.number(row, "first") == prices.first)
        #expect(table.number(row, "last") == prices.last)
        #expect(table.number(row, "min") == prices.min())
        #expect(table.number(row, "max") == prices.max())
        #expect(abs(table.number(row, "average")! - prices.reduce(0, +) / 8) < 1e-9)

        // Too few points is a result, not an error: every statistic null, the count 0.
        let empty = try FolioProcess.json(["table", "window", "--asset", "BTC", "--as-of", "2018-01-01"])
        #expect(empty.rows.first?["count"] as? Int == 0)
        #expect(empty.rows.first?["first"] is NSNull)
    }

    @Test func correlationOfTheDSXAssetsIsSymmetricWithOnesOnTheDiagonal() throws {
        let table = try FolioProcess.json(["table", "correlation", "--portfolio", "DSX crypto"])
        let assets = table.rows.compactMap { $0["asset"] as? String }
        #expect(assets.contains("BTC") && assets.contains("ETH"))
        #expect(table.columns.map(\.name) == ["asset"] + assets)
        for a in table.rows {
            let name = a["asset"] as! String
            #expect(abs(table.number(a, name)! - 1) < 1e-12)
            for b in assets {
                let ab = table.number(a, b)
                let ba = table.number(table.row("asset", b), name)
                #expect(ab == ba)
                #expect((ab ?? 0) >= -1 && (ab ?? 0) <= 1)
            }
        }
        // Stocks and crypto never overlap in the samples: undefined, not 0.
        let apart = try FolioProcess.json([
            "table", "correlation", "--asset", "AAPL", "--asset", "BTC",
            "--from", "2017-06-01", "--to", "2019-06-30", "--calendar", "union",
        ])
        #expect(apart.row("asset", "AAPL")?["BTC"] is NSNull)
    }

    @Test func valueSeriesEndsAtTheValuedHoldings() throws {
        let value = try FolioProcess.json(["table", "value", "--portfolio", "Demo UAH", "--asset", "AAPL"])
        #expect(
            value.columns.map(\.name) == [
                "day", "value", "net_deposits", "income", "realised", "unrealised", "received", "AAPL",
            ]
        )
        #expect(value.rows.count == 365)  // 12 months ending 2018-02-07
        #expect(value.rows.last?["day"] as? String == "2018-02-07")
        let holdings = try FolioProcess.json(["table", "holdings", "--portfolio", "Demo UAH"])
        let total = holdings.number(holdings.row("asset", "Total"), "value_uah")!
        #expect(abs(value.number(value.rows.last, "value")! - total) < 1e-6 * total)
        #expect(
            abs(value.number(value.rows.last, "AAPL")! - holdings.number(holdings.row("asset", "AAPL"), "value_uah")!)
                < 1e-6
        )
    }

    @Test func flowsOf2013AreTheDepositsOfTheTransactionsFileInHryvnias() throws {
        // NBU USD/UAH of each day (date,asset,currency,price,market,source).
        let usd = Dictionary(
            try DemoDatabase.rows("nbu-rates.csv").filter { $0[1] == "USD" }.map { ($0[0], Double($0[3])!) },
            uniquingKeysWith: { $1 }
        )
        var expected = 0.0
        for c in try DemoDatabase.rows("demo-uah-transactions.csv") where c[0].hasPrefix("2013") && c[1] == "deposit" {
            expected += Double(c[3])! * (c[2] == "USD" ? usd[String(c[0].prefix(10))]! : 1)
        }
        let flows = try FolioProcess.json([
            "table", "flows", "--portfolio", "Demo UAH", "--from", "2013-01-01", "--to", "2013-12-31",
        ])
        #expect(flows.rows.count == 12)
        let deposits = flows.rows.compactMap { flows.number($0, "deposits") }.reduce(0, +)
        #expect(abs(deposits - expected) < 1e-6, "\(deposits) vs \(expected)")
    }

    @Test func compositionPercentsAddUpTo100InEveryPeriod() throws {
        let table = try FolioProcess.json(["table", "composition", "--portfolio", "Demo UAH", "--period", "year"])
        let years = Set(table.rows.compactMap { $0["year"] as? String })
        #expect(years == ["2014", "2015", "2016", "2017", "2018"])
        for year in years {
            let sum = table.rows.filter { $0["year"] as? String == year }.compactMap { table.number($0, "percent") }
                .reduce(0, +)
            #expect(abs(sum - 100) < 1e-9, "\(year): \(sum)")
        }
    }

    @Test func incomeMethodsDifferOnlyInHowSalesAreMatched() throws {
        var realised: [String: Double] = [:]
        for method in ["fifo", "average", "lifo"] {
            let table = try FolioProcess.json(["table", "income", "--portfolio", "Demo UAH", "--method", method])
            realised[method] = table.number(table.row("asset", "Total"), "realised_uah")
            let quantity = table.number(table.row("asset", "AAPL"), "quantity")
            #expect(quantity == 113)
        }
        #expect(Set(realised.values).count == 3, "\(realised)")
    }

    /// Every table runs on the demo data and prints the documented JSON shape.
    @Test(arguments: [
        "holdings --portfolio DSX --from 2019-09-01 --to 2019-09-30", "value --portfolio DSX",
        "allocation --portfolio DSX",
        "composition --portfolio DSX", "income --portfolio DSX", "flows --portfolio DSX", "diagnostics --portfolio DSX",
        "prices --asset USD --from 2020-12-01", "window --portfolio DSX",
        "returns --asset AAPL --asset MSFT --window 10",
        "correlation --asset AAPL --asset MSFT --asset KO", "rolling-correlation --asset BTC --asset ETH --window 20",
        "normalised --asset BTC --asset ETH --normalise rebase", "budget", "budget-months", "budget-categories",
    ])
    func everyTableHasTheJSONShape(_ command: String) throws {
        let arguments = command.split(separator: " ").map { $0 == "DSX" ? "DSX crypto" : String($0) }
        let table = try FolioProcess.json(["table"] + arguments)
        #expect(!table.rows.isEmpty)
        #expect(table.columns.allSatisfy { ["text", "number", "percent", "time", "day"].contains($0.kind) })
        for row in table.rows { #expect(Set(row.keys) == Set(table.columns.map(\.name))) }
    }

    /// `--asset` and `--normalise` are spelt as `folio chart` spells them; the older spellings still work.
    @Test func assetsAndNormaliseAreSpeltAsInFolioChart() throws {
        let repeated = try FolioProcess.table([
            "table", "normalised", "--asset", "BTC", "--asset", "ETH", "--normalise", "rebase",
        ]).stdout
        for arguments in [
            ["--asset", "BTC", "ETH", "--normalise", "rebased"], ["--asset", "BTC,ETH", "--normalise", "REBASED"],
        ] {
            #expect(try FolioProcess.table(["table", "normalised"] + arguments).stdout == repeated, "\(arguments)")
        }
        let minMax = try FolioProcess.table(["table", "normalised", "--asset", "BTC", "ETH", "--normalise", "min-max"])
            .stdout
        #expect(
            minMax
                == (try FolioProcess.table(["table", "normalised", "--asset", "BTC", "ETH", "--normalise", "minmax"])
                    .stdout)
        )
        #expect(minMax == (try FolioProcess.table(["table", "normalised", "--asset", "BTC", "ETH"]).stdout))
        #expect(minMax != repeated)
    }

    /// Bad input: a non-zero exit and one line on stderr naming the argument, nothing on stdout.
    @Test(arguments: [
        ("table nosuch", "Error: NAME: unknown table \"nosuch\""),
        ("table holdings --portfolio Nope", "Error: --portfolio: no portfolio named \"Nope\""),
        ("table holdings", "Error: --portfolio: name the portfolio, one of \"DSX crypto\", \"Demo UAH\""),
        ("table window --asset NOPE", "Error: --asset: unknown asset NOPE"),
        ("table holdings --portfolio DSX --market moon", "Error: --market: unknown market moon"),
        (
            "table value --portfolio DSX --from 2020-02-01 --to 2020-01-01",
            "Error: --from: 2020-02-01 is after --to 2020-01-01"
        ),
        (
            "table correlation --asset BTC --from 2010-01-01 --to 2010-02-01",
            "Error: --from/--to: no BTC quote between 2010-01-01 and 2010-02-01"
        ),
        (
            "table value --portfolio DSX --to 2010-01-01",
            "Error: --to: 2010-01-01 is before the first trade or transaction of \"DSX crypto\" (2019-06-04)"
        ),
        (
            "table budget --from 2020-01-01 --to 2020-12-31",
            "Error: --from/--to: no budget entries between 2020-01-01 and 2020-12-31"
        ),
        (
            "table holdings --portfolio DSX --as-of 2019-02-30",
            "Error: --as-of: \"2019-02-30\" is not a date such as 2024-03-31"
        ),
        ("table window --asset BTC --period year", "Error: --period: not used by the window table"),
        (
            "table rolling-correlation --asset BTC",
            "Error: --asset: rolling-correlation takes exactly two assets, 1 given"
        ),
        ("table allocation --portfolio DSX --by colour", "Error: --by: \"colour\" is not one of asset, kind, currency"),
        ("table holdings --portfolio DSX --format xml", "Error: --format: \"xml\" is not one of text, csv, json"),
    ])
    func badInputIsOneLineNamingTheArgument(_ command: String, _ expected: String) throws {
        let arguments = command.split(separator: " ").map { $0 == "DSX" ? "DSX crypto" : String($0) }
        let result = try FolioProcess.run(arguments + ["--db", try DemoDatabase.path()])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix(expected) == true, "\(result.stderr)")
    }

    @Test func helpListsEveryTableWithExamples() throws {
        let help = try FolioProcess.run(["table", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("--db"))
        for name in ["holdings", "rolling-correlation", "budget-categories"] {
            #expect(help.stdout.contains("\n  \(name) "))
        }
        #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// The demo's generated crypto prices move together as real coins do: a common market factor.
    @Test func demoCoinsCorrelateAsRealCoinsDo() throws {
        let matrix = try FolioProcess.json([
            "table", "correlation", "--asset", "BTC", "ETH", "LTC", "USDT", "--to", "2020-06-30",
        ])
        let btc = matrix.row("asset", "BTC")
        for (coin, range) in [("ETH", 0.7...0.9), ("LTC", 0.6...0.9), ("USDT", -0.15...0.15)] {
            let r = try #require(matrix.number(btc, coin))
            #expect(range.contains(r), "BTC–\(coin): \(r)")
        }
    }
}

/// A strict RFC 4180 reader: CRLF record ends, quoted fields with doubled quotes, nothing else.
enum RFC4180 {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        chars.removeFirst()
                        field.unicodeScalars.append(c)
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty else { throw Malformed() }
                quoted = true
            } else if c == "," {
                record.append(field)
                field = ""
            } else if c == "\r" {
                guard chars.popFirst() == "\n" else { throw Malformed() }
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else if c == "\n" {
                throw Malformed()  // a bare LF ends no record in RFC 4180
            } else {
                field.unicodeScalars.append(c)
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { throw Malformed() }
        return records
    }

}
