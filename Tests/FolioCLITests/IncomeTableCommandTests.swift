import FolioTestSupport
import Foundation
import Testing

/// `folio table income-calendar` and `income-yield` on a database of its own: a USD account that buys
/// 100 KO at 60.00, is paid 48.50 on 1 Apr and 1 Jul 2024 (0.485 a share, 15 % withheld: 7.275 each,
/// 41.225 net) and buys 20 more at 62.00 on 1 Aug. As of 30 Sep 2024, KO at 65.00, worked by hand:
/// - paid, Oct 2023 – Sep 2024: 97.00 gross, 14.55 withheld, 82.45 net, in April and July;
/// - projected, Oct 2024 – Sep 2025: each payment recurs twelve months later as 0.485 × 120 = 58.20, of
///   which 15 %, 8.73, withheld: 49.47 net; 116.40 gross and 98.94 net in all;
/// - yields: 116.40 ÷ (120 × 65.00 = 7,800.00) = 1.4923 %; on the FIFO cost 6,000 + 1,240 = 7,240:
///   1.6077 %.
@Suite struct IncomeTableCommandTests {
    static func scratch() throws -> ImportScratch {
        let s = try ImportScratch()
        let quotes = try s.file(
            "quotes.csv",
            "date,asset,currency,price,market,source\n2024-01-02,KO,USD,60,exchange,test\n2024-08-01,KO,USD,62,exchange,test\n"
                + "2024-09-30,KO,USD,65,exchange,test\n"
        )
        let trades = try s.file(
            "trades.csv",
            """
            time,side,asset,quantity,price,price_currency,fee,fee_currency,id
            2024-01-02T15:00:00Z,buy,KO,100,60,USD,0,USD,T1
            2024-08-01T15:00:00Z,buy,KO,20,62,USD,0,USD,T2

            """
        )
        let cash = try s.file(
            "transactions.csv",
            """
            time,type,currency,amount,fee,status,id,asset,tax
            2024-01-02T09:00:00Z,deposit,USD,10000,0,completed,C1,,
            2024-04-01T12:00:00Z,dividend,USD,48.50,0,completed,D1,KO,7.275
            2024-07-01T12:00:00Z,dividend,USD,48.50,0,completed,D2,KO,7.275

            """
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

    static func table(_ s: ImportScratch, _ arguments: [String]) throws -> JSONTable {
        let result = try s.folio(
            ["table"] + arguments + ["--portfolio", "P", "--as-of", "2024-09-30", "--format", "json"]
        )
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONTable(result.stdout)
    }

    /// "2024-04 paid 48.5/7.275/41.225" for every row with a payment.
    static func paying(_ t: JSONTable) -> [String] {
        t.rows.filter { t.number($0, "gross_usd") != 0 }.map { row in
            // To a millionth, the digits a hand computation carries (the JSON has the binary double).
            let figures = ["gross_usd", "withheld_usd", "net_usd"].map {
                t.number(row, $0).map { "\(($0 * 1e6).rounded() / 1e6)" } ?? "nil"
            }
            let asset = (row["asset"] as? String).map { " \($0)" } ?? ""
            return "\(row["month"] as? String ?? "?") \(row["status"] as? String ?? "?")\(asset) "
                + figures.joined(separator: "/")
        }
    }

    @Test func theCalendarAsWorkedByHand() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let calendar = try Self.table(s, ["income-calendar"])
        #expect(calendar.columns.map(\.name) == ["month", "status", "gross_usd", "withheld_usd", "net_usd"])
        // Twelve paid months, twelve projected, a total for each.
        #expect(calendar.rows.count == 26)
        #expect(calendar.rows.first?["month"] as? String == "2023-10")
        #expect(calendar.rows[23]["month"] as? String == "2025-09")
        #expect(
            Self.paying(calendar) == [
                "2024-04 paid 48.5/7.275/41.225", "2024-07 paid 48.5/7.275/41.225",
                "2025-04 projected 58.2/8.73/49.47", "2025-07 projected 58.2/8.73/49.47",
                "Total paid 97.0/14.55/82.45", "Total projected 116.4/17.46/98.94",
            ]
        )
        let byHolding = try Self.table(s, ["income-calendar", "--by", "holding", "--months", "7"])
        #expect(
            Self.paying(byHolding) == [
                "2024-04 paid KO 48.5/7.275/41.225", "2024-07 paid KO 48.5/7.275/41.225",
                "2025-04 projected KO 58.2/8.73/49.47", "Total paid 97.0/14.55/82.45",
                "Total projected 58.2/8.73/49.47",
            ]
        )
    }

    @Test func theYieldsAsWorkedByHand() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let yield = try Self.table(s, ["income-yield"])
        let ko = try #require(yield.row("asset", "KO"))
        #expect(yield.number(ko, "payments_per_year") == 2)
        #expect(yield.number(ko, "forward_gross_usd") == 116.4 && yield.number(ko, "forward_net_usd") == 98.94)
        #expect(yield.number(ko, "value_usd") == 7800 && yield.number(ko, "cost_basis_usd") == 7240)
        // Percent to the table's digits: 1.4923… and 1.6077….
        #expect(yield.number(ko, "forward_yield").map { ($0 * 100).rounded() / 100 } == 1.49)
        #expect(yield.number(ko, "yield_on_cost").map { ($0 * 100).rounded() / 100 } == 1.61)
        // The USD cash pays nothing and is no row; the portfolio's total counts it in its value.
        #expect(yield.rows.compactMap { $0["asset"] as? String } == ["KO", "Total"])
    }

    @Test func aMonthsSpanOutsideOneToATenYearsIsRefused() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let result = try s.folio(["table", "income-calendar", "--portfolio", "P", "--months", "0"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("--months") && result.stderr.contains("0 is not a number of months from 1 to 120")
        )
    }

    /// Every broker sample's dividends and interest, as each preset books them: the calendar's paid net
    /// over ten years is the income table's dividends and interest (both undefined when a payment's rate
    /// is missing: the samples come without quotes).
    @Test(arguments: SampleMutations.samples) func theCalendarPaysWhatTheIncomeTableReceived(
        _ sample: SampleMutations.Sample
    ) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let imported = try s.importing(sample.kind, [sample.url.path], base: sample.base)
        #expect(imported.status == 0, "\(imported.stderr)")
        let base = sample.base.lowercased()
        /// The `Total` row (of the paid months, for the calendar); nil when the table is refused.
        func total(_ arguments: [String]) throws -> [String: Any]? {
            let result = try s.folio(["table"] + arguments + ["--portfolio", "P", "--format", "json"])
            guard result.status == 0 else { return nil }
            return try JSONTable(result.stdout).rows.first {
                ($0["month"] ?? $0["asset"]) as? String == "Total" && ($0["status"] as? String ?? "paid") == "paid"
            }
        }
        // A sample that books no payment or trade (a securities account's copy) is refused by both alike.
        guard let income = try total(["income"]) else {
            #expect(try total(["income-calendar"]) == nil)
            return
        }
        let paid = try #require(try total(["income-calendar", "--months", "120"]))
        let received = (income["dividends_\(base)"] as? NSNumber).flatMap { d in
            (income["interest_\(base)"] as? NSNumber).map { d.doubleValue + $0.doubleValue }
        }
        let net = (paid["net_\(base)"] as? NSNumber)?.doubleValue
        #expect(
            (net == nil) == (received == nil),
            "calendar \(String(describing: net)), income \(String(describing: received))"
        )
        if let net, let received { #expect(abs(net - received) <= 1e-9 * max(1, abs(received)), "\(net) \(received)") }
    }
}
