import FolioAnalytics
import FolioCore
import FolioReports
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the tax view's rates come from, for `folio table tax-year` and `folio report tax`.
public enum TaxRatesLocation {
    /// The rates `--tax-rates` names, else the built-in `reports/tax-rates.yaml` (found as the report
    /// definitions are).
    public static func load(path: String?) throws -> TaxRates {
        guard let path else { return try TaxRatesFile.load(try DefinitionLocator.builtIn("tax-rates")) }
        // A rates file is a file: a FIFO or a device would be opened and waited on for ever.
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ArgumentError("--tax-rates", "cannot read \(path): \(FileError.reason(errno: errno))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ArgumentError("--tax-rates", "\(path) is not a regular file, expected a rates file (YAML)")
        }
        guard access(path, R_OK) == 0 else {
            throw ArgumentError("--tax-rates", "cannot read \(path): \(FileError.reason(errno: errno))")
        }
        return try TaxRatesFile.load(URL(fileURLWithPath: path))
    }
}
