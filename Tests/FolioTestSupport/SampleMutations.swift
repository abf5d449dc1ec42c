import Foundation

/// The files of `samples/brokers` changed one cell, one JSON value or one line end at a time, as a user's
/// broken download or a hostile client would (issue 41's sweeps): each cell blanked, each number made
/// `1e308`, `-1e308`, `1e-400`, `NaN`, `inf`, `-5` or `0`, each JSON value made null, each file cut
/// mid-row and written with CR alone between lines. Every variant is a whole file, in the sample's own
/// layout, with a name that says what was changed.
public enum SampleMutations {
    /// A sample and the `folio import` kind that reads it, with the base currency of its portfolio.
    public struct Sample: Sendable, CustomStringConvertible {
        public let file: String
        public let kind: String
        public let base: String
        public var url: URL { TestPaths.projectRoot.appendingPathComponent("samples/brokers/\(file)") }
        public var description: String { file }
    }

    public static let samples = [
        Sample(file: "trading212-history.csv", kind: "trading212", base: "EUR"),
        Sample(file: "degiro-transactions.csv", kind: "degiro", base: "EUR"),
        Sample(file: "degiro-account.csv", kind: "degiro", base: "EUR"),
        Sample(file: "revolut-statement.csv", kind: "revolut", base: "USD"),
        Sample(file: "ibkr-flex.csv", kind: "ibkr-flex", base: "USD"),
        Sample(file: "freedom24-report.json", kind: "freedom24", base: "EUR"),
        Sample(file: "ghostfolio-export.json", kind: "ghostfolio", base: "USD"),
        Sample(file: "pp-account-de.csv", kind: "pp-csv", base: "EUR"),
        Sample(file: "pp-depot-de.csv", kind: "pp-csv", base: "EUR"),
    ]

    /// The numbers every numeric cell and value is made in turn.
    public static let numbers = ["1e308", "-1e308", "1e-400", "NaN", "inf", "-5", "0"]

    /// One changed file: what was changed, and its bytes.
    public struct Variant: Sendable {
        public let name: String
        public let text: String
    }

    /// Every variant of `sample` that changes one cell or value.
    public static func cellVariants(_ sample: Sample) throws -> [Variant] {
        let text = try String(contentsOf: sample.url, encoding: .utf8)
        return sample.file.hasSuffix(".json") ? try jsonVariants(text) : csvVariants(text)
    }

    /// The variants of the file as a whole: CR alone between lines, and cut in the middle of each of a
    /// few rows (the header's, the second row's, the last's), as a broken download leaves it.
    public static func fileVariants(_ sample: Sample) throws -> [Variant] {
        let text = try String(contentsOf: sample.url, encoding: .utf8)
        var variants = [
            Variant(
                name: "cr-only",
                text: text.replacingOccurrences(of: "\r\n", with: "\r").replacingOccurrences(of: "\n", with: "\r")
            )
        ]
        let lines = Self.lines(text)
        for cut in Set([0, min(2, lines.count - 1), max(0, lines.count - 2)]).sorted() {
            let before = lines[..<cut].joined(separator: "\n")
            let half = lines[cut].prefix(lines[cut].count / 2)
            variants.append(Variant(name: "cut-line-\(cut + 1)", text: (cut == 0 ? "" : before + "\n") + half))
        }
        return variants
    }

    /// The file's lines split at each LF, a CR before it kept: a CRLF is one Character, which
    /// `split(separator: "\n")` would not split at.
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    // MARK: CSV

    static func csvVariants(_ text: String) -> [Variant] {
        let lines = Self.lines(text)
        let delimiter: Character =
            (lines.first?.filter { $0 == ";" }.count ?? 0) > (lines.first?.filter { $0 == "," }.count ?? 0) ? ";" : ","
        var variants: [Variant] = []
        for (l, line) in lines.enumerated() where l > 0 && !line.isEmpty {
            let cells = split(line, delimiter)
            for (c, cell) in cells.enumerated() {
                var replacements = cell.text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [""]
                if isNumeric(cell.text) { replacements += numbers }
                for value in replacements {
                    var changed = cells.map(\.raw)
                    changed[c] = quoted(value, delimiter, like: cell)
                    var copy = lines
                    copy[l] = changed.joined(separator: String(delimiter))
                    variants.append(
                        Variant(
                            name: "line-\(l + 1)-field-\(c + 1)-\(value.isEmpty ? "blank" : value)",
                            text: copy.joined(separator: "\n")
                        )
                    )
                }
            }
        }
        return variants
    }

