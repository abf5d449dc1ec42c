import FolioCore
import Foundation

/// Replays trades and completed cash transactions in time order to know what a portfolio held when.
///
/// Order: `ReplayOrder` — by time; at the same instant cash transactions before trades, then by id, and
/// among them money arrives before it is spent. Because the order is total, replaying the same rows
/// given in any order yields the same holdings, bit for bit.
///
/// Effects: a buy of Q at P in C adds Q of the asset and takes Q×P of C; a sell does the reverse; a fee
/// is taken from its own currency; a deposit adds amount − fee; a withdrawal takes amount + fee; a
/// dividend or interest adds amount − tax − fee, an account fee takes its amount (`cashChange`); a split
/// multiplies what is held of its asset at that moment by its ratio.
/// Failed, rejected and pending transactions change nothing.
public struct HoldingsReplay: Sendable {
    /// Every asset or currency the ledger touches, in code order.
    public let assets: [AssetCode]
    /// Balances that went below zero, in replay order (one entry each time a balance crosses below zero).
    public let diagnostics: [NegativeBalance]
    /// What is held after the last event.
    public let final: Holdings
    /// The completed cash transactions in replay order (for net deposits and flows).
    public let cashTransactions: [CashTransaction]

    // The ledger as flat arrays in replay order: event i changes asset `deltaAsset[k]` by `deltaAmount[k]`
    // for k in deltaStart[i] ..< deltaStart[i + 1]. Flat arrays keep a million-trade replay in cache.
    private let times: [Double]
    private let deltaStart: [Int]
    private let deltaAsset: [Int32]
    private let deltaAmount: [Double]
    /// Asset codes in order of first appearance; `deltaAsset` values index into it.
    private let codeOrder: [AssetCode]
    /// Per asset, a magnitude below which a balance counts as zero (see `zeroTolerance`).
    private let tolerance: [Double]

