import FolioCore
import Foundation
internal import GRDB

/// Failures of the store itself, as opposed to bad rows in an import (`ImportError`). Each is one line
/// that starts with the database's path.
enum StoreError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case newerSchema(path: String, unknownMigrations: [String])
    case needsUpgrade(path: String, missingMigrations: [String])
    case notADatabase(path: String, reason: String)
    case missingDatabase(path: String)
    case emptyDatabase(path: String)
    case notWritable(path: String, reason: String)
    case unreadableWAL(path: String)
    /// The file system or SQLite refused: locked, full, damaged…
    case unusable(path: String, reason: String)
    /// No portfolio of that name; `nearest` is one whose name differs only in case or by a typo.
    case unknownPortfolio(String, nearest: String? = nil)
    case duplicatePortfolio(String)

    var description: String {
        switch self {
        case let .newerSchema(path, unknown):
            "\(path): written by a newer Folio (schema steps \(unknown.joined(separator: ", ")) are unknown to \(FolioVersion.current)); upgrade Folio to use it — the file was not changed"
        case let .needsUpgrade(path, missing):
            "\(path): written by an older Folio (schema steps \(missing.joined(separator: ", ")) are missing); upgrade it with `folio init`"
        case let .notADatabase(path, reason):
            "\(path): not a Folio database (\(reason))"
        case let .missingDatabase(path):
            "\(path): no database here; create one with `folio init`"
        case let .emptyDatabase(path):
            "\(path): the file is empty, not a database; create one in it with `folio init`"
        case let .notWritable(path, reason):
            "\(path): this command changes the database, which cannot be written (\(reason))"
        case let .unreadableWAL(path):
            "\(path): \(path)-wal holds changes not yet in the database, and without \(path)-shm they cannot be read from a folder Folio may not write; open the database once where its folder is writable (`folio init`), or copy it together with its -wal file"
        case let .unusable(path, reason):
            "\(path): \(reason)"
        case let .unknownPortfolio(name, nearest?):
            "--portfolio: no portfolio named \"\(name)\"; did you mean \"\(nearest)\"? (see `folio portfolio list`)"
        case let .unknownPortfolio(name, nil):
            "--portfolio: no portfolio named \"\(name)\" (see `folio portfolio list`)"
        case let .duplicatePortfolio(name):
            "portfolio \"\(name)\" already exists"
        }
    }

    var errorDescription: String? { description }
}

extension StoreError {
    /// SQLite's failure said for the database it happened to, in the words of the file system where
    /// SQLite's own ("database is locked", "disk I/O error") name no file.
    init(_ error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_NOTADB:
            self = .notADatabase(path: path, reason: "the file is not SQLite")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .unusable(
                path: path,
                reason:
                    "database is locked: another process kept writing to it for more than \(Int(Store.busyTimeout)) s"
            )
        case .SQLITE_FULL:
            self = .unusable(path: path, reason: FileError.reason(errno: ENOSPC))
        case .SQLITE_READONLY:
            self = .notWritable(path: path, reason: "SQLite: \(error.message ?? "read-only")")
        case .SQLITE_CORRUPT:
            self = .unusable(path: path, reason: "the file is damaged (SQLite: \(error.message ?? "malformed"))")
        default:
            self = .unusable(
                path: path,
                reason: "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error)")"
            )
        }
    }
}
