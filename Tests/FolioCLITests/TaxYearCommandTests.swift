import Foundation
import Testing

/// `folio table tax-year` on the demo database, its figures worked by hand from `samples/` (the trades
/// file and the NBU rates file), and its refusals.
@Suite struct TaxYearCommandTests {
    func parts(_ arguments: [String]) throws -> [String: JSONTable] {
        let result = try FolioProcess.run(
            ["table", "tax-year", "--db", try DemoDatabase.path(), "--format", "json"] + arguments
        )
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var parts: [String: JSONTable] = [:]
        for (name, part) in object {
            parts[name] = try JSONTable(
                String(decoding: try JSONSerialization.data(withJSONObject: part), as: UTF8.self)
            )
        }
        return parts
    }

    @Test func demoUAH2017SalesAsWorkedByHand() throws {
        let year = try parts(["--portfolio", "Demo UAH", "--year", "2017"])
        let sales = try #require(year["sales"])
        let totals = try #require(year["totals"])
        // DEMO-T0108 sold 8 AMZN @ 891.51 USD on 2017-04-03 (NBU 27.021745), fee 1 USD; FIFO closes 6 of
        // DEMO-T0004 (2013-04-01, 261.61, NBU 7.993, fee 1 USD for 6) and 2 of DEMO-T0016 (2013-09-03,
        // 288.80, NBU 7.993, fee 1 USD for 11).
        //   cost 6 × 261.61 × 7.993 = 12,546.29238 → 12,546.29, fee 1 × 7.993 → 7.99: 12,554.28
        //   proceeds 6 × 891.51 × 27.021745 = 144,540.9353… → 144,540.94, fee 6/8 × 27.021745 = 20.266… → 20.27: 144,520.67
        //   cost 2 × 288.80 × 7.993 = 4,616.7568 → 4,616.76, fee 2/11 × 7.993 = 1.453… → 1.45: 4,618.21
        //   proceeds 2 × 891.51 × 27.021745 = 48,180.3118… → 48,180.31, fee 2/8 × 27.021745 = 6.755… → 6.76: 48,173.55
        let expected: [(String, Double, String, Double, Double, Double, Double, Double)] = [
            ("AMZN", 6, "DEMO-T0004", 7.99, 12554.28, 20.27, 144520.67, 131966.39),
            ("AMZN", 2, "DEMO-T0016", 1.45, 4618.21, 6.76, 48173.55, 43555.34),
            // DEMO-T0129 sold 56 AAPL @ 171.05 on 2017-12-01 (NBU 27.155849); first lot: 20 of DEMO-T0005
            // (2013-04-01, 61.2728, NBU 7.993, fee 1 USD for 20):
            //   cost 20 × 61.2728 × 7.993 = 9,795.069808 → 9,795.07 + 7.99 = 9,803.06
            //   proceeds 20 × 171.05 × 27.155849 = 92,900.1594… → 92,900.16 − 20/56 × 27.155849 = 9.698… → 9.70: 92,890.46
            ("AAPL", 20, "DEMO-T0005", 7.99, 9803.06, 9.70, 92890.46, 83087.40),
        ]
        for (asset, units, buy, buyFee, cost, sellFee, proceeds, result) in expected {
            let row = try #require(sales.rows.first { $0["buy_external_id"] as? String == buy }, "\(buy)")
            #expect(row["asset"] as? String == asset && sales.number(row, "quantity") == units)
            #expect(sales.number(row, "buy_fee_uah") == buyFee && sales.number(row, "cost_uah") == cost)
            #expect(sales.number(row, "sell_fee_uah") == sellFee && sales.number(row, "proceeds_uah") == proceeds)
            #expect(sales.number(row, "result_uah") == result)
        }
        let amzn = try #require(sales.rows.first)
        #expect(amzn["buy_date"] as? String == "2013-04-01" && sales.number(amzn, "buy_rate") == 7.993)
        #expect(amzn["sell_date"] as? String == "2017-04-03" && sales.number(amzn, "sell_rate") == 27.021745)
        #expect(amzn["sell_external_id"] as? String == "DEMO-T0108")
        // Seven purchases closed by the three sales of 2017 (AMZN, NVDA, AAPL); their results sum to the net.
        #expect(sales.rows.count == 7)
        let kopecks = sales.rows.compactMap { sales.number($0, "result_uah") }.map { Int(($0 * 100).rounded()) }.reduce(
            0,
            +
        )
        func total(_ item: String) throws -> Double {
            try #require(totals.number(totals.row("item", item), "uah"), "\(item)")
        }
        #expect(kopecks == 68_042_662)
        #expect(try total("net_investment_profit") == 680426.62)
        // 2017: 18 % and 1.5 % (in force on 31 Dec 2017): 122,476.79 and 10,206.40.
        #expect(
            try total("personal_income_tax") == 122476.79 && total("military_levy") == 10206.40
                && total("tax_total") == 132683.19
        )
        #expect(totals.number(totals.row("item", "military_levy"), "percent") == 1.5)
        // No dividends in the demo: the income part is its total alone, zero.
        #expect(year["income"]?.rows.count == 1)
    }

    @Test func aBadRatesFileIsOneLineNamingTheFileLineAndKey() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tax-rates-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rates.yaml")
        try
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, law: x}]\nmilitary-levy:\n  - {percent: 105, law: x}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try FolioProcess.run([
            "table", "tax-year", "--db", try DemoDatabase.path(), "--portfolio", "Demo UAH", "--year", "2017",
            "--tax-rates", file.path,
        ])
        #expect(result.status != 0 && result.stdout.isEmpty)
        #expect(
            result.stderr
                == "Error: \(file.path): military-levy[0].percent (line 4): expected a percent from 0 to 100; found \"105\"\n"
        )
    }

    @Test func aRatesFileOfOnesOwnChangesTheTaxes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tax-own-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rates.yaml")
        try
            "carry-losses-forward: false\npersonal-income-tax: [{percent: 18, law: x}]\nmilitary-levy: [{percent: 5, law: y}]\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let totals = try #require(
            try parts(["--portfolio", "Demo UAH", "--year", "2017", "--tax-rates", file.path])["totals"]
        )
        // 680,426.62 × 5 % = 34,021.331 → 34,021.33; no carried losses without carrying.
        #expect(totals.number(totals.row("item", "military_levy"), "uah") == 34021.33)
        #expect(totals.rows.contains { $0["item"] as? String == "loss_from_earlier_years" } == false)
    }

    @Test(arguments: [
        (
            ["--portfolio", "Demo UAH"],
            "Error: --year: required for the tax-year table (the year to declare, e.g. --year 2024)\n"
        ),
        (
            ["--portfolio", "Demo UAH", "--year", "1969"],
            "Error: --year: 1969 is not a year from 1970 to \(Calendar(identifier: .gregorian).component(.year, from: Date()))\n"
        ),
        (
            ["--portfolio", "Demo UAH", "--year", "2017", "--market", "exchange"],
            "Error: --market: not used by the tax-year table, which converts at NBU rates only\n"
        ),
    ])
    func refusals(_ arguments: [String], _ message: String) throws {
        let result = try FolioProcess.run(["table", "tax-year", "--db", try DemoDatabase.path()] + arguments)
        #expect(result.status != 0 && result.stderr == message)
    }

    @Test func theYearIsReadByNoOtherTable() throws {
        let result = try FolioProcess.run(["table", "holdings", "--db", try DemoDatabase.path(), "--year", "2017"])
        #expect(result.stderr == "Error: --year: not used by the holdings table\n")
    }
}

