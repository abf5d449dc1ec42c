import FolioCore
import Foundation

/// How to bring a portfolio back to target: new money to add, whether selling is allowed, and whether
/// shares are traded whole.
public struct RebalanceOptions: Hashable, Sendable {
    /// New money in the base currency, paid into the base currency's line before trading; nil: none
    /// (then the buys are paid from the cash already held above the cash lines' targets).
    public var deposit: Double?
    /// Sell what is over target, so that every line reaches it; else buys only.
    public var sell: Bool
    /// Trade stocks and ETFs in whole shares (`other` assets always are: `Rebalancing.isWhole`).
    public var wholeShares: Bool

    public init(deposit: Double? = nil, sell: Bool = false, wholeShares: Bool = false) {
        self.deposit = deposit
        self.sell = sell
        self.wholeShares = wholeShares
    }
}

/// A portfolio's drift from its targets at one instant and the trades that bring it back.
///
/// Lines: the target lines in their order, then what is held outside every line (an asset, a kind or an
/// asset in no class) as a line of target 0. Cash lines — every asset of the line a currency — pay for
/// the buys and take the deposit; their trade is the change of the cash they hold, so the Total trade
/// is the deposit.
/// - with `sell`: every other line is bought or sold to its target of the total after the deposit; what
///   whole shares leave over (or short) stays in cash (`unspent`).
/// - without: buys only. The money to spend is the cash above the cash lines' targets (after the
///   deposit); it goes to the most underweight lines first, raising the most underweight to the next
///   (water-filling), so that no line passes its target and none moves away from it.
public struct Rebalancing: Hashable, Sendable {
    public var time: Date
    public var base: AssetCode
    public var targets: PortfolioTargets
    public var options: RebalanceOptions
    public var lines: [RebalanceTable.Line]
    /// The portfolio's value before the deposit.
    public var total: Double
    /// Money meant to be spent that the trades leave in cash: whole shares' remainders; without `sell`,
    /// also what no underweight line could take. Negative with `sell` when whole shares need more cash.
    public var unspent: Double
    /// Target assets not held and without a quote: their weight is 0, their trade an amount without a
    /// quantity.
    public var unpriced: [AssetCode] = []
    /// Whether the lines carry `taxEstimate` (a UAH-resident portfolio's sales: `RebalanceTable`).
    public var estimatesTax = false

    /// Whether any line has drifted outside its band. A portfolio without targets has no `Rebalancing`,
    /// and is never out of band.
    public var isOutOfBand: Bool { lines.contains(where: \.outOfBand) }

    /// The drift and trades of `valuation` (which must have every quote) against `targets`; `rates`
    /// price a target asset not held and tell each asset's kind.
    public init(
        _ valuation: HoldingsValuation,
        rates: CrossRates,
        targets: PortfolioTargets,
        options: RebalanceOptions = .init()
    ) throws(AnalyticsError) {
        if let missing = valuation.missing.first { throw .missingQuote(missing) }
        let deposit = options.deposit ?? 0
        guard deposit.isFinite, deposit >= 0 else {
            throw .invalidArgument(name: "cash", value: "\(deposit)", expected: "an amount of 0 or more")
        }
        let base = valuation.base
        let kind = { (asset: AssetCode) in asset == base ? AssetKind.fiat : rates.preference.kind(of: asset) }

        var groups = LineGroups(targets: targets, kind: kind)
        for item in valuation.assets { groups.add(item.asset, value: item.value ?? 0, rate: item.rate) }
        let depositLine = groups.name(of: base)
        // The deposit, and what whole units leave over when selling, stay in the base currency's line.
        let leavesOver =
            options.sell && valuation.assets.contains { Self.isWhole(kind($0.asset), options) }
            && !groups.ordered.contains(where: \.isCash)
        if deposit > 0 || leavesOver { groups.ensure(depositLine, asset: base) }

        var lines: [RebalanceTable.Line] = []
        var unpriced: [AssetCode] = []
        for group in groups.ordered {
            var line = RebalanceTable.Line(group.name)
            line.value = group.value.value
            line.target = group.target
            line.isTargeted = group.isTargeted
            line.isCash = group.isCash
            // Quantities for a line of one asset: any by asset, and by class an asset in no class.
            let oneAsset = targets.basis == .asset || (targets.basis == .assetClass && group.isHeldOutsideLines)
            if oneAsset, !group.isCash {
                let asset = group.assets[0]
                line.asset = asset
                line.isWhole = Self.isWhole(kind(asset), options)
                line.price = group.rate
                if line.price == nil {
                    line.price = try Self.price(of: asset, held: group.value.value != 0, rates, valuation)
                }
                if line.price == nil { unpriced.append(asset) }
            }
            lines.append(line)
        }

        let total = lines.map(\.value).compensatedSum()
        let after = total + deposit
        guard after > 0 else {
            throw .invalidArgument(
                name: "cash",
                value: DecimalText.exact(deposit),
                expected: "money to invest: \(DecimalText.exact(total)) \(base) is all the portfolio is worth"
            )
        }
        for i in lines.indices {
            lines[i].start = lines[i].value + (lines[i].name == depositLine ? deposit : 0)
            lines[i].goal = lines[i].target / 100 * after
            // A portfolio worth nothing (or less) has no weights, and no drift to be out of band with.
            lines[i].weight = total > 0 ? lines[i].value / total * 100 : nil
            lines[i].drift = lines[i].weight.map { $0 - lines[i].target }
            lines[i].tolerance = targets.tolerance(of: lines[i].target)
            lines[i].outOfBand = lines[i].drift.map { abs($0) > lines[i].tolerance + 1e-9 } ?? false
        }

        var trades = TradePlan(lines: lines)
        let unspent = options.sell ? trades.sellToTargets(leftoverTo: depositLine) : trades.buyOnly()

        self.time = valuation.time
        self.base = base
        self.targets = targets
        self.options = options
        self.lines = trades.lines
        self.total = total
        self.unspent = unspent
        self.unpriced = unpriced
    }

