import FolioCore

/// The one order in which every replay of a ledger applies its entries (`HoldingsReplay`,
/// `LedgerEntry.inReplayOrder`): by time; at one instant cash transactions before trades, then by id;
/// and, among the entries of one instant, money arrives before it is spent.
///
/// A broker books an order's legs at one minute: Degiro's trade in USD and the AutoFX exchange that pays
/// for it (or changes a sale's proceeds back), Trading 212's trade and its conversion, a fee. The files
/// give them in any order — two files of one command, in either order — and database ids follow the
/// files. Applied by id, a consistent account would go below zero between two legs of one order. So at
/// an instant with several entries, the next one applied is the first (in the order above) that takes
/// no balance below zero that was not, given what the entries before it left; when none can go, the first whose
/// shortfall no other entry of the instant would make up. A balance is then below zero within an
/// instant only where no order of its entries avoids it — an overspend, not an artefact of the files'
/// order — and only the balance that is really short is named.
enum ReplayOrder {
    /// Entries of one instant beyond which the order given is kept: choosing among k entries costs k²,
    /// and no broker writes hundreds of rows at one instant (a generated ledger might).
    static let largestInstant = 512

    /// The positions of `count` entries, sorted by time and then as above, in the order they are
    /// applied; nil when it is the order given. `moves(i, visit)` calls `visit` with what entry `i` adds
    /// (above zero) or takes (below zero) of each asset; `split(i)` is the asset and ratio of a split,
    /// which multiplies a holding.
    static func applied<Asset: Hashable>(
        count: Int,
        sameInstant: (Int, Int) -> Bool,
        moves: (Int, (Asset, Double) -> Void) -> Void,
        split: (Int) -> (asset: Asset, ratio: Double)?
    ) -> [Int]? {
        // Most ledgers have no two entries at one instant: nothing to choose, and no balances to follow.
        var runs: [Range<Int>] = []
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && sameInstant(start, end) { end += 1 }
            if end - start > 1 && end - start <= largestInstant { runs.append(start..<end) }
            start = end
        }
        guard !runs.isEmpty else { return nil }

        var balances: [Asset: Double] = [:]
        func apply(_ i: Int) {
            if let (asset, ratio) = split(i) {
                balances[asset, default: 0] *= ratio
            } else {
                moves(i) { asset, amount in balances[asset, default: 0] += amount }
            }
        }
        /// What entry `i` adds or takes of each asset, its legs in one asset added up.
        func net(_ i: Int) -> [(asset: Asset, amount: Double)] {
            guard split(i) == nil else { return [] }
            var net: [(asset: Asset, amount: Double)] = []
            moves(i) { asset, amount in
                if let k = net.firstIndex(where: { $0.asset == asset }) {
                    net[k].amount += amount
                } else {
                    net.append((asset, amount))
                }
            }
            return net
        }
        /// The assets entry `i` would take below zero (one already below stays a shortfall said before).
        func short(_ i: Int) -> [Asset] {
            net(i).filter { move in
                let before = balances[move.asset, default: 0]
                return move.amount < 0 && before >= 1e-9 * move.amount && before + move.amount < 1e-9 * move.amount
            }
            .map(\.asset)
        }

        var order: [Int]? = nil
        var position = 0
        for run in runs {
            while position < run.lowerBound {
                apply(position)
                position += 1
            }
            var left = Array(run)
            var chosen: [Int] = []
            while !left.isEmpty {
                let shortOf = left.map(short)
                // None fits: the first whose shortfall no other entry of the instant makes up goes (the
                // exchange short of euros, before the buy that waits for its dollars), else the first.
                let k =
                    shortOf.firstIndex(where: \.isEmpty)
                    ?? shortOf.indices.first { k in
                        shortOf[k].allSatisfy { asset in
                            !left.indices.contains { j in
                                j != k && net(left[j]).contains { $0.asset == asset && $0.amount > 0 }
                            }
                        }
                    } ?? 0
                apply(left[k])
                chosen.append(left.remove(at: k))
            }
            if chosen != Array(run) {
                if order == nil { order = Array(0..<count) }
                order?.replaceSubrange(run, with: chosen)
            }
            position = run.upperBound
        }
        return order
    }
}