/// `folio report tax` on the demo: Ukrainian unless asked otherwise, the table's figures on its pages,
/// read back from the PDF by a real reader.
@Suite struct TaxReportCommandTests {
    @Test func demoUAH2017InUkrainianAndInEnglish() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for locale in ["uk", "en"] {
            let pdf = directory.appendingPathComponent("tax-\(locale).pdf").path
            let arguments = [
                "report", "tax", "--db", try DemoDatabase.path(), "--portfolio", "Demo UAH", "--year", "2017", "--out",
                pdf,
            ]
            let result = try FolioProcess.run(arguments + (locale == "en" ? ["--locale", "en"] : []))
            // Two pages: the totals, then the sales with the year's income under them (a third page held
            // one sentence about dividends).
            #expect(result.status == 0 && result.stderr.hasSuffix("2 pages, tax year 2017\n"), "\(result.stderr)")
            let info = try FolioProcess.tool("pdfinfo", [pdf]).stdout
            #expect(info.contains("Pages:           2") && info.contains("841.89 x 595.28 pts (A4)"), "\(info)")
            func page(_ n: Int) throws -> String {
                try FolioProcess.tool("pdftotext", ["-layout", "-f", "\(n)", "-l", "\(n)", pdf, "-"]).stdout
            }
            let (one, two) = (try page(1), try page(2))
            if locale == "uk" {
                #expect(one.contains("Податковий рік 2017: Demo UAH") && one.contains("Це не податкова консультація"))
                #expect(
                    one.contains("680 426,62") && one.contains("122 476,79") && one.contains("10 206,40")
                        && one.contains("132 683,19"),
                    "\(one)"
                )
                #expect(two.contains("144 520,67") && two.contains("27,021745"), "\(two)")
            } else {
                #expect(one.contains("Tax year 2017: Demo UAH") && one.contains("It is not tax advice"))
                #expect(
                    one.contains("680,426.62") && one.contains("122,476.79") && one.contains("10,206.40")
                        && one.contains("132,683.19"),
                    "\(one)"
                )
                #expect(two.contains("144,520.67") && two.contains("27.021745"), "\(two)")
            }
            // Each sale traceable to both its trades.
            #expect(two.contains("DEMO-T0004") && two.contains("DEMO-T0016") && two.contains("DEMO-T0108"))
        }
    }
}
