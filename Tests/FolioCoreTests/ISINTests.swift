import Foundation
import Testing

@testable import FolioCore

@Suite struct ISINTests {
    @Test(arguments: ["US0378331005", "IE00B3RBWM25", "NL0015002IE0", "DE000A3GK2N1", " gb0007188757 "])
    func realISINsAreRead(_ text: String) throws {
        #expect(try #require(ISIN(text)).rawValue == text.trimmingCharacters(in: .whitespaces).uppercased())
    }

    /// A typo in one character changes the check digit; the wrong shape is no ISIN at all.
    @Test(arguments: [
        "US0378331006", "US0378331050", "US037833100", "US03783310055", "1S0378331005", "US03783310-5", "",
    ])
    func mistypedOrMisshapenTextIsNot(_ text: String) {
        #expect(ISIN(text) == nil)
    }
}

/// The catalogue's ISINs: each one read as an ISIN (its check digit right), of a known stock, named by
/// no other code; and every known stock has one but those deliberately left out.
@Suite struct KnownStockISINTests {
    @Test func everyEntryIsAnISINOfOneKnownStock() throws {
        var seen: [ISIN: String] = [:]
        for (code, text) in KnownAssets.stockISINs.sorted(by: { $0.key < $1.key }) {
            let isin = try #require(ISIN(text), "\(code): \(text) is no ISIN")
            #expect(isin.rawValue == text, "\(code): \(text) is not written as an ISIN is")
            #expect(KnownAssets.stocks.contains(code), "\(code) is not a known stock")
            #expect(seen[isin] == nil, "\(text) is both \(seen[isin] ?? "") and \(code)")
            seen[isin] = code
            #expect(KnownAssets.stock(isin: isin) == AssetCode(code))
            #expect(KnownAssets.isin(ofStock: AssetCode(code)) == isin)
        }
        #expect(KnownAssets.stocks.subtracting(KnownAssets.stockISINs.keys) == ["BLK"])
        #expect(KnownAssets.stock(isin: try #require(ISIN("US0378331005"))) == "AAPL")
        #expect(KnownAssets.stock(isin: try #require(ISIN("IE00B3RBWM25"))) == nil)
    }
}
