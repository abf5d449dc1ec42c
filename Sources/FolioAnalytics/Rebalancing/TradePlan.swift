import FolioCore

/// The trades of a `Rebalancing`, line by line: first the lines that are not cash, then the cash that
/// pays for them.
struct TradePlan {
    var lines: [RebalanceTable.Line]

    private var cash: [Int] { lines.indices.filter { lines[$0].isCash } }
    private var others: [Int] { lines.indices.filter { !lines[$0].isCash } }

    /// Every line to its goal; whole units to the nearest, the cash they leave over (or need) to the
    /// deposit's line, else the largest cash line. Returns that leftover.
    mutating func sellToTargets(leftoverTo depositLine: String) -> Double {
        var leftover = CompensatedSum()
        for i in others {
            let exact = lines[i].goal - lines[i].start
            let trade = rounded(i, exact) { $0.rounded(.toNearestOrAwayFromZero) }
            set(i, trade, exact: exact)
            leftover += exact - trade
        }
        let cash = cash
        for i in cash { lines[i].after = lines[i].goal }
        let keeper = cash.first { lines[$0].name == depositLine } ?? cash.max { lines[$0].goal < lines[$1].goal }
        if let keeper { lines[keeper].after += leftover.value }
        for i in cash { lines[i].trade = lines[i].after - lines[i].value }
        return leftover.value
    }

    /// Buys only, paid from the cash above the cash lines' goals: water-filling the deficits, then whole
    /// units rounded down, one more unit at a time to the most underweight line that can take one, the
    /// rest water-filled into the divisible lines. Returns the money left unspent.
    mutating func buyOnly() -> Double {
        let cash = cash
        let others = others
        let excess = cash.map { max(0, lines[$0].start - lines[$0].goal) }
        let money = max(0, cash.map { lines[$0].start - lines[$0].goal }.compensatedSum())
        let deficits = others.map { max(0, lines[$0].goal - lines[$0].start) }
        let exact = Self.waterFill(deficits, money)
        var buys = zip(others, exact).map { i, amount in rounded(i, amount) { ($0 + 1e-9).rounded(.down) } }

        var left = money - buys.compensatedSum()
        while true {
            let room = others.indices.filter { k in
                guard lines[others[k]].isWhole, let price = lines[others[k]].price, price > 0 else { return false }
                return buys[k] + price <= deficits[k] + 1e-9 && price <= left + 1e-9
            }
            guard let k = room.max(by: { deficits[$0] - buys[$0] < deficits[$1] - buys[$1] }),
                let price = lines[others[k]].price
            else { break }
            buys[k] += price
            left = money - buys.compensatedSum()
        }
        let divisible = others.indices.filter { !lines[others[$0]].isWhole }
        let more = Self.waterFill(divisible.map { max(0, deficits[$0] - buys[$0]) }, max(0, left))
        for (k, amount) in zip(divisible, more) { buys[k] += amount }
        for (k, i) in others.enumerated() { set(i, buys[k], exact: exact[k]) }

        // The buys are paid from the cash lines above their goals, each in proportion to its excess.
        let spent = buys.compensatedSum()
        let allExcess = excess.compensatedSum()
        for (c, i) in cash.enumerated() {
            lines[i].after = lines[i].start - (allExcess > 0 ? spent * excess[c] / allExcess : 0)
            lines[i].trade = lines[i].after - lines[i].value
        }
        return money - spent
    }

    /// `amount` of line `i` in whole units by `round` when the line trades whole units.
    private func rounded(_ i: Int, _ amount: Double, _ round: (Double) -> Double) -> Double {
        guard lines[i].isWhole, let price = lines[i].price, price > 0 else { return amount }
        return round(amount / price) * price
    }

    private mutating func set(_ i: Int, _ trade: Double, exact: Double) {
        lines[i].trade = trade
        lines[i].after = lines[i].start + trade
        if let price = lines[i].price, price > 0 {
            lines[i].quantity = lines[i].isWhole ? (trade / price).rounded() : trade / price
        }
        if lines[i].isWhole { lines[i].wholeUnitsMiss = exact - trade }
    }

    /// Amounts, each at most its deficit, adding up to `money` (or to all the deficits when they are
    /// less): the largest deficits are lowered first to a common level, as water fills the deepest part
    /// of a basin first.
    static func waterFill(_ deficits: [Double], _ money: Double) -> [Double] {
        let total = deficits.compensatedSum()
        guard total > money else { return deficits }
        guard money > 0 else { return deficits.map { _ in 0 } }
        let sorted = deficits.sorted(by: >)
        var sum = CompensatedSum()
        var level = 0.0
        for k in sorted.indices {
            sum += sorted[k]
            level = (sum.value - money) / Double(k + 1)
            if level >= (k + 1 < sorted.count ? sorted[k + 1] : 0) { break }
        }
        return deficits.map { max(0, $0 - level) }
    }
}
