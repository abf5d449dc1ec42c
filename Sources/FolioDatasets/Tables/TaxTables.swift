import FolioAnalytics
import FolioCore
import FolioInputs
import Foundation

extension TableRequest {
    /// `--year` (required: a declaration is about one year, never a default one) and `--tax-rates`;
    /// `--market` is refused, since the tax view converts at NBU rates alone.
    mutating func taxYear(_ year: Int?, file: String?, market: String?) throws {
        guard let given = year else {
            throw ArgumentError("--year", "required for the tax-year table (the year to declare, e.g. --year 2024)")
        }
        let year = try ArgumentValue.taxYear(given)
        if market != nil {
            throw ArgumentError("--market", "not used by the tax-year table, which converts at NBU rates only")
        }
        taxYear = TaxYearRequest(year: year, rates: try TaxRatesFile.load(path: file))
    }

    /// The result `folio table` prints: the table, or for `tax-year` its three parts (sales, totals,
    /// dividends and interest).
    public func parts(from inputs: StoredInputs, warnings: inout [String]) throws -> ResultTableParts {
        guard name == .taxYear else { return ResultTableParts(try table(from: inputs, warnings: &warnings)) }
        let context = try TableContext.load(self, inputs: inputs)
        defer { warnings += context.warnings }
        return try TaxTables.taxYear(context).parts
    }
}

extension ArgumentValue {
    /// `--year` of the tax table and report: a year from 1970 to this one (a year not over yet is as of today).
    public static func taxYear(_ year: Int, _ argument: String = "--year") throws -> Int {
        let now = Day(Date()).year
        guard (1970...now).contains(year) else {
            throw ArgumentError(argument, "\(year) is not a year from 1970 to \(now)")
        }
        return year
    }
}

/// The tax year of the table's portfolio (`TaxYear`), its left-out assets named on stderr.
enum TaxTables {
    static func taxYear(_ context: TableContext) throws -> TaxYear {
        guard let request = context.request.taxYear else {
            throw ArgumentError("--year", "required for the tax-year table")
        }
        let tax = try context.inputs.taxYear(try context.ledger.ledger, year: request.year, rates: request.rates)
        if let note = tax.leftOutNote { context.note(note) }
        return tax
    }
}

extension TaxYear {
    /// "left out: BTC (crypto), GLD (other) — …", or nil when every sale of the year is a security's.
    public var leftOutNote: String? {
        guard !leftOut.isEmpty else { return nil }
        let names = leftOut.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.rawValue))" }.joined(
            separator: ", "
        )
        return
            "left out: sales of \(names): only stocks and ETFs count as securities here (folio asset set CODE --kind stock, if one is)"
    }
}