    public init(trades: [Trade], cashTransactions: [CashTransaction]) {
        let completed = cashTransactions.filter { $0.status == .completed }

        var codeIndex: [AssetCode: Int32] = [:]
        var codes: [AssetCode] = []
        // Most rows repeat the previous row's currencies, so each role (asset, price currency, fee
        // currency) compares with its own previous code before hashing.
        struct Recent {
            var code: AssetCode? = nil
            var index: Int32 = 0
        }
        var recentAsset = Recent()
        var recentPriceCurrency = Recent()
        var recentFeeCurrency = Recent()
        func intern(_ code: AssetCode, _ recent: inout Recent) -> Int32 {
            if code == recent.code { return recent.index }
            let i: Int32
            if let known = codeIndex[code] {
                i = known
            } else {
                i = Int32(codes.count)
                codeIndex[code] = i
                codes.append(code)
            }
            recent = Recent(code: code, index: i)
            return i
        }

        // First pass in input order, reading each row once and sequentially: the effects of a row as up
        // to three (asset, amount) changes in a small struct. The sort and the replay then touch only
        // these, not the much larger Trade values scattered in memory.
        struct Effect {
            var a0: Int32
            var a1: Int32
            var a2: Int32
            var q0: Double
            var q1: Double
            var q2: Double
        }
        // Sort keys: time, then cash (0) before trade (1), then id.
        struct Key {
            var time: Double
            var id: Int64
            var order: Int32
            var index: Int32
        }
        var effects: [Effect] = []
        var keys: [Key] = []
        effects.reserveCapacity(trades.count + completed.count)
        keys.reserveCapacity(trades.count + completed.count)
        // A split's change depends on the holding when it happens, known only in the replay below: its
        // effect carries the ratio, and the replay writes the change in its place.
        var splitEffects: [Int32: Double] = [:]
        for c in completed {
            keys.append(Key(time: c.time.timeIntervalSince1970, id: c.id, order: 0, index: Int32(effects.count)))
            if c.kind == .split, let asset = c.asset, let ratio = c.ratio {
                splitEffects[Int32(effects.count)] = ratio
                effects.append(Effect(a0: intern(asset, &recentAsset), a1: -1, a2: -1, q0: 0, q1: 0, q2: 0))
            } else {
                effects.append(
                    Effect(a0: intern(c.currency, &recentPriceCurrency), a1: -1, a2: -1, q0: c.cashChange, q1: 0, q2: 0)
                )
            }
        }
        for t in trades {
            keys.append(Key(time: t.time.timeIntervalSince1970, id: t.id, order: 1, index: Int32(effects.count)))
            let sign: Double = t.side == .buy ? 1 : -1
            effects.append(
                Effect(
                    a0: intern(t.asset, &recentAsset),
                    a1: intern(t.priceCurrency, &recentPriceCurrency),
                    a2: t.fee != 0 ? intern(t.feeCurrency, &recentFeeCurrency) : -1,
                    q0: sign * t.quantity,
                    q1: -sign * t.quantity * t.price,
                    q2: -t.fee
                )
            )
        }
        keys.sort { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.order != b.order { return a.order < b.order }
            if a.id != b.id { return a.id < b.id }
            return a.index < b.index
        }
        if let order = ReplayOrder.applied(
            count: keys.count,
            sameInstant: { keys[$0].time == keys[$1].time },
            moves: { i, visit in
                let e = effects[Int(keys[i].index)]
                visit(e.a0, e.q0)
                if e.a1 >= 0 { visit(e.a1, e.q1) }
                if e.a2 >= 0 { visit(e.a2, e.q2) }
            },
            split: { i in splitEffects[keys[i].index].map { (effects[Int(keys[i].index)].a0, $0) } }
        ) {
            keys = order.map { keys[$0] }
        }

        var times: [Double] = []
        var deltaStart: [Int] = []
        var deltaAsset: [Int32] = []
        var deltaAmount: [Double] = []
        times.reserveCapacity(keys.count)
        deltaStart.reserveCapacity(keys.count + 1)
        deltaAsset.reserveCapacity(keys.count * 3)
        deltaAmount.reserveCapacity(keys.count * 3)
        var orderedCash: [CashTransaction] = []
        orderedCash.reserveCapacity(completed.count)
        var splitRatios: [Int: Double] = [:]
        for key in keys {
            times.append(key.time)
            deltaStart.append(deltaAsset.count)
            let e = effects[Int(key.index)]
            if key.order == 0 { orderedCash.append(completed[Int(key.index)]) }
            if let ratio = splitEffects[key.index] { splitRatios[deltaAsset.count] = ratio }
            deltaAsset.append(e.a0)
            deltaAmount.append(e.q0)
            if e.a1 >= 0 {
                deltaAsset.append(e.a1)
                deltaAmount.append(e.q1)
            }
            if e.a2 >= 0 {
                deltaAsset.append(e.a2)
                deltaAmount.append(e.q2)
            }
        }
        deltaStart.append(deltaAsset.count)
        func event(_ i: Int) -> LedgerEvent {
            keys[i].order == 0 ? .cashTransaction(id: keys[i].id) : .trade(id: keys[i].id)
        }

        var largest = [Double](repeating: 0, count: codes.count)
        for k in deltaAsset.indices {
            let a = Int(deltaAsset[k])
            largest[a] = max(largest[a], abs(deltaAmount[k]))
        }
        let tolerance = largest.map { $0 * HoldingsReplay.zeroTolerance }

        var balances = [CompensatedSum](repeating: CompensatedSum(), count: codes.count)
        var negative = [Bool](repeating: false, count: codes.count)
        var diagnostics: [NegativeBalance] = []
        for i in times.indices {
            for k in deltaStart[i]..<deltaStart[i + 1] {
                // Most ledgers have no split: the lookup is skipped in the replay's inner loop.
                if !splitRatios.isEmpty, let ratio = splitRatios[k] {
                    deltaAmount[k] = balances[Int(deltaAsset[k])].value * (ratio - 1)
                }
                balances[Int(deltaAsset[k])].add(deltaAmount[k])
            }
            // Checked after the whole event, so that a fee in the price currency is in the reported balance.
            for k in deltaStart[i]..<deltaStart[i + 1] {
                let a = Int(deltaAsset[k])
                let value = balances[a].value
                let isNegative = value < -tolerance[a]
                if isNegative && !negative[a] {
                    diagnostics.append(
                        NegativeBalance(
                            asset: codes[a],
                            time: Date(timeIntervalSince1970: times[i]),
                            after: event(i),
                            balance: value
                        )
                    )
                }
                negative[a] = isNegative
            }
        }

        self.times = times
        self.deltaStart = deltaStart
        self.deltaAsset = deltaAsset
        self.deltaAmount = deltaAmount
        self.tolerance = tolerance
        self.codeOrder = codes
        self.diagnostics = diagnostics
        self.cashTransactions = orderedCash
        self.assets = codes.sorted()
        let last = times.last.map { Date(timeIntervalSince1970: $0) } ?? Date(timeIntervalSince1970: 0)
        self.final = HoldingsReplay.holdings(balances.map(\.value), codes: codes, tolerance: tolerance, at: last)
    }