    /// The price of a line's asset not in the valuation (a target not held); nil when it has no quote, as
    /// its drift is known without one (weight 0), only its quantity is not. A held asset must have one.
    private static func price(
        of asset: AssetCode,
        held: Bool,
        _ rates: CrossRates,
        _ valuation: HoldingsValuation
    ) throws(AnalyticsError) -> Double? {
        switch rates.rate(from: asset, to: valuation.base, at: valuation.time) {
        case let .success(rate): return rate.value
        case .failure where !held: return nil
        case let .failure(missing): throw .missingQuote(missing)
        }
    }

    /// Whole units: an `other` asset (a bond, a fund's unit: brokers trade them whole), and stocks and
    /// ETFs when asked; currencies, coins and metals are divisible.
    public static func isWhole(_ kind: AssetKind, _ options: RebalanceOptions) -> Bool {
        kind == .other || (options.wholeShares && (kind == .stock || kind == .etf))
    }
}

/// The valued assets gathered into lines: the targets', then those held outside every line.
private struct LineGroups {
    struct Group {
        var name: String
        var assets: [AssetCode] = []
        var value = CompensatedSum()
        var rate: Double?
        var target = 0.0
        var isTargeted = false
        var isHeldOutsideLines = false
        var isCash = false
    }

    let targets: PortfolioTargets
    let kind: (AssetCode) -> AssetKind
    private var groups: [String: Group] = [:]

    init(targets: PortfolioTargets, kind: @escaping (AssetCode) -> AssetKind) {
        self.targets = targets
        self.kind = kind
        for line in targets.lines {
            var group = Group(name: line.name)
            group.target = line.weight
            group.isTargeted = true
            let members = targets.assets(of: line.name)
            group.assets = members ?? []
            group.isCash =
                targets.basis == .kind
                ? line.name == AssetKind.fiat.rawValue : (members ?? []).allSatisfy { kind($0) == .fiat }
            groups[line.name] = group
        }
    }

    func name(of asset: AssetCode) -> String { targets.lineName(of: asset, kind: kind(asset)) ?? asset.rawValue }

    mutating func add(_ asset: AssetCode, value: Double, rate: Double?) {
        let name = name(of: asset)
        ensure(name, asset: asset)
        groups[name]?.value += value
        if groups[name]?.assets == [asset] { groups[name]?.rate = rate }
        if targets.basis == .kind, groups[name]?.assets.contains(asset) == false { groups[name]?.assets.append(asset) }
    }

    /// A line for `name`, held outside the targets when no target names it.
    mutating func ensure(_ name: String, asset: AssetCode) {
        guard groups[name] == nil else { return }
        var group = Group(name: name, assets: [asset])
        group.isHeldOutsideLines = true
        group.isCash = kind(asset) == .fiat
        groups[name] = group
    }

    /// Target lines in their order, then the others by value, largest first.
    var ordered: [Group] {
        let targeted = targets.lines.compactMap { groups[$0.name] }
        let others = groups.values.filter { !$0.isTargeted }.sorted {
            ($0.value.value, $1.name) > ($1.value.value, $0.name)
        }
        return targeted + others
    }
}
