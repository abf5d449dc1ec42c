import FolioCore
import Foundation

/// The daily value of a portfolio in its base currency, per asset and in total, with the money put in
/// (net deposits) and what it earned.
///
/// Pipeline: replay the ledger to daily quantities (end of each day) → find each asset's route to the
/// base currency once → value each asset on each day with the last fresh quote → sum. Net deposits
/// count each completed deposit's amount in and each withdrawal's amount out, converted at its time.
/// Income is value − net deposits: realised plus unrealised gains, fees and currency effects included,
/// because everything that changed the value and was not money put in or taken out is income.
/// Given a `PortfolioIncome`, income is split: `realised` adds up its disposals up to each day,
/// `received` its dividends and interest less account fees, and `unrealised` is the rest — what the
/// ledger's open lots gained (see `CostBasisLedger` for why they add up).
public struct ValueSeries: Hashable, Sendable {
    public var base: AssetCode
    public var days: [Day]
    /// Assets held on at least one day, in code order.
    public var assets: [AssetCode]
    /// `assetValues[a][d]`: value of `assets[a]` at the end of `days[d]`; nil when a quote is missing.
    var assetValues: [[Double?]]
    /// Sum of the asset values; nil on a day when any held asset could not be valued.
    public var total: [Double?]
    /// Deposits minus withdrawals up to the end of each day, in the base currency.
    public var netDeposits: [Double?]
    /// `total − netDeposits`.
    public var income: [Double?]
    /// Income realised by sales up to the end of each day; empty when no `PortfolioIncome` was given.
    public var realised: [Double?]
    /// Dividends and interest less account fees up to the end of each day; empty when no
    /// `PortfolioIncome` was given.
    public var received: [Double?]
    /// `income − realised − received`; empty when no `PortfolioIncome` was given.
    public var unrealised: [Double?]
    /// Deposits minus withdrawals from the start of the range to the end of each day: the flows a gain
    /// over the range removes (`gain(from:to:)`), known even when an older transfer's rate is not.
    var flowsInRange: [Double?]
    /// The transfers net deposits are made of, each in the base currency at its time.
    public var transfers: Transfers
    /// Quotes that were missing on the range's days (values and transfers), one line per pair.
    public var missing: [MissingQuoteSpan]
    /// Rates missing for transfers before the range: only `netDeposits` (and so income) needs them, so a
    /// chart of the values does not name them (the value table does).
    public var missingBeforeRange: [MissingQuoteSpan]

    public init(
        replay: HoldingsReplay,
        rates: CrossRates,
        base: AssetCode,
        range: DayRange,
        realisedIncome: PortfolioIncome? = nil
    ) {
        let holdings = replay.daily(range)
        var log = MissingQuoteLog()
        let (values, total) = Self.values(holdings, rates: rates, base: base, log: &log)

        // Net deposits: one pass over the transfers in time order beside the days.
        let transfers = Transfers(replay.cashTransactions, rates: rates, base: base)
        var deposits = [Double?](repeating: nil, count: holdings.days.count)
        var flows = [Double?](repeating: nil, count: holdings.days.count)
        var running = CompensatedSum()
        var inRange = CompensatedSum()
        var known = true
        var flowsKnown = true
        var before = MissingQuoteLog()
        var c = 0
        let cash = transfers.all
        for (d, day) in holdings.days.enumerated() {
            let end = day.end
            while c < cash.count && cash[c].time <= end {
                let tx = cash[c]
                let inside = tx.time >= range.from.start
                if let amount = tx.netDeposit {
                    running += amount
                    if inside { inRange += amount }
                } else if let missing = tx.missing {
                    known = false
                    if inside {
                        flowsKnown = false
                        log.record(missing, on: Day(tx.time))
                    } else {
                        before.record(missing, on: Day(tx.time))
                    }
                }
                c += 1
            }
            deposits[d] = known ? running.value : nil
            flows[d] = flowsKnown ? inRange.value : nil
        }

        self.base = base
        self.days = holdings.days
        self.assets = holdings.assets
        self.assetValues = values
        self.total = total
        self.netDeposits = deposits
        self.income = zip(total, deposits).map { v, n in v.flatMap { v in n.map { v - $0 } } }
        let realised =
            realisedIncome.map { Self.runningSum($0.disposals.map { ($0.time, $0.realised) }, holdings.days) } ?? []
        let received =
            realisedIncome.map { Self.runningSum($0.received.map { ($0.time, $0.amount) }, holdings.days) } ?? []
        self.realised = realised
        self.received = received
        self.unrealised = zip(zip(self.income, realised), received).map { ir, c in
            ir.0.flatMap { i in ir.1.flatMap { r in c.map { i - r - $0 } } }
        }
        self.flowsInRange = flows
        self.transfers = transfers
        self.missing = log.all
        self.missingBeforeRange = before.all
    }

