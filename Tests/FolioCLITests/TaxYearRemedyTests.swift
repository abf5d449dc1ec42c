import FolioTestSupport
import Foundation
import Testing

/// The remedies a tax year's refusals name (`ArgumentError(TaxYearError)` in the `folio` target) are
/// commands and options that exist and do what the words promise: the fetch it prints, run as printed
/// against the fake NBU, lets the same tax year through. (A year out of range never reaches it: the
/// request refuses `--year` first.)
@Suite struct TaxYearRemedyTests: FetchSuite {
    let server: FakeSources
    let database: String

    init() throws {
        server = try FakeSources()
        database = try Self.newDatabase()
    }

    /// Imports `trades` (CSV lines after the header) into a new portfolio `name` with base UAH.
    func importTrades(_ name: String, _ trades: [String]) throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trades.csv")
        try (["time,side,asset,quantity,price,price_currency"] + trades).joined(separator: "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let imported = try FolioProcess.run(
            ["import", "trades", file.path, "--db", database, "--portfolio", name, "--base", "UAH"]
        )
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    func taxYear(_ portfolio: String, _ year: String) throws -> FolioProcess.Result {
        try FolioProcess.run(["table", "tax-year", "--db", database, "--portfolio", portfolio, "--year", year])
    }

    /// The command in a refusal's "(… : COMMAND)" remedy, as words.
    func remedy(_ stderr: String, after marker: String) throws -> [String] {
        let tail = try #require(stderr.components(separatedBy: marker).dropFirst().first, "\(stderr)")
        return tail.prefix { $0 != ")" }.split(separator: " ").map(String.init)
    }

    @Test func aMissingRateNamesTheFetchThatSuppliesIt() throws {
        // 24 Feb 2022 is a day the fake NBU has the recorded rates of (samples/nbu/raw/20220224.json).
        try importTrades("P", ["2022-02-24,buy,AAPL,2,160,USD", "2022-02-24,sell,AAPL,1,162,USD"])
        let refused = try taxYear("P", "2022")
        #expect(refused.status != 0)
        let words = try remedy(refused.stderr, after: "fetch it: ")
        #expect(words == ["folio", "fetch", "nbu", "--currencies", "USD", "--date", "2022-02-24"], "\(refused.stderr)")
        let fetched = try fetch(Array(words.dropFirst(2)))
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let year = try taxYear("P", "2022")
        #expect(year.status == 0, "\(year.stderr)")
    }

    @Test func aFigureBeyondTheLimitNamesTheCommandsThatCorrectIt() throws {
        // Three sales of 9e14 hryvnias each: every figure imports, their total is beyond 1e15.
        try importTrades(
            "Q",
            ["2024-01-02,buy,AAPL,3,1,UAH"] + (4...6).map { "2024-06-0\($0),sell,AAPL,1,900000000000000,UAH" }
        )
        let refused = try taxYear("Q", "2024")
        #expect(refused.status != 0)
        let words = try remedy(refused.stderr, after: "correct it with ")
        #expect(words == ["folio", "trades", "or", "folio", "transactions"], "\(refused.stderr)")
        // Both list and remove what was imported: the two ways a wrong figure is corrected.
        for command in ["trades", "transactions"] {
            let help = try FolioProcess.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("list") && help.stdout.contains("remove"), "\(command)")
        }
    }
}
