import FolioCore
import FolioImport
import FolioSources
import FolioStore
import Foundation

extension Store {
    /// Imports answers saved from a source (`folio import monobank-json FILE…`): each file is read and
    /// parsed as `folio fetch` parses the live answer, then all are stored in one transaction, or
    /// nothing when one file is unreadable or not what the source answers.
    public func importSavedAnswers(
        _ paths: [String],
        as kind: SavedAnswer,
        market: Market? = nil,
        time: Date? = nil,
        now: Date = Date()
    ) throws -> [ImportSummary] {
        let answers = try paths.map { path in
            let body: Data
            do { body = try FileError.contents(of: path) } catch let error as FileError {
                throw ImportError(file: path, message: error.reason)
            }
            do { return try kind.parse(body, market: market, time: time, now: now) } catch let error
                as SourceFormatError
            {
                throw ImportError(file: path, message: error.description)
            }
        }
        return try zip(paths, storeSavedAnswers(answers)).map { path, stored in
            var summary = ImportSummary(file: path, kind: kind.rawValue)
            summary.read = stored.inserted + stored.duplicates
            summary.inserted = stored.inserted
            summary.duplicates = stored.duplicates
            return summary
        }
    }
}
