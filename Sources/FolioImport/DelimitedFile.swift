import FolioCore
import Foundation

/// Reads a delimited text file row by row: with a header (generic CSVs) or without (DSX exports).
/// Blank lines are skipped; a row with too few or too many fields, a field over `maxFieldBytes` or a
/// field holding a NUL byte is rejected with its line number.
struct DelimitedFile {
    let url: URL
    var delimiter: UInt8 = UInt8(ascii: ",")
    var decimalComma = false
    var quotes = true
    /// Whether a row may stop one field before the header's last column, which is then blank: Degiro's
    /// rows are one field short of their own header where the order id is not in the column after
    /// `Order ID`. Any shorter row is still refused.
    var shortRows = false
    /// Whether a line starts a section of its own, with its own header (an IB Flex Query's trades, then
    /// its cash transactions): it is then given to `header` in place of a row.
    var newSection: ((DelimitedLine) -> Bool)?
    /// The dates rows may carry (`DateBounds`).
    var dates = DateBounds()
    /// Whether the user chooses the separator (`--delimiter`): a header that another one splits then
    /// names the option (`CSVHeader.missing`).
    var delimiterOption = false

    /// No code, price, category or note comes near this; a longer field would be stored and then read back
    /// by every report.
    static let maxFieldBytes = 64 << 10

    /// Sizes, and NUL bytes: SQLite's C strings end at a NUL, so `ab\0cd` would be stored as `ab`, and
    /// every later import of the file would find the row "differs" and `--replace` "update" it again.
    private func checkFields(_ fields: DelimitedLine, line: Int) throws {
        for (i, range) in fields.ranges.enumerated() where range.count > Self.maxFieldBytes {
            throw ImportError(
                file: url.path,
                line: line,
                field: "field \(i + 1)",
                message: "\(range.count) bytes, more than 64 KiB, the limit for a field"
            )
        }
        // One scan of the line; the field is looked for only when there is a NUL to name.
        guard let base = fields.bytes.baseAddress, memchr(base, 0, fields.bytes.count) != nil else { return }
        let i = fields.ranges.firstIndex { fields.bytes[$0].contains(0) } ?? 0
        throw ImportError(
            file: url.path,
            line: line,
            field: "field \(i + 1)",
            message: "found a NUL byte, expected text"
        )
    }

    /// Calls `header` with the first non-blank line (and with each line that starts a `newSection`),
    /// then `row` for every data row with what `header` made of the header before it: the columns.
    func forEachRow<Columns>(
        header: (CSVHeader) throws -> Columns,
        row: (RowFields, Columns) throws -> Void
    ) throws {
        var fields = DelimitedLine()
        let path = url.path
        var current: (width: Int, columns: Columns)?
        try ByteLines(url: url).forEachLine { line, number in
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            guard fields.split(line, delimiter: delimiter, quotes: quotes) else {
                throw ImportError(
                    file: url.path,
                    line: number,
                    message: "a quoted field is not closed, expected a closing \" on the same line"
                )
            }
            try checkFields(fields, line: number)
            guard let (width, columns) = current, !(newSection?(fields) ?? false) else {
                var found = CSVHeader(fields, file: url.path, line: number)
                (found.delimiter, found.delimiterOption) = (delimiter, delimiterOption)
                current = (fields.count, try header(found))
                return
            }
            // More fields than the header names are refused too: with a `,` in a price that is not
            // quoted (`12,5`) every field after it moves one column on, and the row would be read
            // cut short. Extra fields that are all blank lose nothing (a trailing delimiter, as
            // spreadsheets write) and are let through. Fewer fields are a row cut short (a file cut
            // mid-row, a field lost), unless the format writes rows one short (`shortRows`).
            guard
                fields.count == width || (fields.count > width && (width..<fields.count).allSatisfy(fields.isBlank))
                    || (shortRows && fields.count == width - 1)
            else {
                throw ImportError(
                    file: url.path,
                    line: number,
                    message: "found \(fields.count) fields, expected \(width) as in the header"
                )
            }
            var fields = RowFields(fields: fields, file: path, line: number, decimalComma: decimalComma, dates: dates)
            fields.decimalCommaOption = delimiterOption
            try row(fields, columns)
        }
        if current == nil {
            throw ImportError(file: url.path, line: 1, message: "the file is empty, expected a header row")
        }
    }

    /// Calls `row` for every line of a file without a header, which must have exactly `width` fields.
    func forEachRow(width: Int, row: (RowFields) throws -> Void) throws {
        var fields = DelimitedLine()
        let path = url.path
        try ByteLines(url: url).forEachLine { line, number in
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            _ = fields.split(line, delimiter: delimiter, quotes: false)
            try checkFields(fields, line: number)
            guard fields.count == width else {
                throw ImportError(
                    file: url.path,
                    line: number,
                    message:
                        "found \(fields.count) fields, expected \(width) separated by \"\(Character(UnicodeScalar(delimiter)))\""
                )
            }
            try row(RowFields(fields: fields, file: path, line: number, decimalComma: decimalComma, dates: dates))
        }
    }
}

extension DelimitedFile {
    /// A file in one of Folio's own layouts (quotes, trades, transactions, budget), read with the
    /// separator and decimals the user gave (`--delimiter`, `--decimal-comma`).
    init(url: URL, options: ImportOptions, dates: DateBounds = DateBounds()) {
        self.init(url: url, delimiter: options.delimiter ?? UInt8(ascii: ","), decimalComma: options.decimalComma)
        self.dates = dates
        delimiterOption = true
    }
}
