/// Column positions of a CSV file with a header row. Names match loosely — case, spaces, `_` and `-`
/// are ignored — so `Price currency`, `price_currency` and `priceCurrency` are the same column.
struct CSVHeader {
    private var positions: [String: Int] = [:]
    /// The header's names as written, for files whose columns are named by the user.
    let names: [String]
    let file: String
    let line: Int

    init(_ fields: DelimitedLine, file: String, line: Int) {
        self.file = file
        self.line = line
        names = (0..<fields.count).map { fields.string($0) }
        for i in 0..<fields.count {
            positions[CSVHeader.normalise(fields.string(i))] = positions[CSVHeader.normalise(fields.string(i))] ?? i
        }
    }

    static func normalise(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The position of the first of `names` present, or `nil` (an optional column).
    func optional(_ names: String...) -> Int? {
        names.lazy.compactMap { positions[CSVHeader.normalise($0)] }.first
    }

    /// The position of the first of `names` present, or an error naming the column that is expected.
    func required(_ names: String...) throws -> Int {
        guard let found = names.lazy.compactMap({ positions[CSVHeader.normalise($0)] }).first else {
            throw ImportError(
                file: file, line: line, field: "header",
                message: "no \(names.map { "\"\($0)\"" }.joined(separator: " or ")) column, expected a header such as \(expectedHint)"
            )
        }
        return found
    }

    var expectedHint = ""
}
