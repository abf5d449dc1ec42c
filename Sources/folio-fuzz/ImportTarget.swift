import FolioCore
import FolioImport
import FolioSources
import FolioStore
import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// An import as `folio import` runs it, into a database that holds a portfolio and nothing else, new for
/// every input; then what a user does next with what was accepted: both exports, which must be valid.
/// What was stored is read back with SQL, apart from Folio's own reading, and must be finite and within
/// the bounds of an amount (`maximum`).
final class ImportTarget {
    nonisolated(unsafe) static let shared = ImportTarget()

    /// The largest quantity, price or amount Folio stores (docs/import.md).
    static let maximum = 1e15
    static let portfolio = "Fuzz"

    private let folder: URL
    private let database: URL
    private let empty: Data

    private init() {
        // Memory-backed where there is one: a fuzzer writes the database thousands of times a second.
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        folder = URL(fileURLWithPath: base).appendingPathComponent("folio-fuzz-\(getpid())")
        database = folder.appendingPathComponent("fuzz.sqlite")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try Store(path: database.path, access: .create)
            _ = try store.addPortfolio(name: Self.portfolio, baseCurrency: .usd)
        } catch {
            fatalError("folio-fuzz: cannot make its database in \(folder.path): \(error)")
        }
        Self.removeJournal(database)
        guard let bytes = FileManager.default.contents(atPath: database.path) else {
            fatalError("folio-fuzz: cannot read \(database.path)")
        }
        empty = bytes
        atexit { try? FileManager.default.removeItem(at: ImportTarget.shared.folder) }
    }

    private static func removeJournal(_ database: URL) {
        for suffix in ["-wal", "-shm"] { unlink(database.path + suffix) }
    }

    /// A new database holding only the portfolio, and the input as a file of the kind's extension.
    private func prepare(_ input: Data, extension ext: String) throws -> (Store, URL) {
        Self.removeJournal(database)
        try empty.write(to: database)
        let file = folder.appendingPathComponent("input." + ext)
        try input.write(to: file)
        return (try Store(path: database.path, access: .write), file)
    }

    func run(_ kind: ImportKind, _ input: Data) throws {
        let ext = kind.fileExtension
        let (store, file) = try prepare(input, extension: ext)
        var options = ImportOptions(portfolio: Self.portfolio, asset: kind == .stockCSV ? "AAPL" : nil)
        if kind == .csv {
            options.csv.columns = [.date: "Date", .price: "Price"]
            options.csv.asset = "BRENT"
            options.csv.currency = .usd
        }
        _ = try store.importFiles([file], kind: kind, options: options)
        try checkStored()
        if kind.needsPortfolio { try checkExports(store) }
    }

    func runSavedAnswer(_ kind: SavedAnswer, _ input: Data) throws {
        let (store, file) = try prepare(input, extension: "json")
        let time = kind.needsMarketAndTime ? Date(timeIntervalSince1970: 1_608_022_800) : nil
        _ = try store.importSavedAnswers(
            [file.path],
            as: kind,
            market: kind.needsMarketAndTime ? .cash : nil,
            time: time
        )
        try checkStored()
    }

    /// Every number stored is finite and at most `maximum`; those whose sign means nothing are not negative
    /// (the schema's CHECKs say so for some; this does not rely on them).
    private func checkStored() throws {
        let queue = try DatabaseQueue(path: database.path)
        try queue.read { db in
            let columns = [
                ("trade", ["quantity", "price", "fee"]), ("cash_transaction", ["amount", "fee", "tax", "ratio"]),
                ("quote", ["price", "bid", "ask"]), ("budget_entry", ["amount"]),
            ]
            for (table, names) in columns {
                for name in names {
                    let bad = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT \(name) FROM \(table) WHERE \(name) IS NOT NULL
                            AND (typeof(\(name)) NOT IN ('real', 'integer') OR NOT (\(name) BETWEEN 0 AND ?))
                            """,
                        arguments: [Self.maximum]
                    )
                    if let bad { fatalError("stored \(table).\(name) = \(bad[0] as DatabaseValue)") }
                }
            }
        }
    }

    /// Both exports of the portfolio, each read back by its own importer into a portfolio of its own: a
    /// trap fails the target as a crash would, and so does an export Folio itself refuses to read (a NaN
    /// or an infinity written as a figure, JSON that is not JSON).
    private func checkExports(_ store: Store) throws {
        let exports: [(ImportKind, InterchangeExport)] = [
            (.ghostfolio, try store.exportGhostfolio(portfolio: Self.portfolio)),
            (.ppCSV, try store.exportPortfolioPerformance(portfolio: Self.portfolio)),
        ]
        for (kind, export) in exports {
            let files = try export.files.map { file in
                let url = folder.appendingPathComponent("export-" + file.name)
                try Data(file.text.utf8).write(to: url)
                return url
            }
            var options = ImportOptions(portfolio: "Read back \(kind.rawValue)")
            options.newPortfolioBase = .usd
            do { _ = try store.importFiles(files, kind: kind, options: options) } catch {
                let texts = export.files.map { "\($0.name):\n\($0.text.prefix(1500))" }.joined(separator: "\n")
                fatalError("Folio refuses its own \(kind.rawValue) export: \(error)\n\(texts)")
            }
        }
    }
}
