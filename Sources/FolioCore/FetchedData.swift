import Foundation

/// What one fetch brought back, ready to store.
public struct FetchedData: Sendable {
    public var quotes: [Quote] = []
    public var statistics: [MarketStatistic] = []
    /// Names of assets as the source calls them (`Bitcoin`, `Долар США`), used when an asset is new.
    public var assetNames: [AssetCode: String] = [:]
    public var assetKinds: [AssetCode: AssetKind] = [:]

    public init(
        quotes: [Quote] = [],
        statistics: [MarketStatistic] = [],
        assetNames: [AssetCode: String] = [:],
        assetKinds: [AssetCode: AssetKind] = [:]
    ) {
        self.quotes = quotes
        self.statistics = statistics
        self.assetNames = assetNames
        self.assetKinds = assetKinds
    }
}
