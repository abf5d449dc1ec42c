import Foundation
import GRDB
import Testing

/// What an output depends on is read from the typed request, not from how its options were spelt: a
/// chart job of another asset, or of the budget, is stale when that asset or the budget changes, however
/// the job names it (before, `--asset=BTC` or `--by=category` escaped the check and kept an old chart).
@Suite struct BatchFingerprintTests {
    /// The same correlation of AAPL and MSFT for "DSX crypto" (which never held either), spelt three ways.
    static let assetSpellings = [
        "    args: [\"--asset=AAPL\", \"--asset=MSFT\", \"--as-of\", \"2018-02-07\"]",
        "    args: [\"--asset\", \"AAPL\", \"MSFT\", \"--as-of=2018-02-07\"]",
        "    asset: [AAPL, MSFT]\n    as-of: 2018-02-07",
    ]

    @Test(arguments: assetSpellings)
    func aChartOfAnotherAssetIsStaleWhenThatAssetGetsAQuote(_ spelling: String) throws {
        let (directory, db) = try Self.copyOfDemo()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.jobs(in: directory, "  - chart: correlation\n" + spelling)
        #expect(try Self.run(directory, jobs, db).filesRendered == 1)
        #expect(try Self.run(directory, jobs, db).filesSkipped == 1)
        try DatabaseQueue(path: db).write { db in
            try db.execute(
                sql: """
                    INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                    SELECT a.id, c.id, 'exchange', 1517961600000 - 86400000 * 3650, 1, 'test' FROM asset a, asset c WHERE a.code = 'AAPL' AND c.code = 'USD'
                    """
            )
        }
        #expect(try Self.run(directory, jobs, db).filesRendered == 1, "new AAPL quotes must make \(spelling) stale")
    }

    @Test(arguments: ["    args: [\"--by=category\"]", "    args: [\"--by\", \"category\"]", "    by: category"])
    func aBudgetChartIsStaleWhenTheBudgetChanges(_ spelling: String) throws {
        let (directory, db) = try Self.copyOfDemo()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.jobs(in: directory, "  - chart: pie\n" + spelling)
        #expect(try Self.run(directory, jobs, db).filesRendered == 1)
        #expect(try Self.run(directory, jobs, db).filesSkipped == 1)
        try DatabaseQueue(path: db).write { db in
            try db.execute(
                sql: "UPDATE budget_entry SET amount = amount + 1 WHERE id = (SELECT MAX(id) FROM budget_entry)"
            )
        }
        #expect(try Self.run(directory, jobs, db).filesRendered == 1, "a changed budget must make \(spelling) stale")
    }

    /// A chart valued in another currency reads that currency's quotes, which the portfolio never touched.
    @Test(arguments: ["    currency: EUR", "    args: [\"--currency=EUR\"]"])
    func aChartInAnotherCurrencyIsStaleWhenThatCurrencyGetsAQuote(_ spelling: String) throws {
        let (directory, db) = try Self.copyOfDemo()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.jobs(in: directory, "  - chart: donut\n" + spelling, portfolio: "Demo UAH")
        #expect(try Self.run(directory, jobs, db).filesRendered == 1)
        #expect(try Self.run(directory, jobs, db).filesSkipped == 1)
        try DatabaseQueue(path: db).write { db in
            try db.execute(
                sql: """
                    INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                    SELECT a.id, c.id, 'nbu', 1517961600000 + 3600000, 33.5, 'test' FROM asset a, asset c WHERE a.code = 'EUR' AND c.code = 'UAH'
                    """
            )
        }
        #expect(try Self.run(directory, jobs, db).filesRendered == 1, "new EUR quotes must make \(spelling) stale")
    }

    /// One request, one fingerprint: the three spellings record the same job.
    @Test func everySpellingOfOneRequestRecordsTheSameJob() throws {
        var recorded: [String] = []
        for spelling in Self.assetSpellings {
            let (directory, db) = try Self.copyOfDemo()
            defer { try? FileManager.default.removeItem(at: directory) }
            let jobs = try Self.jobs(in: directory, "  - chart: correlation\n" + spelling)
            #expect(try Self.run(directory, jobs, db).filesRendered == 1)
            let sidecar = try #require(
                BatchTests.files(under: directory.appendingPathComponent("out")).first {
                    $0.lastPathComponent.hasSuffix(".fingerprint")
                }
            )
            recorded.append(try String(contentsOf: sidecar, encoding: .utf8))
        }
        #expect(Set(recorded).count == 1, "\(recorded)")
    }

    static func copyOfDemo() throws -> (URL, String) {
        let directory = try Paths.temporaryDirectory()
        let db = directory.appendingPathComponent("demo.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: db)
        return (directory, db)
    }

    static func jobs(in directory: URL, _ render: String, portfolio: String = "DSX crypto") throws -> URL {
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"\(portfolio)\"]\noutput: \"out/{portfolio}/{report}.{ext}\"\nrender:\n\(render)\n"
            .write(to: jobs, atomically: true, encoding: .utf8)
        return jobs
    }

    static func run(_ directory: URL, _ jobs: URL, _ db: String) throws -> BatchTests.Summary {
        let result = try BatchTests.batch(directory, [jobs.path, "--db", db, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try BatchTests.summary(result)
    }
}
