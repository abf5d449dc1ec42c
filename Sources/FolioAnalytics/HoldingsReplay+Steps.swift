import FolioCore
import Foundation

// The steps of `HoldingsReplay.init`: a first pass over the ledger's rows, their sort into replay order,
// the flattening into arrays, and the replay that follows the balances.
extension HoldingsReplay {
    /// Asset codes numbered in order of first appearance, so that the replay indexes arrays, not a dictionary.
    struct CodeNumbering {
        private(set) var codes: [AssetCode] = []
        private var numbers: [AssetCode: Int32] = [:]

        /// The code one role (asset, price currency, fee currency) last asked for, and its number: most
        /// rows repeat the previous row's currencies, so each role compares with its own before hashing.
        struct Recent {
            var code: AssetCode? = nil
            var number: Int32 = 0
        }

        mutating func number(_ code: AssetCode, _ recent: inout Recent) -> Int32 {
            if code == recent.code { return recent.number }
            let n: Int32
            if let known = numbers[code] {
                n = known
            } else {
                n = Int32(codes.count)
                numbers[code] = n
                codes.append(code)
            }
            recent = Recent(code: code, number: n)
            return n
        }
    }

    /// A row's effects as up to three (asset, amount) changes; an asset of -1 is no change.
    struct Effect {
        var a0: Int32
        var a1: Int32
        var a2: Int32
        var q0: Double
        var q1: Double
        var q2: Double
    }

    /// Sort keys: time, then cash (0) before trade (1), then id; `index` is the row's effect.
    struct Key {
        var time: Double
        var id: Int64
        var order: Int32
        var index: Int32
    }

    /// The first pass, in input order, reading each row once and sequentially: the sort and the replay
    /// then touch only these effects and keys, not the much larger Trade values scattered in memory.
    struct FirstPass {
        var effects: [Effect] = []
        var keys: [Key] = []
        /// A split's change depends on the holding when it happens, known only in the replay: its effect
        /// carries the ratio, and the replay writes the change in its place.
        var splits: [Int32: Double] = [:]
        var numbering = CodeNumbering()

        init(trades: [Trade], completed: [CashTransaction]) {
            var asset = CodeNumbering.Recent()
            var priceCurrency = CodeNumbering.Recent()
            var feeCurrency = CodeNumbering.Recent()
            effects.reserveCapacity(trades.count + completed.count)
            keys.reserveCapacity(trades.count + completed.count)
            for c in completed {
                let index = Int32(effects.count)
                keys.append(Key(time: c.time.timeIntervalSince1970, id: c.id, order: 0, index: index))
                if c.kind == .split, let splitAsset = c.asset, let ratio = c.ratio {
                    splits[index] = ratio
                    let a = numbering.number(splitAsset, &asset)
                    effects.append(Effect(a0: a, a1: -1, a2: -1, q0: 0, q1: 0, q2: 0))
                } else {
                    let a = numbering.number(c.currency, &priceCurrency)
                    effects.append(Effect(a0: a, a1: -1, a2: -1, q0: c.cashChange, q1: 0, q2: 0))
                }
            }
            for t in trades {
                keys.append(Key(time: t.time.timeIntervalSince1970, id: t.id, order: 1, index: Int32(effects.count)))
                let sign: Double = t.side == .buy ? 1 : -1
                effects.append(
                    Effect(
                        a0: numbering.number(t.asset, &asset),
                        a1: numbering.number(t.priceCurrency, &priceCurrency),
                        a2: t.fee != 0 ? numbering.number(t.feeCurrency, &feeCurrency) : -1,
                        q0: sign * t.quantity,
                        q1: -sign * t.quantity * t.price,
                        q2: -t.fee
                    )
                )
            }
        }

        /// Sorts the keys by time, cash before trades, id, and within an instant as `ReplayOrder` applies them.
        mutating func sortIntoReplayOrder() {
            keys.sort { a, b in
                if a.time != b.time { return a.time < b.time }
                if a.order != b.order { return a.order < b.order }
                if a.id != b.id { return a.id < b.id }
                return a.index < b.index
            }
            let (keys, effects, splits) = (self.keys, self.effects, self.splits)
            if let order = ReplayOrder.applied(
                count: keys.count,
                sameInstant: { keys[$0].time == keys[$1].time },
                moves: { i, visit in
                    let e = effects[Int(keys[i].index)]
                    visit(e.a0, e.q0)
                    if e.a1 >= 0 { visit(e.a1, e.q1) }
                    if e.a2 >= 0 { visit(e.a2, e.q2) }
                },
                split: { i in splits[keys[i].index].map { (effects[Int(keys[i].index)].a0, $0) } }
            ) {
                self.keys = order.map { keys[$0] }
            }
        }

        /// The entry the sorted key `i` stands for.
        func event(_ i: Int) -> LedgerEvent {
            keys[i].order == 0 ? .cashTransaction(id: keys[i].id) : .trade(id: keys[i].id)
        }
    }

    /// The ledger flattened in replay order: event i changes asset `deltaAsset[k]` by `deltaAmount[k]`
    /// for k in deltaStart[i] ..< deltaStart[i + 1].
    struct FlatLedger {
        var times: [Double] = []
        var deltaStart: [Int] = []
        var deltaAsset: [Int32] = []
        var deltaAmount: [Double] = []
        /// The completed cash transactions in replay order.
        var cash: [CashTransaction] = []
        /// The ratio of each split, at the position of its change in `deltaAmount`.
        var splitRatios: [Int: Double] = [:]

        init(_ pass: FirstPass, completed: [CashTransaction]) {
            let keys = pass.keys
            times.reserveCapacity(keys.count)
            deltaStart.reserveCapacity(keys.count + 1)
            deltaAsset.reserveCapacity(keys.count * 3)
            deltaAmount.reserveCapacity(keys.count * 3)
            cash.reserveCapacity(completed.count)
            for key in keys {
                times.append(key.time)
                deltaStart.append(deltaAsset.count)
                let e = pass.effects[Int(key.index)]
                if key.order == 0 { cash.append(completed[Int(key.index)]) }
                if let ratio = pass.splits[key.index] { splitRatios[deltaAsset.count] = ratio }
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
        }

        /// Per asset, the zero tolerance scaled by the largest change of that asset.
        func tolerances(assets: Int) -> [Double] {
            var largest = [Double](repeating: 0, count: assets)
            for k in deltaAsset.indices {
                let a = Int(deltaAsset[k])
                largest[a] = max(largest[a], abs(deltaAmount[k]))
            }
            return largest.map { $0 * HoldingsReplay.zeroTolerance }
        }

        /// Applies every event in order, writing each split's change in its place, and notes each time
        /// a balance crosses below zero; returns the balances after the last event.
        mutating func replay(
            codes: [AssetCode],
            tolerance: [Double],
            event: (Int) -> LedgerEvent
        ) -> (balances: [Double], diagnostics: [NegativeBalance]) {
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
                        let time = Date(timeIntervalSince1970: times[i])
                        diagnostics.append(
                            NegativeBalance(asset: codes[a], time: time, after: event(i), balance: value)
                        )
                    }
                    negative[a] = isNegative
                }
            }
            return (balances.map(\.value), diagnostics)
        }
    }
}
