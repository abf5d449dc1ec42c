import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

extension ChartRequest {
    /// The fields a chart request is written in: the option names of `folio chart` without their dashes,
    /// which are also the keys of a jobs file's chart job and of a report block's `parameters`.
    public enum Field: String, CaseIterable, Sendable {
        case data, portfolio, asset
        case asOf = "as-of"
        case days, months, window, currency, by, percent, log, normalise, benchmark, period
        case size, scale, theme, locale, title

        /// Spellings that were documented before and are still read: `folio chart --method` (now
        /// `--normalise`, as `folio table` has it), `mode: percent|values` of report definitions, `assets`.
        public static let aliases: [String: Field] = ["method": .normalise, "mode": .percent, "assets": .asset]

        public init?(name: String) {
            guard let field = Field(rawValue: name) ?? Self.aliases[name] else { return nil }
            self = field
        }

        /// What every chart takes: the dataset, the day, the canvas and the words.
        static let everyChart: Set<Field> = [.data, .asOf, .size, .scale, .theme, .locale, .title]

        /// Takes no value on the command line (`--percent`, `--log`); in YAML it is true or false.
        var isFlag: Bool { self == .percent || self == .log }
        /// Takes several values: `--asset AAPL MSFT`, `--asset AAPL,MSFT`, `asset: [AAPL, MSFT]`.
        var isList: Bool { self == .asset }
    }

    /// Sets `field` from the text it was written as; a bad value is an `ArgumentError` naming the
    /// option (`--days: 0 is out of range, expected 1 to 36500`) and leaves the request as it was.
    public mutating func set(_ field: Field, _ values: [String]) throws {
        let option = "--" + field.rawValue
        func one() throws -> String {
            guard values.count == 1, let value = values.first else {
                throw ArgumentError(option, "expected one value, found \(values.count)")
            }
            return value.trimmingCharacters(in: .whitespaces)
        }
        func count(_ range: ClosedRange<Int>) throws -> Int { try ArgumentValue.count(try one(), option, in: range) }
        defer { if !given.contains(field) { given = Field.allCases.filter { $0 == field || given.contains($0) } } }
        switch field {
        case .data: data = try one().lowercased()
        case .portfolio: portfolio = try one()
        case .asset:
            assets = try values.flatMap { $0.split(separator: ",") }.map { text in
                try ArgumentValue.asset(text.trimmingCharacters(in: .whitespaces).uppercased(), option)
            }
        case .asOf: asOf = try ArgumentValue.day(try one(), option)
        case .days: days = try count(1...36_500)
        case .months: months = try count(1...1200)
        case .window: window = try count(2...3650)
        case .currency: currency = try ArgumentValue.asset(try one().uppercased(), option)
        case .by:
            let text = try one()
            guard let grouping = Grouping(rawValue: text.lowercased()) else {
                throw ArgumentError(option, "unknown grouping \"\(text)\", expected asset, kind, currency or category")
            }
            by = grouping
        case .percent:
            let text = try one().lowercased()
            guard Self.flagWords.contains(text) else {
                throw ArgumentError(option, "\"\(text)\" is not true or false (mode: percent or values)")
            }
            percent = ["true", "yes", "percent"].contains(text)
        case .log:
            let text = try one().lowercased()
            guard ["true", "yes", "false", "no"].contains(text) else {
                throw ArgumentError(option, "\"\(text)\" is not true or false")
            }
            log = text == "true" || text == "yes"
        case .normalise: normalise = try ArgumentValue.normalisation(try one(), option)
        case .benchmark: benchmark = try ArgumentValue.asset(try one().uppercased(), option)
        case .period:
            let text = try one()
            do { period = try AttributionPeriod(text) } catch {
                throw ArgumentError(error, arguments: ["period": option])
            }
        case .size: (width, height) = try Self.size(try one())
        case .scale:
            let text = try one()
            guard let value = Double(text), value.isFinite, value >= 0.25, value <= 8 else {
                throw ArgumentError(option, "\(text) is out of range, expected 0.25 to 8 (2 for a 2x PNG)")
            }
            scale = value
        case .theme: theme = try ArgumentValue.theme(try one(), option)
        case .locale: locale = try ArgumentValue.locale(try one(), option)
        case .title: title = try one()
        }
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
            index += 1
            if values.isEmpty && field.isFlag, index < words.count, Self.flagWords.contains(words[index].lowercased()) {
                values = [words[index]]  // `--mode percent`, `--percent false`
                index += 1
            }
            if values.isEmpty && !field.isFlag {
                while index < words.count, !words[index].hasPrefix("--") {
                    values.append(words[index])
                    index += 1
                    if !field.isList { break }
                }
            }
            if field.isFlag && values.isEmpty { values = ["true"] }
            // A list option given again adds to it (`--asset=A --asset=B`), as on the command line.
            if field.isList, let i = given.firstIndex(where: { $0.0 == field }) {
                given[i].1 += values
            } else {
                given.append((field, values))
            }
        }
        for (field, values) in given { try set(field, values) }
    }
}
