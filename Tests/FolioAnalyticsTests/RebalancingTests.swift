import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// Drift and trades against a target mix, worked by hand. Prices are quoted in USD, the base.
@Suite("Rebalancing: drift, bands and trades")
struct RebalancingTests {
    static let time = t("2024-06-03T21:00")

    static func rates(_ prices: [AssetCode: Double], kinds: [AssetCode: AssetKind] = [:]) -> CrossRates {
        CrossRates(
            book: PriceBook(prices.map { q($0.key, "USD", .exchange, "2024-06-03T20:00", $0.value) }),
            preference: MarketPreference(kinds: kinds)
        )
    }

    static func rebalance(
        _ quantities: [AssetCode: Double],
        prices: [AssetCode: Double],
        kinds: [AssetCode: AssetKind] = [:],
        _ targets: PortfolioTargets,
        _ options: RebalanceOptions
    ) throws -> Rebalancing {
        let rates = rates(prices, kinds: kinds)
        let valuation = rates.value(Holdings(time: time, quantities: quantities), in: "USD")
        return try Rebalancing(valuation, rates: rates, targets: targets, options: options)
    }

    static var sixtyForty: PortfolioTargets {
        get throws { try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 60), .init("MSFT", 40)]) }
    }

    func line(_ r: Rebalancing, _ name: String) throws -> RebalanceTable.Line {
        try #require(r.lines.first { $0.name == name })
    }

    @Test func withSellTheTradesReachTheTargetsExactly() throws {
        // 10 AAPL at 100 = 1000, 5 MSFT at 200 = 1000: total 2000, weights 50/50, drift −10/+10.
        // Targets 60/40 of 2000: AAPL 1200 (+200 = 2 shares), MSFT 800 (−200 = 1 share).
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5],
            prices: ["AAPL": 100, "MSFT": 200],
            try Self.sixtyForty,
            .init(sell: true)
        )
        #expect(r.lines.map(\.name) == ["AAPL", "MSFT"])
        let aapl = try line(r, "AAPL")
        let msft = try line(r, "MSFT")
        #expect(aapl.weight == 50 && aapl.drift == -10 && msft.drift == 10)
        // Band 5 by default: both lines are 10 points out.
        #expect(aapl.outOfBand && msft.outOfBand && r.isOutOfBand)
        #expect(aapl.trade == 200 && aapl.quantity == 2)
        #expect(msft.trade == -200 && msft.quantity == -1)
        #expect(r.unspent == 0 && r.notes.isEmpty)
        let table = r.table
        #expect(
            table.columns.map(\.name) == [
                "line", "value_usd", "weight", "target", "drift_pp", "out_of_band", "trade_usd", "trade_quantity",
            ]
        )
        #expect(table.rows.count == 3)
        #expect(table.cell(2, "line") == .text("Total") && table.number(2, "trade_usd") == 0)
        #expect(table.number(2, "value_usd") == 2000 && table.number(2, "target") == 100)
        #expect(table.cell(2, "out_of_band") == .text("yes"))
    }

    @Test func aLineHeldWithoutATargetKeepsTheAbsoluteBand() throws {
        // 10 AAPL at 100 and 5 MSFT at 200 on target (50/50), 0.01 USD left over: USD's weight is
        // 0.01 / 2000.01 = 0.0005 %, drift +0.0005 pp. A relative band of 25 % of a 0 target would be 0
        // points and call that cent out of band; the line keeps the 5 points.
        let targets = try PortfolioTargets(
            basis: .asset,
            lines: [.init("AAPL", 50), .init("MSFT", 50)],
            relativeBand: 25
        )
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5, "USD": 0.01],
            prices: ["AAPL": 100, "MSFT": 200],
            targets,
            .init()
        )
        let usd = try line(r, "USD")
        #expect(usd.tolerance == 5 && !usd.outOfBand && !r.isOutOfBand)
    }

    @Test func wholeSharesSoldWithoutACashLineLeaveTheirChangeInTheBase() throws {
        // AAPL 55 / MSFT 45 of 2000: goals 1100 and 900. AAPL +100 = 1 share exactly; MSFT −100 = −0.5
        // share, to the nearest whole −1 (away from zero): −200. Change 100 has no cash line to stay in:
        // a USD line (target 0) takes it, so that the trades add up to the deposit, 0.
        let targets = try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 55), .init("MSFT", 45)])
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5],
            prices: ["AAPL": 100, "MSFT": 200],
            targets,
            .init(sell: true, wholeShares: true)
        )
        #expect(r.lines.map(\.name) == ["AAPL", "MSFT", "USD"])
        #expect(try line(r, "AAPL").trade == 100 && line(r, "MSFT").trade == -200)
        #expect(try line(r, "USD").trade == 100)
        #expect(r.lines.map(\.trade).reduce(0, +) == 0)
    }

    @Test func aCurrencyBelowItsTargetIsNamedWhenOnlyBuying() throws {
        // 10 AAPL at 100 = 1000 and no euros; targets AAPL 50 EUR 50; 500 USD paid in: total after 1500,
        // goals 750 and 750. The cash lines net to (0 − 750) + (500 − 0) < 0: nothing to spend, and
        // buys only do not turn dollars into euros. EUR stays 750 below its goal, and the note says so.
        let targets = try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 50), .init("EUR", 50)])
        let r = try Self.rebalance(
            ["AAPL": 10, "EUR": 0],
            prices: ["AAPL": 100, "EUR": 1.1],
            kinds: ["EUR": .fiat],
            targets,
            .init(deposit: 500)
        )
        #expect(r.lines.allSatisfy { $0.isCash || $0.trade == 0 })
        #expect(r.notes == ["EUR stays 750.00 USD below its target: currencies are exchanged only when selling"])
    }

    @Test func aTargetAssetNeitherHeldNorQuotedHasADriftAndNoQuantity() throws {
        // 10 AAPL at 100 = 1000; targets AAPL 50 GOOG 50, GOOG never bought and without a quote: GOOG's
        // weight is 0, drift −50, out of band; with sell its trade is +500 (half of 1000), no quantity.
        let targets = try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 50), .init("GOOG", 50)])
        let r = try Self.rebalance(["AAPL": 10], prices: ["AAPL": 100], targets, .init(sell: true))
        let goog = try line(r, "GOOG")
        #expect(goog.weight == 0 && goog.drift == -50 && goog.outOfBand)
        #expect(goog.trade == 500 && goog.quantity == nil)
        #expect(r.unpriced == ["GOOG"] && r.notes.contains("no quote of GOOG in USD: its trade has no quantity"))
    }

    @Test func aDepositWithoutSellsBuysTheUnderweightLineOnly() throws {
        // 500 USD paid in: total after 2500; goals AAPL 0.6 × 2500 = 1500, MSFT 0.4 × 2500 = 1000.
        // AAPL lacks 500, MSFT lacks nothing: all 500 to AAPL, 500 / 100 = 5 shares. The cash line (USD,
        // held outside the targets, goal 0) pays it: 0 + 500 deposited − 500 spent = 0 change.
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5],
            prices: ["AAPL": 100, "MSFT": 200],
            try Self.sixtyForty,
            .init(deposit: 500)
        )
        #expect(r.lines.map(\.name) == ["AAPL", "MSFT", "USD"])
        #expect(try line(r, "AAPL").trade == 500 && line(r, "AAPL").quantity == 5)
        #expect(try line(r, "MSFT").trade == 0 && line(r, "MSFT").quantity == 0)
        #expect(try line(r, "USD").trade == 0 && line(r, "USD").quantity == nil)
        #expect(r.unspent == 0)
        // The Total trade is the deposit: 500 of AAPL + 0 + 0 … less the 500 the cash paid, plus the 500 paid in.
        #expect(r.table.number(3, "trade_usd") == 500)
    }

    @Test func wholeSharesThatCannotHitTheTargetSayByHowMuch() throws {
        // 250 USD held, 10 AAPL at 100, 5 MSFT at 200: total 2250; goals AAPL 1350, MSFT 900, USD 0.
        // AAPL lacks 350, MSFT none; the 250 of cash would buy 2.5 AAPL: 2 whole shares (200), and a
        // third (100) does not fit in the 50 left. AAPL ends at 1200, 150 below its goal:
        // 150 / 2250 = 6.67 pp; 50 USD stays in cash.
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5, "USD": 250],
            prices: ["AAPL": 100, "MSFT": 200],
            try Self.sixtyForty,
            .init(wholeShares: true)
        )
        let aapl = try line(r, "AAPL")
        #expect(aapl.quantity == 2 && aapl.trade == 200 && aapl.wholeUnitsMiss == 50)
        #expect(try line(r, "USD").trade == -200)
        #expect(r.unspent == 50)
        #expect(
            r.notes == [
                "whole units: AAPL ends 150.00 USD below its target (-6.67 pp)",
                "unspent: 50.00 USD stays in cash",
            ]
        )
    }

    @Test func wholeSharesWithSellRoundToTheNearestShare() throws {
        // Targets 55/45 of 2000: AAPL 1100 (+1 share), MSFT 900 (−100 = half a share, sold as one:
        // −200). MSFT ends at 800, 100 below its goal (5 pp); the 100 the extra half share brings stays
        // unspent (there is no cash line to take it).
        let targets = try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 55), .init("MSFT", 45)])
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5],
            prices: ["AAPL": 100, "MSFT": 200],
            targets,
            .init(sell: true, wholeShares: true)
        )
        #expect(try line(r, "AAPL").quantity == 1 && line(r, "MSFT").quantity == -1)
        #expect(try line(r, "MSFT").wholeUnitsMiss == 100)
        #expect(r.unspent == 100)
        #expect(r.notes.first == "whole units: MSFT ends 100.00 USD below its target (-5.00 pp)")
    }

    @Test func byKindTheCashLinePaysAndTakesTheDeposit() throws {
        // 10 AAPL at 100 (stock) 1000, 2 VOO at 400 (etf) 800, 200 USD: total 2000, weights 50/40/10.
        // Targets stock 50, etf 30, fiat 20: drift 0, +10, −10; band 5 relative 25: tolerances
        // min(5, 12.5) = 5, min(5, 7.5) = 5, min(5, 5) = 5 → etf and fiat out of band.
        let kinds: [AssetCode: AssetKind] = ["AAPL": .stock, "VOO": .etf]
        let targets = try PortfolioTargets(
            basis: .kind,
            lines: [.init("stock", 50), .init("etf", 30), .init("fiat", 20)],
            relativeBand: 25
        )
        let held: [AssetCode: Double] = ["AAPL": 10, "VOO": 2, "USD": 200]
        let prices: [AssetCode: Double] = ["AAPL": 100, "VOO": 400]
        let sell = try Self.rebalance(held, prices: prices, kinds: kinds, targets, .init(sell: true))
        #expect(sell.lines.map(\.drift) == [0, 10, -10])
        #expect(sell.lines.map(\.outOfBand) == [false, true, true])
        // Goals 1000/600/400: sell 200 of ETFs, the cash goes from 200 to 400.
        #expect(sell.lines.map(\.trade) == [0, -200, 200])
        #expect(sell.lines.allSatisfy { $0.quantity == nil })
        // Buys only: the cash (200) is below its goal (400), so nothing is spent.
        let hold = try Self.rebalance(held, prices: prices, kinds: kinds, targets, .init())
        #expect(hold.lines.map(\.trade) == [0, 0, 0] && hold.unspent == 0)
        // 500 paid in: total 2500; goals 1250/750/500; cash 700 is 200 above its goal: all to stocks
        // (lacking 250; ETFs lack nothing). Cash ends at 500: a change of +300; Total trade 500.
        let deposit = try Self.rebalance(held, prices: prices, kinds: kinds, targets, .init(deposit: 500))
        #expect(deposit.lines.map(\.trade) == [200, 0, 300])
        #expect(deposit.table.number(3, "trade_usd") == 500)
    }

    @Test func byClassAnAssetInNoClassIsALineOfItsOwn() throws {
        // Classes tech = AAPL, MSFT (1000 + 1000) and bonds = BND (5 at 80 = 400); KO (10 at 60 = 600)
        // is in no class: a line of its own, target 0. Total 3000: tech 66.67 %, bonds 13.33 %, KO 20 %.
        // Targets tech 70, bonds 30 with --sell: goals 2100, 900, 0: tech +100, bonds +500 = 6.25 BND,
        // KO −600 = −10 shares; the three add up to 0.
        let targets = try PortfolioTargets(
            basis: .assetClass,
            lines: [.init("tech", 70), .init("bonds", 30)],
            classes: ["tech": ["AAPL", "MSFT"], "bonds": ["BND"]]
        )
        let r = try Self.rebalance(
            ["AAPL": 10, "MSFT": 5, "BND": 5, "KO": 10],
            prices: ["AAPL": 100, "MSFT": 200, "BND": 80, "KO": 60],
            targets,
            .init(sell: true)
        )
        #expect(r.lines.map(\.name) == ["tech", "bonds", "KO"])
        #expect(r.lines.map(\.value) == [2000, 400, 600])
        #expect(r.lines.map(\.trade) == [100, 500, -600])
        // A class has no quantity (which of its assets is yours to say); KO, in no class, has its shares.
        #expect(r.lines.map(\.quantity) == [nil, nil, -10])
        #expect(try line(r, "KO").isTargeted == false && line(r, "KO").outOfBand)
    }

    @Test func underweightLinesAreFilledDeepestFirst() {
        // Deficits 300, 100, 0 with 250 to spend: the 300 comes down to 100 (200 spent), then both
        // take 25 each: 225 and 25.
        #expect(TradePlan.waterFill([300, 100, 0], 250) == [225, 25, 0])
        #expect(TradePlan.waterFill([300, 100, 0], 1000) == [300, 100, 0])
    }

    @Test func targetsThatCannotBeRightAreRefusedNamingWhy() {
        #expect(throws: TargetError.sum(99.5)) {
            try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 59.5), .init("MSFT", 40)])
        }
        #expect(TargetError.sum(99.5).description == "the weights add up to 99.5, not 100")
        #expect(throws: TargetError.duplicateLine("AAPL")) {
            try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 50), .init("AAPL", 50)])
        }
        #expect(throws: TargetError.negativeWeight("MSFT", -10)) {
            try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 110), .init("MSFT", -10)])
        }
        #expect(throws: TargetError.unknownKind("bond")) {
            try PortfolioTargets(basis: .kind, lines: [.init("bond", 100)])
        }
        // 0.1 + 0.2 + 99.7 is 100 only to binary noise: accepted.
        #expect(
            (try? PortfolioTargets(basis: .asset, lines: [.init("A", 0.1), .init("B", 0.2), .init("C", 99.7)])) != nil
        )
        #expect(throws: TargetError.assetInTwoClasses("AGG", "bonds", "safe")) {
            try PortfolioTargets(
                basis: .assetClass,
                lines: [.init("bonds", 50), .init("safe", 50)],
                classes: ["bonds": ["BND", "AGG"], "safe": ["AGG"]]
            )
        }
    }

    @Test func theRelativeBandNarrowsSmallLines() throws {
        let targets = try PortfolioTargets(
            basis: .asset,
            lines: [.init("A", 90), .init("B", 10)],
            band: 5,
            relativeBand: 25
        )
        #expect(targets.tolerance(of: 10) == 2.5 && targets.tolerance(of: 90) == 5)
    }
}
