import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// Rebalancing on generated portfolios (seeded, so every run checks the same cases).
@Suite("Rebalancing properties")
struct RebalancingPropertyTests {
    struct Case {
        var rebalancing: Rebalancing
        var prices: [AssetCode: Double]
    }

    /// 2 to 6 stocks at 1 to 500 USD, 0 to 40 shares each, 0 to 5000 USD of cash; integer weights adding
    /// up to 100, with a cash line one time in three.
    static func generate(_ g: inout SplitMix64, _ options: RebalanceOptions) throws -> Case {
        let codes = (0..<(2 + g.next(below: 5))).map { AssetCode("S\($0)") }
        var prices: [AssetCode: Double] = [:]
        var held: [AssetCode: Double] = ["USD": Double(g.next(below: 5001))]
        for code in codes {
            prices[code] = Double(1 + g.next(below: 50_000)) / 100
            held[code] = Double(g.next(below: 41))
        }
        var names = codes.map(\.rawValue)
        if g.next(below: 3) == 0 { names.append("USD") }
        var weights = names.map { _ in 1 + g.next(below: 100) }
        let sum = weights.reduce(0, +)
        weights = weights.map { $0 * 100 / sum }
        weights[0] += 100 - weights.reduce(0, +)
        let targets = try PortfolioTargets(
            basis: .asset,
            lines: zip(names, weights).map { TargetLine($0, Double($1)) }
        )
        let kinds = Dictionary(uniqueKeysWithValues: codes.map { ($0, AssetKind.stock) })
        let rates = CrossRates(
            book: PriceBook(prices.map { q($0.key, "USD", .exchange, "2024-06-03T20:00", $0.value) }),
            preference: MarketPreference(kinds: kinds)
        )
        let valuation = rates.value(Holdings(time: t("2024-06-03T21:00"), quantities: held), in: "USD")
        return Case(
            rebalancing: try Rebalancing(valuation, rates: rates, targets: targets, options: options),
            prices: prices
        )
    }

    @Test func withSellEveryLineEndsWithinOneSharesValueOfItsTarget() throws {
        var g = SplitMix64(seed: 47)
        for n in 0..<400 {
            let whole = n % 2 == 0
            let deposit = n % 3 == 0 ? Double(g.next(below: 3000)) : nil
            let c = try Self.generate(&g, .init(deposit: deposit, sell: true, wholeShares: whole))
            for line in c.rebalancing.lines where !line.isCash {
                let share = try #require(c.prices[AssetCode(line.name)])
                #expect(abs(line.after - line.goal) <= (whole ? share / 2 : 1e-9) + 1e-9 * line.goal)
                if whole { #expect(line.quantity == line.quantity?.rounded()) }
            }
            // Whatever whole shares leave over is in the cash, or said to be unspent.
            let total = c.rebalancing.lines.map(\.after).compensatedSum()
            let cashLine = c.rebalancing.lines.contains(where: \.isCash)
            let expected = c.rebalancing.totalAfterDeposit - (cashLine ? 0 : c.rebalancing.unspent)
            #expect(abs(total - expected) <= 1e-6)
        }
    }

    @Test func withoutSellNoLineMovesAwayFromItsTargetAndTheBuysSpendTheMoney() throws {
        var g = SplitMix64(seed: 4747)
        for n in 0..<400 {
            let whole = n % 2 == 0
            let deposit = n % 3 == 0 ? nil : Double(g.next(below: 3000))
            let c = try Self.generate(&g, .init(deposit: deposit, wholeShares: whole))
            let r = c.rebalancing
            for line in r.lines {
                #expect(abs(line.after - line.goal) <= abs(line.start - line.goal) + 1e-9 * max(1, line.goal))
                if !line.isCash { #expect(line.trade >= 0) }
            }
            // The money to spend is the cash above the cash lines' goals; buys + unspent = that money.
            let cash = r.lines.filter(\.isCash)
            let money = max(0, cash.map { $0.start - $0.goal }.compensatedSum())
            let buys = r.lines.filter { !$0.isCash }.map(\.trade).compensatedSum()
            #expect(r.unspent >= -1e-9 && abs(buys + r.unspent - money) <= 1e-6)
            // Fractional shares leave nothing unspent while a line still lacks money.
            if !whole {
                let lacking = r.lines.filter { !$0.isCash }.map { max(0, $0.goal - $0.after) }.compensatedSum()
                #expect(r.unspent <= 1e-6 || lacking <= 1e-6)
            }
        }
    }
}
