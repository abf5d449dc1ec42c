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

    // The ledger as flat arrays in replay order (`FlatLedger`): event i changes asset `deltaAsset[k]` by
    // `deltaAmount[k]` for k in deltaStart[i] ..< deltaStart[i + 1]. Flat arrays keep a million-trade
    // replay in cache.
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
        var pass = FirstPass(trades: trades, completed: completed)
        pass.sortIntoReplayOrder()
        var ledger = FlatLedger(pass, completed: completed)
        let codes = pass.numbering.codes
        let tolerance = ledger.tolerances(assets: codes.count)
        let replayed = ledger.replay(codes: codes, tolerance: tolerance, event: pass.event)

        self.times = ledger.times
        self.deltaStart = ledger.deltaStart
        self.deltaAsset = ledger.deltaAsset
        self.deltaAmount = ledger.deltaAmount
        self.tolerance = tolerance
        self.codeOrder = codes
        self.diagnostics = replayed.diagnostics
        self.cashTransactions = ledger.cash
        self.assets = codes.sorted()
        let last = ledger.times.last.map { Date(timeIntervalSince1970: $0) } ?? Date(timeIntervalSince1970: 0)
        self.final = HoldingsReplay.holdings(replayed.balances, codes: codes, tolerance: tolerance, at: last)
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
