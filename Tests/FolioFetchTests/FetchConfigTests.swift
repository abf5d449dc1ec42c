import FolioCore
import FolioTestSupport
import FolioYAML
import Foundation
import Testing

@testable import FolioFetch

/// The configuration file cron runs `folio fetch --config` with: defaults, the order sources are asked
/// in, and each refusal naming the file and key.
@Suite final class FetchConfigTests {
    let directory: URL

    init() throws { directory = try TestPaths.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: directory) }

    private func load(_ text: String) throws -> FetchConfig {
        try FetchConfig.load(path: TestPaths.write(text, "fetch.yaml", in: directory).path)
    }

    private var path: String { directory.appendingPathComponent("fetch.yaml").path }

    @Test func sectionsTakeTheirDefaultsAndAreAskedInAFixedOrder() throws {
        let config = try load("stooq: { symbols: [aapl.us] }\nmonobank:\ncoingecko: {}\nprivatbank: {}\nnbu: {}\n")
        #expect(config.throttleMinutes == nil)
        #expect(
            config.queries(today: d("2024-03-01")) == [
                .nbu(currencies: ["USD", "EUR", "PLN"], from: d("2024-03-01"), to: d("2024-03-01")),
                .coinGecko(coins: ["bitcoin", "ethereum"], vs: "usd", days: 7),
                .monobank, .privatBank,
                .stooq(symbols: ["aapl.us"], currency: "USD"),
            ]
        )
    }

    @Test func nbuDaysEndToday() throws {
        let config = try load("throttle_minutes: 0.5\nnbu: { currencies: [USD], days: 3, url: http://127.0.0.1:1 }\n")
        #expect(config.throttleMinutes == 0.5)
        #expect(config.urls == ["nbu": "http://127.0.0.1:1"])
        #expect(
            config.queries(today: d("2024-03-01")) == [
                .nbu(currencies: ["USD"], from: d("2024-02-28"), to: d("2024-03-01"))
            ]
        )
    }

    @Test func anEmptyFileAsksNothing() throws {
        #expect(try load("").queries(today: d("2024-03-01")).isEmpty)
    }

    @Test(arguments: [
        ("nbu:\n  currency: [USD]\n", "nbu.currency: unknown key, expected one of currencies, days, url"),
        ("nbu:\n  days: 1.5\n", "nbu.days: found 1.5, expected a whole number from 1 to 3660"),
        ("nbu: { currencies: [USD, U D] }\n", "nbu.currencies[1]: found \"U D\", expected a currency code such as USD"),
        ("throttle_minutes: 2000\n", "throttle_minutes: found 2000, expected a number from 0 to 1440"),
        ("coingecko: { days: 366 }\n", "coingecko.days: found 366, expected a number from 0 to 365"),
        ("stooq: {}\n", "stooq.symbols: expected a non-empty list such as [USD, EUR]"),
        (
            "sources: [nbu]\n",
            "sources: unknown key, expected one of coingecko, monobank, nbu, privatbank, stooq, throttle_minutes"
        ),
        ("- nbu\n", "top level: found a list, expected a mapping of keys to values"),
    ])
    func badValuesNameTheFileAndKey(_ text: String, _ message: String) throws {
        #expect(throws: ConfigFileError(description: "\(path): \(message)")) { try load(text) }
    }

    /// These two keep `folio fetch`'s usage text: they are about the option, not about a key.
    @Test func anUnreadableFileOrOneThatIsNotYAMLIsAnArgumentError() throws {
        let missing = directory.appendingPathComponent("none.yaml").path
        // With the system's reason (issue 41: it said only "cannot read").
        #expect(throws: ArgumentError("--config", "cannot read \(missing): no such file or directory")) {
            try FetchConfig.load(path: missing)
        }
        #expect { try load("a: [\n") } throws: { error in
            "\(error)".hasPrefix("\(path):2:1: not YAML: ") && error is ArgumentError
        }
    }
}
