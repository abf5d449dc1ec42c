import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

extension ChartRequest {
    /// Sets `field` from the text it was written as; a bad value is an `ArgumentError` naming the
    /// option (`--days: 0 is out of range, expected 1 to 36500`) and leaves the request as it was.
    public mutating func set(_ field: Field, _ values: [String]) throws {
        var copy = self
        try field.option.read(&copy, ChartOption.Text(option: "--" + field.rawValue, values: values))
        if !copy.given.contains(field) { copy.given = Field.allCases.filter { $0 == field || copy.given.contains($0) } }
        self = copy
    }

    /// The values a flag may be given in words: `percent: true`, and `mode: percent|values` of report
    /// definitions.
    static let flagWords: Set<String> = ["true", "yes", "percent", "false", "no", "values"]

    /// `1200x675` (also with `×` or `X`); a chart smaller than 200×120 has no room for its title and axes.
    static func size(_ text: String) throws -> (Double, Double) {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(
            separator: "x",
            omittingEmptySubsequences: false
        )
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ArgumentError("--size", "\"\(text)\" is not a size, expected WIDTHxHEIGHT such as 1200x675")
        }
        guard (200...10_000).contains(w), (120...10_000).contains(h) else {
            throw ArgumentError("--size", "\(text) is out of range, expected 200x120 to 10000x10000")
        }
        return (Double(w), Double(h))
    }

    /// A request from the words of a command line after the kind (`--asset=BTC`, `--asset BTC ETH`,
    /// `--percent`): how a jobs file's `args:` list is read, with the same fields as every other spelling.
    public mutating func set(words: [String]) throws {
        var given: [(Field, [String])] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word.hasPrefix("--"), word.count > 2 else {
                throw ArgumentError(word, "expected an option such as --asset, found \"\(word)\"")
            }
            var name = String(word.dropFirst(2))
            var values: [String] = []
            if let equals = name.firstIndex(of: "=") {
                values = [String(name[name.index(after: equals)...])]
                name = String(name[..<equals])
            }
            guard let field = Field(name: name) else {
                throw ArgumentError(
                    "--" + name,
                    "unknown option, expected one of "
                        + Field.allCases.map { "--" + $0.rawValue }.joined(separator: ", ")
                )
            }
            let arity = field.option.arity
            index += 1
            if values.isEmpty && arity == .flag, index < words.count, Self.flagWords.contains(words[index].lowercased())
            {
                values = [words[index]]  // `--mode percent`, `--percent false`
                index += 1
            }
            if values.isEmpty && arity != .flag {
                while index < words.count, !words[index].hasPrefix("--") {
                    values.append(words[index])
                    index += 1
                    if arity != .list { break }
                }
            }
            if arity == .flag && values.isEmpty { values = ["true"] }
            // A list option given again adds to it (`--asset=A --asset=B`), as on the command line.
            if arity == .list, let i = given.firstIndex(where: { $0.0 == field }) {
                given[i].1 += values
            } else {
                given.append((field, values))
            }
        }
        for (field, values) in given { try set(field, values) }
    }
}
