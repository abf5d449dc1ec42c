import FolioCore
import FolioTestSupport
import Testing

@testable import FolioFetch

/// Option values into typed query parameters; each refusal names the option as `folio fetch` prints it.
@Suite struct FetchArgumentsTests {
    let today = d("2024-03-01")

    @Test func daysDefaultToTodayAndAreChecked() throws {
        #expect(try FetchDays.parse(date: nil, from: nil, to: nil, today: today) == (today, today))
        #expect(
            try FetchDays.parse(date: "2022-02-24", from: nil, to: nil, today: today) == (
                d("2022-02-24"), d("2022-02-24")
            )
        )
        #expect(try FetchDays.parse(date: nil, from: "2024-02-01", to: nil, today: today) == (d("2024-02-01"), today))
        #expect(try FetchDays.parse(date: nil, from: nil, to: "2024-03-01", today: today) == (today, today))
    }

    @Test(
        arguments: [
            (["2022-13-01", nil, nil], "--date: \"2022-13-01\" is not a date such as 2024-03-31"),
            (["2022-01-01", "2022-01-01", nil], "--date: give either --date or --from and --to"),
            ([nil, "2022-01-05", "2022-01-01"], "--from: 2022-01-05 is after --to 2022-01-01"),
            ([nil, "x", "2022-01-01"], "--from: \"x\" is not a date such as 2024-03-31"),
            ([nil, nil, "2024-02-30"], "--to: \"2024-02-30\" is not a date such as 2024-03-31"),
            ([nil, nil, "2023-12-31"], "--from: 2024-03-01 is after --to 2023-12-31"),
            // Every day Folio reads is from 1970 to a day after now (today is 2024-03-01 here).
            (
                ["1969-12-31", nil, nil],
                "--date: \"1969-12-31\" is out of range, expected a date from 1970-01-01 to a day from now"
            ),
            (
                [nil, "2024-03-01", "2024-03-03"],
                "--to: \"2024-03-03\" is out of range, expected a date from 1970-01-01 to a day from now"
            ),
        ] as [([String?], String)]
    )
    func badDays(_ options: [String?], _ message: String) {
        #expect(throws: ArgumentError.self) {
            try FetchDays.parse(date: options[0], from: options[1], to: options[2], today: today)
        }
        do { _ = try FetchDays.parse(date: options[0], from: options[1], to: options[2], today: today) } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func codeLists() throws {
        #expect(try CodeList.currencies(" USD, EUR,,PLN ", option: "--currencies") == ["USD", "EUR", "PLN"])
        #expect(
            try CodeList.items("aapl.us,msft.us", option: "--symbols", example: "symbol") == ["aapl.us", "msft.us"]
        )
        #expect(throws: ArgumentError("--currencies", "give at least one code")) {
            try CodeList.currencies(",,", option: "--currencies")
        }
        #expect(throws: ArgumentError("--currencies", "\"U D\" is not a currency code")) {
            try CodeList.currencies("USD,U D", option: "--currencies")
        }
        #expect(throws: ArgumentError("--coins", "give at least one coin id such as bitcoin")) {
            try CodeList.items(" , ", option: "--coins", example: "coin id such as bitcoin")
        }
    }
}
