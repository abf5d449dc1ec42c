import FolioAnalytics
import FolioCore
import FolioReports
import Foundation

/// Where the tax view's rates come from, for `folio table tax-year` and `folio report tax`.
public enum TaxRatesLocation {
    /// The rates `--tax-rates` names, else the built-in `reports/tax-rates.yaml` (found as the report
    /// definitions are).
    public static func load(path: String?) throws -> TaxRates {
        guard let path else { return try TaxRatesFile.load(try DefinitionLocator.builtIn("tax-rates")) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ArgumentError("--tax-rates", "cannot read \(path)")
        }
        return try TaxRatesFile.load(URL(fileURLWithPath: path))
    }
}