    /// Each asset's value in `base` at the end of every day, and their total (nil on a day one is
    /// unknown); what could not be valued is recorded in `log`.
    private static func values(
        _ holdings: HoldingsSeries,
        rates: CrossRates,
        base: AssetCode,
        log: inout MissingQuoteLog
    ) -> (values: [[Double?]], total: [Double?]) {
        let routes = holdings.assets.map { rates.route(from: $0, to: base) }
        var values = [[Double?]](
            repeating: [Double?](repeating: nil, count: holdings.days.count),
            count: holdings.assets.count
        )
        var total = [Double?](repeating: nil, count: holdings.days.count)
        for (d, day) in holdings.days.enumerated() {
            let end = day.end
            var sum = CompensatedSum()
            var complete = true
            for a in holdings.assets.indices {
                let quantity = holdings.quantities[a][d]
                if quantity == 0 {
                    values[a][d] = 0
                    continue
                }
                guard let route = routes[a] else {
                    complete = false
                    log.record(
                        MissingQuoteError(
                            pair: CurrencyPair(holdings.assets[a], base),
                            markets: [],
                            at: end,
                            reason: .noRoute
                        ),
                        on: day
                    )
                    continue
                }
                switch rates.convert(quantity, along: route, at: end) {
                case let .success(v):
                    values[a][d] = v
                    sum += v
                case let .failure(missing):
                    complete = false
                    log.record(missing, on: day)
                }
            }
            total[d] = complete ? sum.value : nil
        }
        return (values, total)
    }

    /// The running sum of dated amounts at the end of each of `days`; nil from a day an amount is unknown.
    private static func runningSum(_ events: [(time: Date, amount: Double?)], _ days: [Day]) -> [Double?] {
        var s = 0
        var sum = CompensatedSum()
        var known = true
        return days.map { day in
            while s < events.count && events[s].time <= day.end {
                if let v = events[s].amount { sum += v } else { known = false }
                s += 1
            }
            return known ? sum.value : nil
        }
    }

    /// The value series of one asset.
    public func values(of asset: AssetCode) -> [Double?]? {
        assets.firstIndex(of: asset).map { assetValues[$0] }
    }
}

extension ValueSeries {
    /// Table `value`: one row per day with the total, net deposits, income, then one column per asset.
    public var table: ResultTable {
        let split = !realised.isEmpty
        var columns: [ResultTable.Column] = [
            .init("day", .day), .init("value", .number), .init("net_deposits", .number), .init("income", .number),
        ]
        if split { columns += [.init("realised", .number), .init("unrealised", .number), .init("received", .number)] }
        columns += assets.map { .init($0.rawValue, .number) }
        let rows: [[ResultTable.Cell?]] = days.indices.map { d in
            var row: [ResultTable.Cell?] = [
                .day(days[d]), .finite(total[d]), .finite(netDeposits[d]), .finite(income[d]),
            ]
            if split { row += [.finite(realised[d]), .finite(unrealised[d]), .finite(received[d])] }
            return row + assets.indices.map { .finite(assetValues[$0][d]) }
        }
        return ResultTable(columns: columns, rows: rows)
    }
}
