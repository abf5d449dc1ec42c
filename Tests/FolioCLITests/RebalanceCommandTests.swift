import FolioTestSupport
import Foundation
import Testing

/// `folio target set|list|remove` and `folio table rebalance` on a database of their own: a USD
/// account that pays in 2000 and buys 10 AAPL at 100 and 5 MSFT at 200 on 3 Jun 2024 (no cash left),
/// both quoted at those prices that day. Worked by hand: total 2000, weights 50/50.
@Suite struct RebalanceCommandTests {
    static func scratch() throws -> ImportScratch {
        let s = try ImportScratch()
        let quotes = try s.file(
            "quotes.csv",
            "date,asset,currency,price,market,source\n2024-06-03,AAPL,USD,100,exchange,test\n"
                + "2024-06-03,MSFT,USD,200,exchange,test\n2024-06-03,VOO,USD,400,exchange,test\n"
        )
        let trades = try s.file(
            "trades.csv",
            """
            time,side,asset,quantity,price,price_currency,fee,fee_currency,id
            2024-06-03T15:00:00Z,buy,AAPL,10,100,USD,0,USD,T1
            2024-06-03T15:01:00Z,buy,MSFT,5,200,USD,0,USD,T2

            """
        )
        let cash = try s.file(
            "transactions.csv",
            "time,type,currency,amount,fee,status,id\n2024-06-03T09:00:00Z,deposit,USD,2000,0,completed,C1\n"
        )
        for arguments in [
            ["import", "quotes", quotes], ["portfolio", "add", "P", "--base", "USD"],
            ["import", "trades", "--portfolio", "P", trades],
            ["import", "transactions", "--portfolio", "P", cash],
        ] {
            let result = try s.folio(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return s
    }

    static func rebalance(_ s: ImportScratch, _ arguments: [String]) throws -> (JSONTable, String) {
        let result = try s.folio(
            ["table", "rebalance", "--portfolio", "P", "--as-of", "2024-06-03", "--format", "json"] + arguments
        )
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return (try JSONTable(result.stdout), result.stderr)
    }

    @Test func setListAndRemove() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let set = try s.folio(["target", "set", "--portfolio", "P", "aapl=60", "MSFT=40", "--relative-band", "25"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "set the targets of \"P\": by asset: AAPL=60 MSFT=40; band 5; relative band 25\n")
        #expect(try s.folio(["target", "list"]).stdout == "P\tby asset: AAPL=60 MSFT=40; band 5; relative band 25\n")
        let byClass = try s.folio([
            "target", "set", "--portfolio", "P", "--by", "class", "tech=100", "--class", "tech=AAPL,MSFT",
        ])
        #expect(byClass.status == 0, "\(byClass.stderr)")
        #expect(
            try s.folio(["target", "list", "--portfolio", "P"]).stdout
                == "P\tby class: tech=100 (AAPL,MSFT); band 5\n"
        )
        #expect(try s.folio(["target", "remove", "--portfolio", "P"]).status == 0)
        #expect(try s.folio(["target", "list"]).stdout == "")
        let again = try s.folio(["target", "remove", "--portfolio", "P"])
        #expect(again.status != 0 && again.stderr.contains("\"P\" has no targets"))
    }

    @Test(arguments: [
        (["AAPL=60", "MSFT=39.5"], "the weights add up to 99.5, not 100"),
        (["AAPL=60", "XYZ=40"], "XYZ: unknown asset XYZ"),
        (["stock=80", "fiat=20"], "STOCK: unknown asset STOCK (see `folio info`); stock is a kind: --by kind"),
        (["AAPL=110", "MSFT=-10"], "MSFT: weight -10 is not 0 or more"),
        (["AAPL=50", "AAPL=50"], "AAPL: given twice"),
        (["AAPL=50", "MSFT=50", "--band", "1e308"], "--band: \"1e308\" is not a number from 0 to 100"),
        (["--by", "kind", "stock=80", "bond=20"], "bond: not an asset kind"),
        (["AAPL=sixty", "MSFT=40"], "AAPL=sixty: \"sixty\" is not a percent"),
        (["--by", "class", "tech=100", "--class", "tech=AAPL,NOPE"], "--class tech: unknown asset NOPE"),
        (["--by", "class", "USD=100", "--class", "USD=AAPL,MSFT"], "--class USD: USD is an asset's code"),
    ])
    func badTargetsAreRefusedInOneLineAndChangeNothing(arguments: [String], message: String) throws {
        let s = try Self.scratch()
        defer { s.remove() }
        #expect(try s.folio(["target", "set", "--portfolio", "P", "AAPL=50", "MSFT=50"]).status == 0)
        let result = try s.folio(["target", "set", "--portfolio", "P"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try s.folio(["target", "list"]).stdout == "P\tby asset: AAPL=50 MSFT=50; band 5\n")
    }

    @Test func aTargetsFileIsReadAsTheCommandLineIs() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let file = try s.file("targets.yaml", "by: kind\nband: 4\nlines: {stock: 80, fiat: 20}\n")
        #expect(try s.folio(["target", "set", "--portfolio", "P", "--file", file]).status == 0)
        #expect(try s.folio(["target", "list"]).stdout == "P\tby kind: fiat=20 stock=80; band 4\n")
        let bad = try s.file("bad.yaml", "lines: {stock: 80, fiat: 30}\n")
        let result = try s.folio(["target", "set", "--portfolio", "P", "--file", bad])
        #expect(result.stderr.contains("bad.yaml: the weights add up to 110, not 100"), "\(result.stderr)")
    }

    @Test func withSellBuyTwoAAPLAndSellOneMSFT() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        #expect(try s.folio(["target", "set", "--portfolio", "P", "AAPL=60", "MSFT=40"]).status == 0)
        // Goals 60/40 of 2000: AAPL 1200 (+200 = 2 shares), MSFT 800 (−200 = 1 share).
        let (t, _) = try Self.rebalance(s, ["--sell"])
        #expect(
            t.columns.map(\.name) == [
                "line", "value_usd", "weight", "target", "drift_pp", "out_of_band", "trade_usd", "trade_quantity",
            ]
        )
        let aapl = t.row("line", "AAPL")
        let msft = t.row("line", "MSFT")
        #expect(t.number(aapl, "drift_pp") == -10 && aapl?["out_of_band"] as? String == "yes")
        #expect(t.number(aapl, "trade_usd") == 200 && t.number(aapl, "trade_quantity") == 2)
        #expect(t.number(msft, "trade_usd") == -200 && t.number(msft, "trade_quantity") == -1)
        #expect(t.number(t.row("line", "Total"), "trade_usd") == 0)
    }

    @Test func aDepositWithoutSellsBuysFiveAAPL() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        #expect(try s.folio(["target", "set", "--portfolio", "P", "AAPL=60", "MSFT=40"]).status == 0)
        // 500 in: goals 1500/1000 of 2500; AAPL lacks 500 = 5 shares, MSFT nothing.
        let (t, stderr) = try Self.rebalance(s, ["--cash", "500"])
        #expect(t.number(t.row("line", "AAPL"), "trade_quantity") == 5)
        #expect(t.number(t.row("line", "MSFT"), "trade_usd") == 0)
        #expect(t.number(t.row("line", "Total"), "trade_usd") == 500)
        #expect(stderr == "")
        // 250 in with whole shares: 2.5 AAPL would do; 2 are bought, 50 stays (worked in RebalancingTests).
        let (w, notes) = try Self.rebalance(s, ["--cash", "250", "--whole-shares"])
        #expect(w.number(w.row("line", "AAPL"), "trade_quantity") == 2)
        #expect(notes.contains("whole units: AAPL ends 150.00 USD below its target (-6.67 pp)"), "\(notes)")
        #expect(notes.contains("unspent: 50.00 USD stays in cash"), "\(notes)")
    }

    @Test func byKindTheStocksAreOneLine() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        #expect(try s.folio(["target", "set", "--portfolio", "P", "--by", "kind", "stock=80", "fiat=20"]).status == 0)
        // Stocks 2000 of 2000: 100 % against 80, 20 points over; with --sell, 400 of stocks sold into cash.
        let (t, _) = try Self.rebalance(s, ["--sell"])
        #expect(t.rows.map { $0["line"] as? String } == ["stock", "fiat", "Total"])
        #expect(t.number(t.row("line", "stock"), "drift_pp") == 20)
        #expect(t.number(t.row("line", "stock"), "trade_usd") == -400)
        #expect(t.number(t.row("line", "fiat"), "trade_usd") == 400)
        #expect(t.row("line", "stock")?["trade_quantity"] is NSNull)
    }

    @Test func aPortfolioWithoutTargetsNamesTheCommandThatSetsThem() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let result = try s.folio(["table", "rebalance", "--portfolio", "P"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\"P\" has no targets; set them with `folio target set"), "\(result.stderr)")
        let cash = try s.folio(["table", "rebalance", "--portfolio", "P", "--cash=-5"])
        #expect(cash.stderr.contains("--cash: \"-5\" is not an amount above 0"), "\(cash.stderr)")
        let huge = try s.folio(["table", "rebalance", "--portfolio", "P", "--cash", "1e308"])
        #expect(huge.stderr.contains("--cash: \"1e308\" is not an amount above 0 and at most 1e15"), "\(huge.stderr)")
    }

    /// A portfolio in hryvnias: 1000 USD paid in, 4 AAPL bought at 90 USD on 2024-01-09 (NBU 36.50) and
    /// 6 at 100 on 2024-01-10 (NBU 37.00); on 2024-06-03 AAPL is 150 USD and the dollar 40 UAH: AAPL
    /// 10 × 150 × 40 = 60,000, USD 40 × 40 = 1,600, total 61,600. Targets AAPL 50 USD 50 with --sell
    /// and whole shares: goals 30,800; 29,200 / 6,000 = 4.87 AAPL, sold as 5. FIFO: 4 at 90, 1 at 100:
    /// proceeds 30,000.00 − cost (13,140.00 + 3,700.00) = 13,160.00, taxed at the built-in rates of 2024
    /// (18 % and, on 31 Dec 2024, a 5 % military levy): 2,368.80 + 658.00 = 3,026.80. The real sale of
    /// all 10 on 2024-07-01, after the as-of day, takes no part: the estimate is of the ledger as of then.
    @Test func aSaleOfAPortfolioInHryvniasShowsItsTaxEstimate() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let quotes = try s.file(
            "quotes.csv",
            """
            date,asset,currency,price,market,source
            2024-01-09,USD,UAH,36.5,nbu,test
            2024-01-10,USD,UAH,37,nbu,test
            2024-06-03,USD,UAH,40,nbu,test
            2024-06-03,AAPL,USD,150,exchange,test

            """
        )
        let trades = try s.file(
            "trades.csv",
            """
            time,side,asset,quantity,price,price_currency,fee,fee_currency,id
            2024-01-09T15:00:00Z,buy,AAPL,4,90,USD,0,USD,T1
            2024-01-10T15:00:00Z,buy,AAPL,6,100,USD,0,USD,T2
            2024-07-01T15:00:00Z,sell,AAPL,10,160,USD,0,USD,T3

            """
        )
        let cash = try s.file(
            "transactions.csv",
            "time,type,currency,amount,fee,status,id\n2024-01-09T09:00:00Z,deposit,USD,1000,0,completed,C1\n"
        )
        for arguments in [
            ["import", "quotes", quotes], ["portfolio", "add", "U", "--base", "UAH"],
            ["import", "trades", "--portfolio", "U", trades],
            ["import", "transactions", "--portfolio", "U", cash],
            ["target", "set", "--portfolio", "U", "AAPL=50", "USD=50"],
        ] {
            let result = try s.folio(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let result = try s.folio([
            "table", "rebalance", "--portfolio", "U", "--as-of", "2024-06-03", "--sell", "--whole-shares", "--format",
            "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let t = try JSONTable(result.stdout)
        #expect(t.columns.map(\.name).suffix(3) == ["trade_uah", "trade_quantity", "tax_estimate_uah"])
        let aapl = t.row("line", "AAPL")
        #expect(t.number(aapl, "value_uah") == 60000 && t.number(aapl, "trade_quantity") == -5)
        #expect(t.number(aapl, "tax_estimate_uah") == 3026.8)
        #expect(t.row("line", "USD")?["tax_estimate_uah"] is NSNull)
        #expect(t.number(t.row("line", "Total"), "tax_estimate_uah") == 3026.8)
    }
}
