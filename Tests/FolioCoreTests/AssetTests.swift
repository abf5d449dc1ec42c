import Testing

@testable import FolioCore

@Suite struct AssetTests {
    @Test(arguments: [
        ("eosbtc", "EOS", "BTC"), ("usdteur", "USDT", "EUR"), ("btcusd", "BTC", "USD"), ("bchgbp", "BCH", "GBP"),
        ("ethbtc", "ETH", "BTC"), ("ltcusd", "LTC", "USD"), ("btgeur", "BTG", "EUR"), ("eurseur", "EURS", "EUR"),
    ])
    func splitsInstrumentsByKnownCodes(_ instrument: String, _ base: String, _ quote: String) throws {
        let split = try #require(KnownAssets.splitInstrument(instrument))
        #expect(split.base == AssetCode(base))
        #expect(split.quote == AssetCode(quote))
    }

    @Test func unknownInstrumentsAreNotGuessed() {
        #expect(KnownAssets.splitInstrument("abcxyz") == nil)
        #expect(KnownAssets.splitInstrument("btc") == nil)
    }

    @Test func codesAreCaseInsensitive() {
        #expect(AssetCode("btc") == AssetCode("BTC"))
        #expect(AssetCode.isValid("BRK.B"))
        #expect(!AssetCode.isValid("___"))
        #expect(!AssetCode.isValid(""))
        #expect(!AssetCode.isValid("US D"))
    }

    @Test func compensatedSumKeepsSmallTerms() {
        let values = [1e16, 1.0, -1e16, 1e-9, 2.0]
        #expect(values.compensatedSum() == 3.000000001)
        #expect(values.reduce(0, +) != 3.000000001)
    }
}
