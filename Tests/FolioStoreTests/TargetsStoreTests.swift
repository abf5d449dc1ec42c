import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

/// Targets kept per portfolio: written and read back as given (lines in order, classes' assets), replaced
/// by the next `setTargets`, refused whole for an unknown asset, and gone with their portfolio.
@Suite struct TargetsStoreTests {
    static func store() throws -> TemporaryStore {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        _ = try t.store.addPortfolio(name: "Q", baseCurrency: "USD")
        try t.importText(
            "date,asset,currency,price,market,source\n2024-01-02,BND,USD,70,exchange,test\n2024-01-02,VTI,USD,250,exchange,test\n",
            as: .quotes
        )
        return t
    }

    static let byClass = StoredTargets(
        basis: "class",
        lines: [.init("stocks", 70), .init("bonds", 30)],
        classes: ["stocks": ["VTI"], "bonds": ["BND"]],
        band: 5,
        relativeBand: 25
    )

    @Test func targetsAreKeptPerPortfolioAndGoWithIt() throws {
        let t = try Self.store()
        try t.store.setTargets(Self.byClass, portfolio: "P")
        #expect(try t.store.targets(portfolio: "P") == Self.byClass)
        #expect(try t.store.targets(portfolio: "Q") == nil)
        let byAsset = StoredTargets(
            basis: "asset",
            lines: [.init("VTI", 100)],
            classes: [:],
            band: 3,
            relativeBand: nil
        )
        try t.store.setTargets(byAsset, portfolio: "P")
        #expect(try t.store.targets(portfolio: "P") == byAsset)
        try t.store.setTargets(Self.byClass, portfolio: "Q")
        #expect(try t.store.allTargets().map(\.portfolio) == ["P", "Q"])
        try t.store.removePortfolio(name: "Q")
        #expect(try t.store.allTargets().map(\.portfolio) == ["P"])
    }

    @Test func anUnknownAssetChangesNothing() throws {
        let t = try Self.store()
        try t.store.setTargets(Self.byClass, portfolio: "P")
        var bad = Self.byClass
        bad.classes["bonds"] = ["BND", "AGG"]
        #expect(throws: ArgumentError("--class bonds", "unknown asset AGG (see `folio info`)")) {
            try t.store.setTargets(bad, portfolio: "P")
        }
        #expect(try t.store.targets(portfolio: "P") == Self.byClass)
    }
}
