import FolioBatch
import FolioDeliver
import FolioFetch
import FolioInputs
import FolioReports
import Foundation

/// The files a user writes by hand (jobs, fetch configuration, report definitions, tax rates, SMTP
/// settings) and the record `folio batch` keeps of mail it owes, each read as Folio reads it.
enum FileTarget {
    /// The files no import reads, each a fuzz target of its own.
    enum Kind: String, CaseIterable {
        case jobs
        case fetchConfig = "fetch-config"
        case reportDefinition = "report-definition"
        case taxRates = "tax-rates"
        case smtpConfig = "smtp-config"
        case mailRecord = "mail-record"
    }

    static let folder: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let url = URL(fileURLWithPath: base).appendingPathComponent("folio-fuzz-files-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FileTarget.folder) }
        return url
    }()

    static func run(_ target: Kind, _ input: Data) throws {
        let file = folder.appendingPathComponent(target == .mailRecord ? ".folio-mail" : "input.yaml")
        try input.write(to: file)
        switch target {
        case .jobs: _ = try JobsFile.load(file)
        case .fetchConfig: _ = try FetchConfig.load(path: file.path)
        case .reportDefinition: _ = try DefinitionParser.load(file)
        case .taxRates: _ = try TaxRatesFile.load(file)
        case .smtpConfig:
            // The file holds a password: Folio reads it only when no one else may.
            chmod(file.path, 0o600)
            _ = try SMTPConfiguration.load(path: file.path, environment: [:])
        case .mailRecord: _ = try PendingMail.read(file)
        }
    }
}
