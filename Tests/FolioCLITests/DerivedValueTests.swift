import FolioTestSupport
import Foundation
import GRDB
import Testing

/// Numbers Folio derives from an answer are checked like the ones the answer gives: a buy and a sell
/// rate of 1e308 each are numbers, but their mid overflows to infinity. Since issue 41 each is refused
/// first, as every number beyond 1e15 is (`NumberBounds`), so no mid of them is taken.
@Suite struct DerivedValueTests {
    @Test(arguments: [
        (["monobank"], "monobank", "[0].rateBuy: found 1e+308, expected a number above zero, up to 1e15"),
        (["privatbank"], "privatbank", "[0].buy: found \"1e308\", expected a number above zero, up to 1e15"),
    ])
    func aMidThatOverflowsIsRefused(_ arguments: [String], _ source: String, _ reason: String) throws {
        let server = try FakeSources()
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try FolioProcess.initialisedDatabase(in: directory)
        let result = try FolioProcess.run(
            ["fetch"] + arguments + ["--retries", "0"],
            environment: server.environment(fault: "hugerate", database: database)
        )
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(source): ") && result.stderr.contains(reason), "\(result.stderr)")
        let (quotes, failed) = try DatabaseQueue(path: database).read {
            (
                try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote") ?? -1,
                try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM fetch_log WHERE outcome = 'failed'") ?? -1
            )
        }
        #expect(quotes == 0 && failed == 1)
    }
}
