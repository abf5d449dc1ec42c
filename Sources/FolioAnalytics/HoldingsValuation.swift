import FolioCore
import Foundation

/// One asset of a valuation: its quantity, the rate to the base currency and the value, both `nil`
/// when a quote is missing.
public struct ValuedAsset: Hashable, Sendable {
    public var asset: AssetCode
    public var quantity: Double
    public var rate: Double?
    public var value: Double?
    /// Why there is no value, when there is none.
    public var missing: MissingQuoteError? = nil
}

/// Holdings valued in a base currency at one instant. The total is `nil` when any asset could not be
/// valued: a partial sum would understate the portfolio without saying so.
public struct HoldingsValuation: Hashable, Sendable {
    public var time: Date
    public var base: AssetCode
    /// In asset code order.
    public var assets: [ValuedAsset]
    public var total: Double?
    public var missing: [MissingQuoteError]
}

extension CrossRates {
    /// Values `holdings` in `base` at `holdings.time` (the base currency itself is worth 1).
    public func value(_ holdings: Holdings, in base: AssetCode) -> HoldingsValuation {
        var items: [ValuedAsset] = []
        var missing: [MissingQuoteError] = []
        var sum = CompensatedSum()
        for asset in holdings.assets {
            let quantity = holdings[asset]
            switch rate(from: asset, to: base, at: holdings.time) {
            case let .success(rate):
                let value = rate.convert(quantity)
                sum += value
                items.append(ValuedAsset(asset: asset, quantity: quantity, rate: rate.value, value: value))
            case let .failure(why):
                missing.append(why)
                items.append(ValuedAsset(asset: asset, quantity: quantity, rate: nil, value: nil, missing: why))
            }
        }
        return HoldingsValuation(
            time: holdings.time,
            base: base,
            assets: items,
            total: missing.isEmpty ? sum.value : nil,
            missing: missing
        )
    }

    /// The currency an asset is priced in on its way to `base`: a currency is its own; a stock or coin is
    /// in the currency of its first quote (AAPL → USD); unknown when nothing links it to `base`.
    public func pricingCurrency(of asset: AssetCode, towards base: AssetCode) -> AssetCode? {
        if [.fiat, .metal].contains(preference.kind(of: asset)) || asset == base { return asset }
        guard let first = route(from: asset, to: base)?.legs.first else { return nil }
        return first.inverted ? first.pair.asset : first.pair.currency
    }
}

extension HoldingsValuation {
    /// The holdings that could be valued, as a chart draws them (the others are `unvalued`, which a
    /// chart names as not shown): a total of what is drawn, never a partial sum passed off as the whole.
    public var valuedOnly: HoldingsValuation {
        let valued = assets.filter { $0.value != nil }
        return HoldingsValuation(
            time: time,
            base: base,
            assets: valued,
            total: valued.compactMap(\.value).compensatedSum(),
            missing: []
        )
    }

    /// The holdings without a value, each with why.
    public var unvalued: [ValuedAsset] { assets.filter { $0.value == nil } }
}
