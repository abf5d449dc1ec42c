import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The value bridge over generated multi-currency ledgers (`GeneratedLedger`: deposits and withdrawals
/// in three currencies, trades beyond the holding, fees in every currency, dividends with tax, interest,
/// account fees, splits): for every period of the performance table, the calendar year and every range
/// of days, the bridge adds up to the cent, the holdings' rows add up to it, their contributions to the
/// time-weighted return add up to it, and its gain is the ledger's income for every cost-basis method.
@Suite("Where the return came from: figures that add up")
struct AttributionIdentityTests {
    static let base = GeneratedLedger.base
    static let cent = 0.005

    struct Subject {
        var ledger: GeneratedLedger
        var rates: CrossRates
        var history: PerformanceHistory
        var attribution: ReturnAttribution
    }

    static func subject(seed: UInt64) throws -> Subject {
        let ledger = GeneratedLedger(seed: seed)
        let rates = CrossRates(book: PriceBook(ledger.quotes))
        let replay = HoldingsReplay(trades: ledger.trades, cashTransactions: ledger.cash)
        let first = Day(try #require(replay.firstTime))
        let range = try DayRange(from: first.advanced(by: -1), to: d("2024-01-30"))
        let history = PerformanceHistory(replay: replay, rates: rates, base: base, range: range)
        let attribution = ReturnAttribution(
            history: history,
            replay: replay,
            trades: ledger.trades,
            cashTransactions: ledger.cash,
            rates: rates
        )
        return Subject(ledger: ledger, rates: rates, history: history, attribution: attribution)
    }

    /// The bridge's identity, every row's own bridge, and the rows' sums against the bridge's lines.
    static func checkAddsUp(_ s: Subject, _ range: DayRange, _ label: String) throws {
        let b = s.attribution.bridge(over: range)
        let start = try #require(b.start, "\(label)")
        let end = try #require(b.end)
        let deposits = try #require(b.deposits)
        let withdrawals = try #require(b.withdrawals)
        let price = try #require(b.price)
        let currency = try #require(b.currency)
        let dividends = try #require(b.dividends)
        let interest = try #require(b.interest)
        let fees = try #require(b.fees)
        let taxes = try #require(b.taxes)
        let bridged = start + deposits - withdrawals + price + currency + dividends + interest - fees - taxes
        #expect(abs(bridged - end) < cent, "\(label): \(bridged) ≠ \(end)")
        // The table's signed lines sum from the start value to the end value too.
        let column = b.lines.dropLast().compactMap(\.amount).reduce(0, +)
        #expect(abs(column - end) < cent, "\(label)")
        // Independently of the attribution: the start and end values are the valuation's.
        let days = s.history.value.days
        #expect(start == s.history.value.total[days.firstIndex(of: range.from.advanced(by: -1))!])
        #expect(end == s.history.value.total[days.firstIndex(of: range.to)!])

        let c = s.attribution.contributions(over: range)
        func sum(_ key: KeyPath<HoldingContribution, Double?>) throws -> Double {
            try c.rows.map { try #require($0[keyPath: key]) }.reduce(0, +)
        }
        for (key, line) in [
            (\HoldingContribution.price, price), (\.currency, currency), (\.dividends, dividends),
            (\.interest, interest),
            (\.fees, fees), (\.taxes, taxes), (\.start, start), (\.end, end),
        ] {
            #expect(abs(try sum(key) - line) < cent, "\(label): a column of the rows does not add up to its line")
        }
        #expect(abs(try sum(\.total) - b.gain!) < cent, "\(label)")
        // Trades move value between holdings: what was moved in adds up to what crossed the boundary.
        #expect(
            abs(try sum(\.moved) - (deposits - withdrawals + dividends + interest - fees - taxes)) < cent,
            "\(label)"
        )
        for row in c.rows {
            let own = try #require(row.start) + #require(row.moved) + #require(row.price) + #require(row.currency)
            #expect(abs(own - row.end!) < cent, "\(label): \(row.asset)'s own bridge")
        }
        // Contributions add up to the time-weighted return of the range.
        let twr = s.history.returns.compounded(over: range)
        #expect(c.total.timeWeighted == twr)
        if let twr {
            let contributions = try sum(\.timeWeighted)
            #expect(abs(contributions - twr) < 1e-12, "\(label): Σ contributions \(contributions) ≠ TWR \(twr)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func everyPeriodAndEveryRangeAddsUpToTheCent(seed: UInt64) throws {
        let s = try Self.subject(seed: seed)
        let inception = try #require(s.attribution.inception)
        let end = d("2024-01-30")
        // The performance table's periods (the ranges its rows cover) and the calendar year.
        let periods = s.history.periods()
        #expect(periods.count >= 2)
        for p in periods {
            let range = try DayRange(from: p.from, to: p.to)
            #expect(
                try AttributionPeriod.trailing(p.period).range(inception: inception, end: end) == range,
                "\(p.period)"
            )
            try Self.checkAddsUp(s, range, "seed \(seed) \(p.period)")
            #expect(s.attribution.contributions(over: range).total.timeWeighted == p.timeWeighted)
        }
        try Self.checkAddsUp(
            s,
            try AttributionPeriod.year(2024).range(inception: inception, end: end),
            "seed \(seed) 2024"
        )
        // Every range of whole days.
        for from in stride(from: inception, through: end, by: 1) {
            for to in stride(from: from, through: end, by: 3) {
                try Self.checkAddsUp(s, try DayRange(from: from, to: to), "\(from)…\(to)")
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theGainIsTheLedgersIncomeForEveryMethod(seed: UInt64) throws {
        let s = try Self.subject(seed: seed)
        for p in s.history.periods() {
            let gain = try #require(s.attribution.bridge(over: try DayRange(from: p.from, to: p.to)).gain)
            for method in CostBasisMethod.allCases {
                // realised + unrealised + dividends + interest − account fees at each end (value − net deposits).
                func income(_ day: Day) throws -> Double {
                    let replay = HoldingsReplay(trades: s.ledger.trades, cashTransactions: s.ledger.cash)
                    let valuation = s.rates.value(replay.holdings(at: day.end), in: Self.base)
                    return try #require(
                        PortfolioIncome(
                            trades: s.ledger.trades,
                            cashTransactions: s.ledger.cash,
                            method: method,
                            valuation: valuation,
                            rates: s.rates
                        ).total
                    )
                }
                let ledgerGain = try income(p.to) - income(p.from.advanced(by: -1))
                #expect(
                    abs(ledgerGain - gain) < Self.cent,
                    "seed \(seed) \(p.period) \(method): \(ledgerGain) ≠ \(gain)"
                )
            }
        }
    }

    /// On a day without entries, each holding's effects are the definitions computed from the quotes
    /// themselves: q × (p_t − p_{t−1}) × x_{t−1} and q × p_t × (x_t − x_{t−1}).
    @Test(arguments: [UInt64(1), 2])
    func aQuietDaysEffectsAreTheDefinitions(seed: UInt64) throws {
        let s = try Self.subject(seed: seed)
        let a = s.attribution
        func quote(_ pair: String, _ day: Day) -> Double {
            if pair.hasSuffix("/UAH") && pair.hasPrefix("UAH") { return 1 }
            return s.ledger.quotes.last { "\($0.asset)/\($0.currency)" == pair && Day($0.time) == day }!.price
        }
        let entryDays = Set(
            (s.ledger.trades.map(\.time) + s.ledger.cash.filter { $0.status == .completed }.map(\.time)).map { Day($0) }
        )
        let replay = HoldingsReplay(trades: s.ledger.trades, cashTransactions: s.ledger.cash)
        var checked = 0
        for d in 2..<a.days.count where !entryDays.contains(a.days[d]) {
            let (today, yesterday) = (a.days[d], a.days[d - 1])
            let held = replay.holdings(at: yesterday.end)
            for (asset, quoted) in GeneratedLedger.assets + GeneratedLedger.currencies.map({ ($0, $0) }) {
                let q = held[asset]
                guard q != 0, let h = a.holdings.firstIndex(of: asset) else { continue }
                let (p0, p1) =
                    asset == quoted
                    ? (1.0, 1.0) : (quote("\(asset)/\(quoted)", yesterday), quote("\(asset)/\(quoted)", today))
                let (x0, x1) =
                    quoted == Self.base
                    ? (1.0, 1.0) : (quote("\(quoted)/UAH", yesterday), quote("\(quoted)/UAH", today))
                #expect(close(a.parts[h][d].price, q * (p1 - p0) * x0, 1e-9), "\(asset) \(today.iso)")
                #expect(close(a.parts[h][d].currency, q * p1 * (x1 - x0), 1e-9), "\(asset) \(today.iso)")
                checked += 1
            }
        }
        #expect(checked > 10)
    }
}
