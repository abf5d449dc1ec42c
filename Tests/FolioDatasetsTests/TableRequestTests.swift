import FolioAnalytics
import FolioCore
import Testing

@testable import FolioDatasets

/// `TableRequest` read from option text: every value that cannot be right is refused before the
/// database is opened, with the one line `folio table` prints after `Error: `.
@Suite struct TableRequestTests {
    private func refusal(_ make: () throws -> TableRequest) -> String? {
        do {
            _ = try make()
            return nil
        } catch { return "\(error)" }
    }

    @Test func noOptionsIsTheTypedDefault() throws {
        #expect(try TableRequest(name: "Holdings") == TableRequest(.holdings))
        let request = TableRequest(.normalised)
        #expect(
            request.normalisation == .minMax && request.method == .fifo && request.threshold == 2
                && request.staleDays == 7
        )
    }

    @Test func assetsAreReadAsFolioChartReadsThem() throws {
        // `--asset AAPL MSFT` and `--asset AAPL,MSFT` arrive as two values or one with a comma.
        #expect(try TableRequest(name: "returns", assets: ["aapl", "MSFT, KO"]).assets == ["AAPL", "MSFT", "KO"])
        #expect(try TableRequest(name: "returns", assets: ["BTC,"]).assets == ["BTC"])
        #expect(
            refusal { try TableRequest(name: "returns", assets: [""]) }
                == "--asset: \"\" is not an asset code such as BTC or AAPL"
        )
        #expect(
            refusal { try TableRequest(name: "returns", assets: ["B C"]) }
                == "--asset: \"B C\" is not an asset code such as BTC or AAPL"
        )
        #expect(
            refusal { try TableRequest(name: "rolling-correlation", assets: ["BTC,ETH,LTC"]) }
                == "--asset: rolling-correlation takes exactly two assets, 3 given"
        )
    }

    @Test(arguments: [
        ("rebased", Normalisation.rebase), ("rebase", .rebase), ("min-max", .minMax), ("minmax", .minMax),
        ("Min-Max", .minMax),
    ])
    func normaliseTakesTheWordsOfFolioChart(_ word: String, _ method: Normalisation) throws {
        #expect(try TableRequest(name: "normalised", normalise: word).normalisation == method)
    }

    @Test func aBadValueIsOneLineNamingTheOption() {
        let cases: [(() throws -> TableRequest, String)] = [
            (
                { try TableRequest(name: "nosuch") },
                "NAME: unknown table \"nosuch\"; tables: holdings, value, allocation"
            ),
            ({ try TableRequest(name: "window", period: "year") }, "--period: not used by the window table"),
            ({ try TableRequest(name: "flows", assets: ["AAPL"]) }, "--asset: not used by the flows table"),
            (
                { try TableRequest(name: "value", from: "2020-02-01", to: "2020-01-01") },
                "--from: 2020-02-01 is after --to 2020-01-01"
            ),
            (
                { try TableRequest(name: "value", from: "2020-02-01", asOf: "2020-01-01") },
                "--from: 2020-02-01 is after --as-of 2020-01-01"
            ),
            (
                { try TableRequest(name: "value", to: "2020-02-01", asOf: "2020-01-01") },
                "--as-of: give either --as-of or --to, the range ends at one day"
            ),
            (
                { try TableRequest(name: "holdings", asOf: "2019-02-30") },
                "--as-of: \"2019-02-30\" is not a date such as 2024-03-31"
            ),
            ({ try TableRequest(name: "window", window: 0) }, "--window: 0 is not valid, expected at least 1"),
            (
                { try TableRequest(name: "allocation", by: "colour") },
                "--by: \"colour\" is not one of asset, kind, currency"
            ),
            (
                { try TableRequest(name: "allocation", threshold: 100) },
                "--threshold: 100.0 is not a percent from 0 to below 100"
            ),
            (
                { try TableRequest(name: "holdings", market: "bad market") },
                "--market: \"bad market\" is not a market name such as nbu or exchange"
            ),
            (
                { try TableRequest(name: "normalised", normalise: "bogus") },
                "--normalise: unknown method \"bogus\", expected rebased or min-max"
            ),
            (
                { try TableRequest(name: "holdings", staleDays: 0) },
                "--stale-days: 0.0 is not a positive number of days"
            ),
            ({ try TableRequest(name: "holdings", format: "xml") }, "--format: \"xml\" is not one of text, csv, json"),
        ]
        for (make, expected) in cases {
            let message = refusal(make)
            #expect(message?.hasPrefix(expected) == true, "\(message ?? "accepted"), expected \(expected)")
        }
    }
}
