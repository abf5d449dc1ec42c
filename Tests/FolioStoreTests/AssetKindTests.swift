import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

/// An asset's kind comes from what the importer knows, then from the known lists; coins and metals are
/// always themselves.
@Suite struct AssetKindTests {
    @Test func theImporterKnowsBetterThanTheLists() throws {
        // A stock file knows NIO is a stock (the code is also Nicaragua's córdoba); the NBU knows AMD is
        // the dram (the code is also a stock's); a trade of AMD with no hint is taken for the stock.
        #expect(AssetRegistry.kind(of: "NIO", hint: .stock) == .stock)
        #expect(AssetRegistry.kind(of: "AMD", hint: .fiat) == .fiat)
        #expect(AssetRegistry.kind(of: "AMD", hint: nil) == .stock)
        #expect(AssetRegistry.kind(of: "NIO", hint: nil) == .fiat)
        // A coin as the price currency of a quotes file (hinted as money) stays a coin.
        #expect(AssetRegistry.kind(of: "BTC", hint: .fiat) == .crypto)
        #expect(AssetRegistry.kind(of: "XAU", hint: .fiat) == .metal)
        #expect(AssetRegistry.kind(of: "ZZZ", hint: nil) == .other)

        let t = try TemporaryStore()
        try t.importText("date,open,high,low,close,volume,Name\n2024-01-02,1,1,1,5,100,NIO\n", as: .stockCSV)
        #expect(try t.store.assets().first { $0.code == "NIO" }?.kind == .stock)
    }
}
