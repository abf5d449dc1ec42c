import Foundation
import Testing

/// A jobs file names a portfolio's benchmark: its report compares it with that asset, the others with
/// the definition's, and changing it renders the report again.
@Suite struct BatchBenchmarkTests {
    @Test func aPortfolioEntryOverridesTheDefinitionsBenchmark() throws {
        let directory = try FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-bench-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("demo.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: db)
        func run(_ benchmark: String) throws -> (result: FolioProcess.Result, text: String) {
            let jobs = directory.appendingPathComponent("jobs.yaml")
            try """
            portfolios:
              - {name: "DSX crypto", benchmark: \(benchmark)}
            output: "out/{portfolio}/{report}.{ext}"
            render:
              - report: portfolio
            """.write(to: jobs, atomically: true, encoding: .utf8)
            let result = try BatchTests.batch(directory, [jobs.path, "--db", db])
            let pdf = directory.appendingPathComponent("out/DSX_crypto/portfolio.pdf").path
            // The page of the performance table, wherever the pages before it end.
            let pages = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout.split(separator: "\u{0C}").map(
                String.init
            )
            return (result, pages.first { $0.contains("Sortino") } ?? "")
        }
        let btc = try run("BTC")
        #expect(btc.result.status == 0, "\(btc.result.stderr)")
        #expect(btc.text.contains("BTC") && btc.text.contains("Difference"))
        let eth = try run("ETH")
        #expect(
            eth.result.status == 0 && eth.text.contains("ETH") && !eth.text.contains("BTC"),
            "a new benchmark renders again"
        )
    }
}