    /// Relative size below which a balance is shown as zero: selling exactly what was bought can leave
    /// 1e-17 from binary fractions (0.1 + 0.2 − 0.3), which must read as "nothing held", not as a holding.
    public static let zeroTolerance = 1e-10

    /// Holdings right after every event at or before `time`.
    public func holdings(at time: Date) -> Holdings {
        let t = time.timeIntervalSince1970
        var balances = [CompensatedSum](repeating: CompensatedSum(), count: tolerance.count)
        var i = 0
        while i < times.count && times[i] <= t {
            for k in deltaStart[i]..<deltaStart[i + 1] { balances[Int(deltaAsset[k])].add(deltaAmount[k]) }
            i += 1
        }
        return HoldingsReplay.holdings(balances.map(\.value), codes: codeOrder, tolerance: tolerance, at: time)
    }

    /// Holdings at each of `times` (any order; returned in the same order), in one pass over the ledger.
    public func holdings(at times: [Date]) -> [Holdings] {
        let order = times.indices.sorted { times[$0] < times[$1] }
        var out = [Holdings?](repeating: nil, count: times.count)
        var balances = [CompensatedSum](repeating: CompensatedSum(), count: tolerance.count)
        var i = 0
        for j in order {
            let t = times[j].timeIntervalSince1970
            while i < self.times.count && self.times[i] <= t {
                for k in deltaStart[i]..<deltaStart[i + 1] { balances[Int(deltaAsset[k])].add(deltaAmount[k]) }
                i += 1
            }
            out[j] = HoldingsReplay.holdings(
                balances.map(\.value),
                codes: codeOrder,
                tolerance: tolerance,
                at: times[j]
            )
        }
        return out.map { $0! }
    }

    /// Quantities at the end of each day of `range`, in one pass over the ledger.
    public func daily(_ range: DayRange) -> HoldingsSeries {
        let codes = codeOrder
        let days = Array(range)
        var balances = [CompensatedSum](repeating: CompensatedSum(), count: codes.count)
        var columns = [[Double]](repeating: [Double](repeating: 0, count: days.count), count: codes.count)
        var i = 0
        for (d, day) in days.enumerated() {
            let end = day.end.timeIntervalSince1970
            while i < times.count && times[i] <= end {
                for k in deltaStart[i]..<deltaStart[i + 1] { balances[Int(deltaAsset[k])].add(deltaAmount[k]) }
                i += 1
            }
            for a in codes.indices {
                let v = balances[a].value
                columns[a][d] = abs(v) <= tolerance[a] ? 0 : v
            }
        }
        var held: [(AssetCode, [Double])] = []
        for a in codes.indices where columns[a].contains(where: { $0 != 0 }) { held.append((codes[a], columns[a])) }
        held.sort { $0.0 < $1.0 }
        return HoldingsSeries(days: days, assets: held.map(\.0), quantities: held.map(\.1))
    }

    /// The time of the first event, if any.
    public var firstTime: Date? { times.first.map { Date(timeIntervalSince1970: $0) } }

    /// The time of the last event, if any.
    public var lastTime: Date? { times.last.map { Date(timeIntervalSince1970: $0) } }

    private static func holdings(_ values: [Double], codes: [AssetCode], tolerance: [Double], at time: Date) -> Holdings
    {
        var q: [AssetCode: Double] = [:]
        for (a, v) in values.enumerated() where abs(v) > tolerance[a] { q[codes[a]] = v }
        return Holdings(time: time, quantities: q)
    }
}
