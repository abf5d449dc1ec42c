import FolioTestSupport
import Foundation
import GRDB

/// What the `folio fetch` suites share: the fake sources server, a new database made by `folio init`,
/// running `folio fetch` against them, and reading what it stored.
protocol FetchSuite {
    var server: FakeSources { get }
    var database: String { get }
}

extension FetchSuite {
    static func newDatabase() throws -> String {
        try FolioProcess.initialisedDatabase(in: try Paths.temporaryDirectory())
    }

    func fetch(_ arguments: [String], fault: String? = nil, extra: [String: String] = [:]) throws -> FolioProcess.Result
    {
        try FolioProcess.run(
            ["fetch"] + arguments,
            environment: server.environment(fault: fault, database: database).merging(extra) { $1 }
        )
    }

    func scalar(_ sql: String) throws -> Int {
        try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: sql) ?? -1 }
    }

    func text(_ sql: String) throws -> String {
        try DatabaseQueue(path: database).read { try String.fetchOne($0, sql: sql) ?? "" }
    }
}
