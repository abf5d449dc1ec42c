import Foundation
import GRDB
import Testing

/// Two processes on one database, as in production: cron imports while a report renders.
@Suite(.serialized) struct ConcurrencyTests {
    @Test func readersSeeAllOrNothingOfAnImportInAnotherProcess() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("f.sqlite").path
        let csv = directory.appendingPathComponent("quotes.csv")
        let rows = 60_000
        try Paths.writeQuotes(rows: rows, to: csv)
        #expect(try FolioProcess.run(["init", "--db", db]).status == 0)

        let reader = try DatabaseQueue(path: db)
        let (importer, out, err) = try FolioProcess.start(["import", "quotes", csv.path, "--db", db])
        var seen = Set<Int>()
        var reads = 0
        while importer.isRunning {
            seen.insert(try reader.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote") ?? -1 })
            reads += 1
        }
        importer.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(importer.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("read \(rows), inserted \(rows), skipped 0 as duplicates"))
        #expect(reads > 0)
        #expect(seen.isSubset(of: [0, rows]), "a reader saw part of an import: \(seen.sorted())")
        #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote") } == rows)
    }

    @Test func anImportWaitsForAnotherWriterInsteadOfFailing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("f.sqlite").path
        #expect(try FolioProcess.run(["init", "--db", db]).status == 0)
        let csv = directory.appendingPathComponent("quotes.csv")
        try Paths.writeQuotes(rows: 100, to: csv)

        // Another process's long write (a fetch, an import) holds the write lock for 1.5 s.
        let holder = try DatabaseQueue(path: db)
        let locked = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? holder.inTransaction(.immediate) { db in
                try db.execute(
                    sql: "INSERT INTO fetch_log (source, request, time_ms, outcome) VALUES ('test', 'hold', 0, 'ok')"
                )
                locked.signal()
                Thread.sleep(forTimeInterval: 1.5)
                return .commit
            }
            done.signal()
        }
        locked.wait()
        let result = try FolioProcess.run(["import", "quotes", csv.path, "--db", db])
        done.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("locked"))
        #expect(result.seconds >= 1.0, "the import should have waited for the lock, took \(result.seconds) s")
        #expect(try holder.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote") } == 100)
    }
}
