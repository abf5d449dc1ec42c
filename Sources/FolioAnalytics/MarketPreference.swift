import FolioCore
import Foundation

/// Which market's quotes value a pair, in order of preference. The first market in the list that has a
/// fresh quote is used; markets that quote the pair but are not listed come last, in name order, so that
/// data in a market Folio does not know still counts rather than being reported missing.
///
/// Defaults: a currency or metal against the hryvnia uses the official NBU rate first (what accounting
/// and tax use in Ukraine), then interbank, bank average, card and cash rates; stocks, funds, indices and
/// crypto use exchange prices first; a currency against another foreign currency uses the exchange
/// (FX market) rate, then interbank.
public struct MarketPreference: Hashable, Sendable {
    /// Markets tried first for every pair, before the defaults (the command line's `--market`).
    public var first: [Market]
    /// Per asset overrides: the markets for pairs whose asset is the key, replacing the defaults.
    var byAsset: [AssetCode: [Market]]
    /// Kinds of assets not in `KnownAssets` (stocks, funds); anything unknown counts as a traded asset.
    public var kinds: [AssetCode: AssetKind]

    public init(first: [Market] = [], byAsset: [AssetCode: [Market]] = [:], kinds: [AssetCode: AssetKind] = [:]) {
        self.first = first
        self.byAsset = byAsset
        self.kinds = kinds
    }

    /// The defaults, knowing the kinds of `assets`.
    public init(assets: [Asset]) {
        self.init(kinds: Dictionary(assets.map { ($0.code, $0.kind) }, uniquingKeysWith: { a, _ in a }))
    }

    public static let standard = MarketPreference()

    static let officialFirst: [Market] = [.nbu, .interbank, .bankAverage, .card, .cash, .exchange]
    static let exchangeFirst: [Market] = [.exchange, .interbank, .nbu, .bankAverage, .card, .cash]

    public func kind(of asset: AssetCode) -> AssetKind {
        kinds[asset] ?? KnownAssets.kind(of: asset) ?? .other
    }

    /// Markets to try for `pair`, best first, without duplicates.
    public func markets(for pair: CurrencyPair) -> [Market] {
        let defaults: [Market]
        if let own = byAsset[pair.asset] {
            defaults = own
        } else {
            let assetIsMoney = [.fiat, .metal].contains(kind(of: pair.asset))
            let currencyIsMoney = [.fiat, .metal].contains(kind(of: pair.currency))
            let hryvnia = pair.asset == .uah || pair.currency == .uah
            defaults = assetIsMoney && currencyIsMoney && hryvnia ? Self.officialFirst : Self.exchangeFirst
        }
        var seen = Set<Market>()
        return (first + defaults).filter { seen.insert($0).inserted }
    }
}
