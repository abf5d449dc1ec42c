import Foundation
import Testing

/// The tear-sheet figures of both demo portfolios equal QuantStats' on the same daily returns. Every
/// literal below is what QuantStats 0.0.86 printed, run by
///
///     /tmp/qs/bin/python scripts/compare-quantstats.py .build/debug/folio
///
/// on `folio table daily-returns` of each portfolio (N = 252 for "Demo UAH", 365 for "DSX crypto"; the
/// rolling window ⌈N / 2⌉). Relative 1e-9 is far below the digits a table shows (its CSV and JSON write a
/// ratio to 15 significant digits).
@Suite struct QuantStatsAgreementTests {
    func expectQS(_ folio: Double?, _ qs: Double, _ what: String) {
        #expect(
            folio.map { abs($0 - qs) <= 1e-9 * max(1, abs(qs)) } == true,
            "\(what): folio \(folio.map(String.init(describing:)) ?? "null"), QuantStats \(qs)"
        )
    }

    /// qs.stats.value_at_risk, expected_shortfall, omega (rf 0, required return 0), best / worst with
    /// aggregate="YE", win_rate of days and with aggregate="ME", × 100 where Folio prints percent.
    @Test(arguments: [
        (
            "Demo UAH", "inception",
            [
                -2.4089624163437304, -3.069767836357688, 1.5346119703329886, 111.96980578682147, 2.030093027033719,
                56.56250000000001, 71.66666666666667,
            ]
        ),
        (
            "Demo UAH", "1M",
            [
                -2.399660140826009, -2.9965003949586397, 0.9056677790595601, -1.3747065074432907, -1.3747065074432907,
                60.86956521739131, 50,
            ]
        ),
        (
            "DSX crypto", "inception",
            [
                -4.886663404374918, -6.252044187125192, 1.4668485182786526, 213.15431409575663, 10.543711741759743,
                56.64335664335665, 50,
            ]
        ),
        (
            "DSX crypto", "1M",
            [
                -2.776194252697069, -3.7490965237185465, 3.106252489687301, 37.28424094303742, 37.28424094303742,
                80.64516129032258, 50,
            ]
        ),
    ])
    func performanceFiguresAreQuantStats(portfolio: String, period: String, qs: [Double]) throws {
        let table = try FolioProcess.json(["table", "performance", "--portfolio", portfolio])
        let row = try #require(table.row("period", period))
        for (column, value) in zip(
            [
                "value_at_risk", "expected_shortfall", "omega", "best_year", "worst_year", "positive_days",
                "positive_months",
            ],
            qs
        ) {
            expectQS(table.number(row, column), value, "\(portfolio) \(period) \(column)")
        }
    }

    /// A month is not annualised: "1 month" of DSX crypto was shown as XIRR 4,072.27 %.
    @Test func noPeriodUnderAYearIsAnnualisedOnTheDemo() throws {
        for portfolio in ["Demo UAH", "DSX crypto"] {
            let table = try FolioProcess.json(["table", "performance", "--portfolio", portfolio])
            for row in table.rows {
                let from = try #require(row["from"] as? String)
                let to = try #require(row["to"] as? String)
                let days =
                    Int(
                        ISO8601DateFormatter().date(from: to + "T00:00:00Z")!.timeIntervalSince(
                            ISO8601DateFormatter().date(from: from + "T00:00:00Z")!
                        ) / 86_400
                    ) + 1
                for column in ["twr_annualised", "xirr", "calmar"] {
                    #expect(
                        (row[column] is NSNull) == (days < 365),
                        "\(portfolio) \(row["period"]!) \(column) over \(days) days"
                    )
                }
                #expect(!(row["mwr"] is NSNull), "\(portfolio) \(row["period"]!)")
            }
        }
        let dsx = try FolioProcess.json(["table", "performance", "--portfolio", "DSX crypto"])
        let month = try #require(dsx.row("period", "1M"))
        // Nothing moved in or out that month: the money-weighted return is the time-weighted one.
        #expect(abs((dsx.number(month, "mwr") ?? .nan) - 37.28424094303742) < 1e-9)
    }

    /// qs.stats.rolling_volatility(r, rolling_period=⌈N/2⌉, periods_per_year=N) × 100 and rolling_sharpe
    /// (rf 0): the number of full windows, and the first, a middle and the last of them.
    @Test(arguments: [
        (
            "Demo UAH", 1155,
            [
                ("2013-08-29", 10.590502565654289, 2.2058439684293525),
                ("2015-11-23", 25.417821360827947, 2.036132257707907),
                ("2018-02-07", 13.89386711832806, 3.179560267649269),
            ]
        ),
        (
            "DSX crypto", 104,
            [
                ("2020-03-19", 59.816641880797405, 2.6482738802638797),
                ("2020-05-10", 68.45876878549394, 2.3801829273859245),
                ("2020-06-30", 66.21991622561502, 3.7455659729372295),
            ]
        ),
    ])
    func rollingFiguresAreQuantStats(portfolio: String, windows: Int, points: [(String, Double, Double)]) throws {
        let volatility = try FolioProcess.json(["table", "rolling-volatility", "--portfolio", portfolio])
        let sharpe = try FolioProcess.json(["table", "rolling-sharpe", "--portfolio", portfolio])
        #expect(volatility.rows.count == windows && sharpe.rows.count == windows)
        for (day, vol, ratio) in points {
            expectQS(volatility.number(volatility.row("day", day), "volatility"), vol, "\(portfolio) volatility \(day)")
            expectQS(sharpe.number(sharpe.row("day", day), "sharpe"), ratio, "\(portfolio) sharpe \(day)")
        }
    }

    /// qs.stats.comp of each period's returns; the annualised ones over calendar days (README).
    @Test func trailingReturnsAreTheCompoundedDays() throws {
        let uah = try FolioProcess.json(["table", "trailing-returns", "--portfolio", "Demo UAH"])
        #expect(uah.rows.map { $0["period"] as? String } == ["MTD", "3M", "6M", "YTD", "1Y", "3Y", "inception"])
        for (period, value) in [
            ("MTD", -6.727433044135878), ("3M", 7.492234159493938), ("6M", 22.520054503541665),
            ("YTD", 2.030093027033719), ("1Y", 36.35585726798656), ("3Y", 155.8318135528462),
            ("inception", 902.2877305137932),
        ] {
            expectQS(uah.number(uah.row("period", period), "twr"), value, "Demo UAH \(period)")
        }
        expectQS(uah.number(uah.row("period", "3Y"), "twr_annualised"), 36.72904362495197, "Demo UAH 3Y (ann.)")
        let dsx = try FolioProcess.json(["table", "trailing-returns", "--portfolio", "DSX crypto"])
        expectQS(dsx.number(dsx.row("period", "6M"), "twr"), 210.0809071699177, "DSX 6M")
        // DSX's value was below zero until 18 Sep 2019: its returns start there, 287 days up to the as-of
        // day, and a total over fewer than 365 days is not put per year (it was 216.86 % from 4 Jun 2019).
        let inception = try #require(dsx.row("period", "inception"))
        #expect(inception["from"] as? String == "2019-09-18")
        #expect(inception["twr_annualised"] is NSNull)
    }

    /// qs.stats.drawdown_details: the deepest drawdown's depth, valley and days below the peak.
    @Test(arguments: [
        ("Demo UAH", -31.796518850989454, "2015-08-25", 453), ("DSX crypto", -23.712992549442557, "2020-04-05", 74),
    ])
    func theDeepestDrawdownIsQuantStats(portfolio: String, depth: Double, trough: String, days: Int) throws {
        let table = try FolioProcess.json(["table", "drawdowns", "--portfolio", portfolio])
        let first = try #require(table.rows.first)
        expectQS(table.number(first, "depth"), depth, "\(portfolio) depth")
        #expect(first["trough"] as? String == trough && table.number(first, "days") == Double(days))
    }
}