    /// A field's text and how it was written (quoted or not).
    struct Cell {
        var text: String
        var raw: String
        var isQuoted: Bool
    }

    /// RFC 4180 fields of one line (no field spans lines in the samples).
    static func split(_ line: String, _ delimiter: Character) -> [Cell] {
        var cells: [Cell] = []
        var text = ""
        var raw = ""
        var quoted = false
        var inQuotes = false
        var previous: Character?
        for ch in line {
            if inQuotes {
                raw.append(ch)
                if ch == "\"" {
                    inQuotes = false
                } else {
                    text.append(ch)
                }
            } else if ch == delimiter {
                cells.append(Cell(text: text, raw: raw, isQuoted: quoted))
                (text, raw, quoted) = ("", "", false)
            } else if ch == "\"" {
                if previous == "\"" { text.append("\"") }
                raw.append(ch)
                inQuotes = true
                quoted = true
            } else {
                raw.append(ch)
                text.append(ch)
            }
            previous = ch
        }
        cells.append(Cell(text: text, raw: raw, isQuoted: quoted))
        return cells
    }

    static func quoted(_ value: String, _ delimiter: Character, like cell: Cell) -> String {
        cell.isQuoted || value.contains(delimiter)
            ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }

    /// A cell brokers write as a number: digits with a sign, a currency's sign, points and commas.
    static func isNumeric(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespaces).range(
            of: #"^[-+]?[$€£]?[-+]?[0-9][0-9.,]*$"#,
            options: .regularExpression
        )
            != nil
    }

    // MARK: JSON

    static func jsonVariants(_ text: String) throws -> [Variant] {
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        var variants: [Variant] = []
        let marker = "@@folio-sweep@@"
        for (path, value) in leaves(root, []) {
            var tokens = ["null"]
            if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
                tokens += numbers.map { ["NaN", "inf"].contains($0) ? "\"\($0)\"" : $0 }
            } else if let string = value as? String, isNumeric(string) {
                tokens += numbers.map { "\"\($0)\"" }
            }
            let changed = replacing(root, at: path, with: marker)
            let data = try JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys])
            let template = String(decoding: data, as: UTF8.self)
            for token in tokens {
                let name =
                    path.map { "\($0)" }.joined(separator: ".") + "=" + token.replacingOccurrences(of: "\"", with: "")
                variants.append(
                    Variant(name: name, text: template.replacingOccurrences(of: "\"\(marker)\"", with: token))
                )
            }
        }
        return variants
    }

    enum Step: CustomStringConvertible {
        case key(String)
        case index(Int)
        var description: String {
            switch self {
            case let .key(k): k
            case let .index(i): "\(i)"
            }
        }
    }

    static func leaves(_ value: Any, _ path: [Step]) -> [([Step], Any)] {
        switch value {
        case let object as [String: Any]:
            object.keys.sorted().flatMap { key in leaves(object[key] ?? NSNull(), path + [.key(key)]) }
        case let array as [Any]:
            array.enumerated().flatMap { i, element in leaves(element, path + [.index(i)]) }
        default:
            [(path, value)]
        }
    }

    static func replacing(_ value: Any, at path: [Step], with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case let (.key(k), object as [String: Any]):
            var copy = object
            copy[k] = replacing(object[k] ?? NSNull(), at: Array(path.dropFirst()), with: replacement)
            return copy
        case let (.index(i), array as [Any]):
            var copy = array
            copy[i] = replacing(array[i], at: Array(path.dropFirst()), with: replacement)
            return copy
        default:
            return value
        }
    }
}
