import Foundation
import FolioCore

/// Failures of the store itself, as opposed to bad rows in an import (`ImportError`).
public enum StoreError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case newerSchema(path: String, unknownMigrations: [String])
    case notADatabase(path: String, reason: String)
    case missingDatabase(path: String)
    case unknownPortfolio(String)
    case duplicatePortfolio(String)
    case invalidArgument(name: String, message: String)

    public var description: String {
        switch self {
        case let .newerSchema(path, unknown):
            "\(path): written by a newer Folio (schema steps \(unknown.joined(separator: ", ")) are unknown to \(FolioVersion.current)); upgrade Folio to use it — the file was not changed"
        case let .notADatabase(path, reason):
            "\(path): not a Folio database (\(reason))"
        case let .missingDatabase(path):
            "\(path): no database here; create one with `folio init` or `folio import`"
        case let .unknownPortfolio(name):
            "--portfolio: no portfolio named \"\(name)\" (see `folio portfolio list`)"
        case let .duplicatePortfolio(name):
            "portfolio \"\(name)\" already exists"
        case let .invalidArgument(name, message):
            "\(name): \(message)"
        }
    }

    public var errorDescription: String? { description }
}
