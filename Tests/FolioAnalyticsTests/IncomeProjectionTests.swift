import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// Income paid and projected (docs/ledger.md, "Income"), each case worked by hand in its comments.
@Suite("Income: paid month by month, and the next twelve months")
struct IncomeProjectionTests {
    static func dividend(
        _ id: Int64,
        _ time: String,
        _ asset: AssetCode,
        _ gross: Double,
        _ currency: AssetCode = "USD",
        tax: Double = 0
    ) -> CashTransaction {
        CashTransaction(
            id: id,
            time: t(time),
            kind: .dividend,
            currency: currency,
            amount: gross,
            asset: asset,
            tax: tax
        )
    }

    static func split(_ id: Int64, _ time: String, _ asset: AssetCode, _ ratio: Double) -> CashTransaction {
        CashTransaction(id: id, time: t(time), kind: .split, currency: asset, amount: 0, asset: asset, ratio: ratio)
    }

    static func projection(
        _ trades: [Trade],
        _ cash: [CashTransaction],
        _ quotes: [Quote],
        asOf: String,
        base: AssetCode = "USD"
    ) -> IncomeProjection {
        let rates = CrossRates(book: PriceBook(quotes))
        let day = d(asOf)
        let holdings = HoldingsReplay(trades: trades, cashTransactions: cash).holdings(at: day.end)
        return IncomeProjection(
            trades: trades,
            cashTransactions: cash,
            valuation: rates.value(holdings, in: base),
            rates: rates
        )
    }

    /// The amounts of a calendar's rows as "2024-02 paid 2.5/0/2.5", the months with none left out.
    static func months(_ calendar: IncomeCalendar) -> [String] {
        (calendar.rows + calendar.totals).filter { $0.gross != 0 || $0.month == nil }.map { r in
            let month = r.month.map { String($0.iso.prefix(7)) } ?? "Total"
            let amounts = [r.gross, r.withheld, r.net].map { $0.map { LedgerRows.number($0) } ?? "—" }
            return "\(month) \(r.status.rawValue)" + (r.asset.map { " \($0)" } ?? "") + " "
                + amounts.joined(separator: "/")
        }
    }

