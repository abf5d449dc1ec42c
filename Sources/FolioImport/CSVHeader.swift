/// Column positions of a CSV file with a header row. A name is found as written, else loosely — case,
/// spaces, `_`, `-` and other punctuation ignored — so `Price currency`, `price_currency` and
/// `priceCurrency` are the same column.
///
/// A name never silently picks one of two columns: the one written exactly as asked wins over loose
/// matches (`price_` is the column `price_`, not `Price`), and a name that still matches two columns
/// (two headers `Price`, or `Price` and `price_` asked as `PRICE`) is refused, naming both. A header of
/// punctuation alone (`%`, `$`) has no loose name and is found only as written. Headers written twice
/// are refused only when a name asked for matches them: exports repeat columns Folio never reads (the
/// empty headers of trailing delimiters, a second `Notes`), and those files are good.
struct CSVHeader {
    /// The header's names as written, for files whose columns are named by the user.
    let names: [String]
    let file: String
    let line: Int
    /// The separator the file was read with, and whether the user may give another (`--delimiter`).
    var delimiter = UInt8(ascii: ",")
    var delimiterOption = false
    private var exact: [String: [Int]] = [:]
    private var loose: [String: [Int]] = [:]

    init(_ fields: DelimitedLine, file: String, line: Int) {
        self.file = file
        self.line = line
        names = (0..<fields.count).map { fields.string($0) }
        for (i, name) in names.enumerated() {
            exact[name, default: []].append(i)
            let key = CSVHeader.normalise(name)
            if !key.isEmpty { loose[key, default: []].append(i) }
        }
    }

    static func normalise(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The column `name` means, or nil when there is none; an error when it matches more than one.
    func position(of name: String) throws -> Int? {
        let key = CSVHeader.normalise(name)
        guard let columns = exact[name] ?? (key.isEmpty ? nil : loose[key]) else { return nil }
        guard columns.count == 1 else {
            let listed = columns.map { "\($0 + 1) \"\(names[$0])\"" }
            throw ImportError(
                file: file,
                line: line,
                field: "header",
                message:
                    "\"\(name)\" matches columns \(listed.dropLast().joined(separator: ", ")) and \(listed.last ?? ""), expected one column"
            )
        }
        return columns[0]
    }

    /// The position of the first of `names` present, or `nil` (an optional column).
    func optional(_ names: String...) throws -> Int? {
        for name in names { if let found = try position(of: name) { return found } }
        return nil
    }

    /// The position of the first of `names` present, or an error naming the column that is expected.
    func required(_ names: String...) throws -> Int {
        for name in names { if let found = try position(of: name) { return found } }
        throw missing(
            "no \(names.map { "\"\($0)\"" }.joined(separator: " or ")) column, expected a header such as \(expectedHint)"
        )
    }

    var expectedHint = ""

    /// A column the file needs is not in the header: `message`, unless the header is one column that
    /// another separator splits (`time;side;…` read with `,`) — then that is what is wrong, with the
    /// option that reads such a file when the import takes one.
    func missing(_ message: String) -> ImportError {
        ImportError(file: file, line: line, field: "header", message: otherSeparator ?? message)
    }

    private var otherSeparator: String? {
        guard names.count == 1 else { return nil }
        let candidates: [(byte: UInt8, said: String, option: String)] = [
            (UInt8(ascii: ";"), "\";\"", "\";\""), (0x09, "tabs", "tab"), (UInt8(ascii: "|"), "\"|\"", "\"|\""),
            (UInt8(ascii: ","), "\",\"", "\",\""),
        ]
        guard let other = candidates.first(where: { $0.byte != delimiter && names[0].utf8.contains($0.byte) }),
            let expected = candidates.first(where: { $0.byte == delimiter })
        else { return nil }
        return
            "found one column \(RowFields.shown(names[0])): its names are separated by \(other.said), expected \(expected.said)"
            + (delimiterOption ? "; --delimiter \(other.option) reads such a file" : "")
    }
}