    /// ACME pays 0.25 a share each quarter. 10 bought on 10 Jan at 100, 10 more on 10 Apr at 120: the
    /// February dividend is 10 × 0.25 = 2.50, May's, August's and November's 20 × 0.25 = 5.00. Interest of
    /// 1.20 in March is paid income, never projected. As of 31 Dec, 20 held at 125: each quarter recurs as
    /// 0.25 × 20 = 5.00 twelve months later, 20.00 in all; value 2,500, FIFO cost 1,000 + 1,200 = 2,200.
    @Test func aQuarterlyPayerBoughtInTwoLots() throws {
        let trades = [
            buy(1, "2024-01-10T15:00", "ACME", 10, at: 100), buy(2, "2024-04-10T15:00", "ACME", 10, at: 120),
        ]
        let cash = [
            deposit(10, "2024-01-02T09:00", 10_000),
            Self.dividend(11, "2024-02-15T12:00", "ACME", 2.5),
            CashTransaction(id: 12, time: t("2024-03-31T12:00"), kind: .interest, currency: "USD", amount: 1.2),
            Self.dividend(13, "2024-05-15T12:00", "ACME", 5), Self.dividend(14, "2024-08-15T12:00", "ACME", 5),
            Self.dividend(15, "2024-11-15T12:00", "ACME", 5),
        ]
        let p = Self.projection(trades, cash, [q("ACME", "USD", .exchange, "2024-12-31", 125)], asOf: "2024-12-31")

        #expect(p.paid.map(\.shares) == [10, nil, 20, 20, 20])
        #expect(p.paid.map(\.perShare) == [0.25, nil, 0.25, 0.25, 0.25])
        #expect(p.paid.map(\.payer) == ["ACME", "USD", "ACME", "ACME", "ACME"])
        #expect(p.projected.map(\.day.iso) == ["2025-02-15", "2025-05-15", "2025-08-15", "2025-11-15"])
        #expect(p.projected.map(\.gross) == [5, 5, 5, 5])
        #expect(p.projected.allSatisfy { $0.shares == 20 && $0.perShare == 0.25 && $0.net == 5 })

        let acme = try #require(p.holdings.first)
        #expect(p.holdings.map(\.asset) == ["ACME"])
        #expect(acme.paymentsPerYear == 4 && acme.forwardGross == 20 && acme.forwardNet == 20)
        #expect(acme.value == 2_500 && acme.costBasis == 2_200)
        #expect(acme.forwardYield == 20.0 / 2_500)
        #expect(close(acme.yieldOnCost, 20.0 / 2_200))
        // The portfolio: cash 10,000 − 2,200 + 18.70 received = 7,818.70, plus ACME's 2,500; it cost what
        // was deposited and received.
        #expect(p.portfolio.forwardGross == 20 && p.portfolio.paymentsPerYear == 4)
        #expect(close(p.portfolio.value, 10_318.7) && close(p.portfolio.costBasis, 10_018.7))
        #expect(close(p.portfolio.forwardYield, 20 / 10_318.7))

        let calendar = IncomeCalendar(p)
        #expect(calendar.rows.count == 24)
        #expect(
            Self.months(calendar) == [
                "2024-02 paid 2.5/0/2.5", "2024-03 paid 1.2/0/1.2", "2024-05 paid 5/0/5", "2024-08 paid 5/0/5",
                "2024-11 paid 5/0/5", "2025-02 projected 5/0/5", "2025-05 projected 5/0/5",
                "2025-08 projected 5/0/5", "2025-11 projected 5/0/5", "Total paid 18.7/0/18.7",
                "Total projected 20/0/20",
            ]
        )
        #expect(
            Self.months(IncomeCalendar(p, months: 3, byHolding: true)) == [
                "2024-11 paid ACME 5/0/5", "2025-02 projected ACME 5/0/5", "Total paid 5/0/5",
                "Total projected 5/0/5",
            ]
        )
    }

    /// 10 XYZ bought at 400; 1.00 a share on 1 Mar (10.00); a 4-for-1 split on 1 Apr; 0.25 a share on
    /// 1 Jun (40 × 0.25 = 10.00). March's 1.00 a share is 1.00 / 4 = 0.25 of a share held after the split,
    /// so each recurs as 0.25 × 40 = 10.00, not 1.00 × 40 = 40.00.
    @Test func aSplitBetweenTwoPayments() throws {
        let trades = [buy(1, "2024-01-05T15:00", "XYZ", 10, at: 400)]
        let cash = [
            deposit(10, "2024-01-02T09:00", 4_000), Self.dividend(11, "2024-03-01T12:00", "XYZ", 10),
            Self.split(12, "2024-04-01T06:00", "XYZ", 4), Self.dividend(13, "2024-06-01T12:00", "XYZ", 10),
        ]
        let p = Self.projection(trades, cash, [q("XYZ", "USD", .exchange, "2024-06-28", 110)], asOf: "2024-06-30")
        #expect(p.paid.map(\.shares) == [10, 40])
        #expect(p.paid.map(\.perShare) == [1, 0.25])
        #expect(p.projected.map(\.day.iso) == ["2025-03-01", "2025-06-01"])
        #expect(p.projected.map(\.perShare) == [0.25, 0.25])
        #expect(p.projected.map(\.gross) == [10, 10])
        let xyz = try #require(p.holdings.first)
        // Value 40 × 110 = 4,400; the split kept the cost of 4,000.
        #expect(xyz.forwardGross == 20 && xyz.value == 4_400 && xyz.costBasis == 4_000)
        #expect(close(xyz.forwardYield, 20.0 / 4_400) && xyz.yieldOnCost == 0.005)
    }

    /// AAA paid 0.50 a share on 15 Mar (10 held: 5.00) and was sold on 1 May; 2.00 more arrived on 20 May
    /// for shares held before the sale. Both are paid income; nothing is projected, and AAA, no longer
    /// held, has no yield. BBB, still held, still projects.
    @Test func aHoldingSoldProjectsNothing() throws {
        let trades = [
            buy(1, "2024-01-05T15:00", "AAA", 10, at: 50), sell(2, "2024-05-01T15:00", "AAA", 10, at: 55),
            buy(3, "2024-01-05T15:00", "BBB", 4, at: 25),
        ]
        let cash = [
            deposit(10, "2024-01-02T09:00", 1_000), Self.dividend(11, "2024-03-15T12:00", "AAA", 5),
            Self.dividend(12, "2024-05-20T12:00", "AAA", 2), Self.dividend(13, "2024-04-10T12:00", "BBB", 1),
        ]
        let p = Self.projection(trades, cash, [q("BBB", "USD", .exchange, "2024-06-28", 25)], asOf: "2024-06-30")
        #expect(p.paid.map(\.payer) == ["AAA", "BBB", "AAA"])
        #expect(p.paid.map(\.shares) == [10, 4, 0])
        #expect(p.paid.map(\.perShare) == [0.5, 0.25, nil])
        #expect(p.projected.map(\.payer) == ["BBB"] && p.projected.map(\.gross) == [1])
        #expect(p.holdings.map(\.asset) == ["BBB"])
        #expect(p.portfolio.forwardGross == 1)
        #expect(
            Self.months(IncomeCalendar(p, byHolding: true)) == [
                "2024-03 paid AAA 5/0/5", "2024-04 paid BBB 1/0/1", "2024-05 paid AAA 2/0/2",
                "2025-04 projected BBB 1/0/1", "Total paid 8/0/8", "Total projected 1/0/1",
            ]
        )
    }

    /// A UAH portfolio holding AAPL, which pays in dollars. 2,000 USD deposited when NBU says 38.00; 10
    /// AAPL bought at 185 USD at 38.50 (cost 71,225 UAH). 2.40 USD paid on 15 Feb at 38.20 = 91.68 UAH,
    /// 2.50 on 16 May at 39.80 = 99.50. As of 30 Jun, USD 40.50 and AAPL 210: they recur as 2.40 × 40.50 =
    /// 97.20 and 2.50 × 40.50 = 101.25, 198.45 UAH; value 10 × 210 × 40.50 = 85,050.
    @Test func aForeignCurrencyPayerInAHryvniaPortfolio() throws {
        let quotes = [
            q("USD", "UAH", .nbu, "2024-01-02", 38), q("USD", "UAH", .nbu, "2024-01-10", 38.5),
            q("USD", "UAH", .nbu, "2024-02-15", 38.2), q("USD", "UAH", .nbu, "2024-05-16", 39.8),
            q("USD", "UAH", .nbu, "2024-06-30", 40.5), q("AAPL", "USD", .exchange, "2024-06-28", 210),
        ]
        let trades = [buy(1, "2024-01-10T15:00", "AAPL", 10, at: 185)]
        let cash = [
            deposit(10, "2024-01-02T09:00", 2_000), Self.dividend(11, "2024-02-15T12:00", "AAPL", 2.4),
            Self.dividend(12, "2024-05-16T12:00", "AAPL", 2.5),
        ]
        let p = Self.projection(trades, cash, quotes, asOf: "2024-06-30", base: "UAH")
        #expect(p.paid.map(\.rate) == [38.2, 39.8])
        #expect(p.paid.map(\.grossInBase).map { $0.map(LedgerRows.number) } == ["91.68", "99.5"])
        #expect(p.projected.map(\.gross) == [2.4, 2.5])
        #expect(p.projected.map(\.rate) == [40.5, 40.5])
        #expect(p.projected.map(\.grossInBase).map { $0.map(LedgerRows.number) } == ["97.2", "101.25"])
        #expect(p.holdings.map(\.asset) == ["AAPL"])
        let aapl = try #require(p.holdings.first)
        #expect(close(aapl.forwardGross, 198.45) && aapl.value == 85_050 && aapl.costBasis == 71_225)
        #expect(close(aapl.forwardYield, 198.45 / 85_050) && close(aapl.yieldOnCost, 198.45 / 71_225))
        #expect(
            Self.months(IncomeCalendar(p)) == [
                "2024-02 paid 91.68/0/91.68", "2024-05 paid 99.5/0/99.5", "2025-02 projected 97.2/0/97.2",
                "2025-05 projected 101.25/0/101.25", "Total paid 191.18/0/191.18",
                "Total projected 198.45/0/198.45",
            ]
        )
        // Without a rate on the as-of day the projection's base amounts are unknown, and say why.
        let stale = Self.projection(trades, cash, quotes.dropLast(2) + [quotes[5]], asOf: "2024-06-30", base: "UAH")
        #expect(stale.projected.map(\.grossInBase) == [nil, nil] && stale.portfolio.forwardGross == nil)
        #expect(stale.missing.map(\.pair.description) == ["USD/UAH"])
    }

    /// 100 KO bought at 60; 48.50 paid on 1 Apr and 1 Jul (0.485 a share), 15 % withheld: 7.275 each, 41.225
    /// net. 20 more bought on 1 Aug. As of 30 Sep, each recurs as 0.485 × 120 = 58.20, of which 15 %,
    /// 8.73, withheld: 49.47 net; 116.40 gross and 98.94 net a year.
    @Test func aPayerWithFifteenPercentWithheld() throws {
        let trades = [buy(1, "2024-01-05T15:00", "KO", 100, at: 60), buy(2, "2024-08-01T15:00", "KO", 20, at: 62)]
        let cash = [
            deposit(10, "2024-01-02T09:00", 8_000), Self.dividend(11, "2024-04-01T12:00", "KO", 48.5, tax: 7.275),
            Self.dividend(12, "2024-07-01T12:00", "KO", 48.5, tax: 7.275),
        ]
        let p = Self.projection(trades, cash, [q("KO", "USD", .exchange, "2024-09-30", 64)], asOf: "2024-09-30")
        #expect(p.paid.map(\.net) == [41.225, 41.225])
        #expect(p.projected.map { LedgerRows.number($0.gross) } == ["58.2", "58.2"])
        #expect(p.projected.map { LedgerRows.number($0.withheld) } == ["8.73", "8.73"])
        #expect(p.projected.map { LedgerRows.number($0.net) } == ["49.47", "49.47"])
        let ko = try #require(p.holdings.first)
        #expect(close(ko.forwardGross, 116.4) && close(ko.forwardNet, 98.94))
        // Value 120 × 64 = 7,680; cost 6,000 + 1,240 = 7,240.
        #expect(close(ko.forwardYield, 116.4 / 7_680) && close(ko.yieldOnCost, 116.4 / 7_240))
        #expect(
            Self.months(IncomeCalendar(p)) == [
                "2024-04 paid 48.5/7.275/41.225", "2024-07 paid 48.5/7.275/41.225",
                "2025-04 projected 58.2/8.73/49.47", "2025-07 projected 58.2/8.73/49.47",
                "Total paid 97/14.55/82.45", "Total projected 116.4/17.46/98.94",
            ]
        )
    }

    /// The calendar's spans around an as-of day in the middle of a month: the paid months run from the day
    /// after the same date a year earlier, the projected ones to the same date a year later; its own month
    /// has both. A payment on 10 Jun 2023, before the span, is neither shown nor projected.
    @Test func anAsOfDayInTheMiddleOfAMonth() throws {
        let trades = [buy(1, "2023-01-05T15:00", "ACME", 10, at: 100)]
        let cash = [
            deposit(10, "2023-01-02T09:00", 1_000), Self.dividend(11, "2023-06-10T12:00", "ACME", 1),
            Self.dividend(12, "2023-06-20T12:00", "ACME", 2), Self.dividend(13, "2024-06-05T12:00", "ACME", 3),
        ]
        let p = Self.projection(trades, cash, [q("ACME", "USD", .exchange, "2024-06-14", 100)], asOf: "2024-06-15")
        #expect(p.projected.map(\.day.iso) == ["2024-06-20", "2025-06-05"])
        let calendar = IncomeCalendar(p)
        #expect(calendar.rows.first?.month?.iso == "2023-06-01" && calendar.rows.last?.month?.iso == "2025-06-01")
        #expect(calendar.rows.count == 26)
        #expect(
            Self.months(calendar) == [
                "2023-06 paid 2/0/2", "2024-06 paid 3/0/3", "2024-06 projected 2/0/2", "2025-06 projected 3/0/3",
                "Total paid 5/0/5", "Total projected 5/0/5",
            ]
        )
    }
}
