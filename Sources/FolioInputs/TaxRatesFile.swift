import FolioAnalytics
import FolioCore
import FolioYAML
import Foundation
internal import Yams

#if canImport(Glibc)
import Glibc
#endif

/// Reads a rates file (`reports/tax-rates.yaml`, or the file `--tax-rates` names) into `TaxRates`,
/// walking the YAML tree by hand so that a mistake is one line naming the file, the key and its line:
/// `my-rates.yaml: military-levy[1].percent (line 14): expected a percent from 0 to 100; found "five"`.
///
///     carry-losses-forward: true
///     personal-income-tax:
///       - {percent: 18, from: 2016-01-01, law: "Tax Code art. 167.1"}
///     military-levy:
///       - {percent: 1.5, from: 2014-08-03, to: 2024-11-30, law: "…"}
///       - {percent: 5, from: 2024-12-01, law: "Law No. 4015-IX"}
public struct TaxRatesFile {
    public let file: String

    public init(file: String) { self.file = file }

    /// The rates `--tax-rates` names (`path`), else the built-in `reports/tax-rates.yaml` (found as the
    /// report definitions are): read here, once, so that a request carries the rates and not the file.
    public static func load(path: String?) throws -> TaxRates {
        guard let path else { return try load(try DefinitionLocator.builtIn("tax-rates")) }
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
        return try load(URL(fileURLWithPath: path))
    }

    public static func load(_ url: URL) throws -> TaxRates {
        let reader = TaxRatesFile(file: url.path)
        let root: Node?
        do { root = try BoundedYAML.compose(contentsOf: url, resolver: .basic) } catch let failure as BoundedYAMLError {
            switch failure {
            case .unreadable(_, let reason):
                throw DefinitionError(file: url.path, path: "", expected: "a readable UTF-8 file", found: reason)
            case let .notYAML(_, line, column, problem):
                throw DefinitionError(
                    file: url.path,
                    path: "",
                    line: line,
                    expected: "valid YAML",
                    found: "\(problem) (column \(column))"
                )
            case .notUTF8, .overLimit, .keyNotText: throw failure
            }
        }
        return try reader.rates(root)
    }

    public func parse(_ yaml: String) throws -> TaxRates {
        try rates(try BoundedYAML.compose(yaml, file: file, resolver: .basic))
    }

    private func rates(_ root: Node?) throws -> TaxRates {
        let keys = ["carry-losses-forward", "personal-income-tax", "military-levy"]
        guard let root, case .mapping(let top) = root else {
            throw DefinitionError(
                file: file,
                path: "",
                line: root?.mark?.line,
                expected: "a mapping with " + keys.joined(separator: ", "),
                found: root.map(describe) ?? "an empty file"
            )
        }
        var values: [String: Node] = [:]
        for (key, value) in top {
            let name = key.string ?? ""
            guard keys.contains(name) else {
                throw error(key, name, "one of " + keys.joined(separator: ", "), found: "an unknown key")
            }
            values[name] = value
        }
        func value(_ key: String) throws -> Node {
            guard let node = values[key] else { throw error(root, key, "this key (every rates file says all three)") }
            return node
        }
        for key in keys { _ = try value(key) }
        let carry = try value("carry-losses-forward")
        guard case .scalar = carry, let flag = ["true": true, "false": false][carry.string ?? ""] else {
            throw error(carry, "carry-losses-forward", "true or false", found: describe(carry))
        }
        return TaxRates(
            personalIncomeTax: try periods(try value("personal-income-tax"), "personal-income-tax"),
            militaryLevy: try periods(try value("military-levy"), "military-levy"),
            carryLossesForward: flag,
            source: file
        )
    }

    /// A list of rates, none overlapping another, each a mapping of percent, from, to and law.
    private func periods(_ node: Node, _ path: String) throws -> [TaxRates.Period] {
        guard case .sequence(let list) = node, !list.isEmpty else {
            throw error(node, path, "a non-empty list of rates", found: describe(node))
        }
        var out: [TaxRates.Period] = []
        for (i, item) in list.enumerated() {
            let at = "\(path)[\(i)]"
            guard case .mapping(let map) = item else {
                throw error(item, at, "a mapping of percent, from, to and law", found: describe(item))
            }
            var fields: [String: Node] = [:]
            for (key, value) in map {
                let name = key.string ?? ""
                guard ["percent", "from", "to", "law"].contains(name) else {
                    throw error(key, "\(at).\(name)", "one of percent, from, to, law", found: "an unknown key")
                }
                fields[name] = value
            }
            guard let p = fields["percent"] else { throw error(item, "\(at).percent", "a percent from 0 to 100") }
            // A plain decimal, read as every number Folio reads: `1e-400` is no 0 and `0x10` no 16.
            let text = p.string ?? ""
            guard case .scalar = p, let percent = DecimalText.parse(text),
                NumberBounds.contains(percent, readFrom: text),
                (0...100).contains(percent)
            else {
                throw error(p, "\(at).percent", "a percent from 0 to 100", found: describe(p))
            }
            let (law, lawInEnglish) = try self.law(fields["law"], item, "\(at).law")
            let from = try fields["from"].map { try day($0, "\(at).from") }
            let to = try fields["to"].map { try day($0, "\(at).to") }
            if let from, let to, let node = fields["to"], from > to {
                throw error(node, "\(at).to", "a day not before from (\(from.iso))", found: to.iso)
            }
            let period = TaxRates.Period(percent: percent, from: from, to: to, law: law, lawInEnglish: lawInEnglish)
            // Two rates in force on one day leave the tax of a year ending then undecided.
            if let other = out.firstIndex(where: { Self.overlap($0, period) }) {
                throw error(item, at, "days of its own", found: "days \(path)[\(other)] covers too")
            }
            out.append(period)
        }
        return out
    }

    /// `law: "ПКУ ст. 167.1"`, or `law: {uk: "ПКУ ст. 167.1", en: "Tax Code art. 167.1"}` for both languages.
    private func law(_ node: Node?, _ item: Node, _ path: String) throws -> (String, String?) {
        let expected = "the law that set the rate, as text or as {uk: …, en: …}"
        func text(_ node: Node?) -> String? {
            guard let node, case .scalar = node, let text = node.string, !text.isEmpty else { return nil }
            return text
        }
        guard let node else { throw error(item, path, expected) }
        if let law = text(node) { return (law, nil) }
        guard case .mapping(let map) = node else { throw error(node, path, expected, found: describe(node)) }
        var languages: [String: Node] = [:]
        for (key, value) in map {
            guard ["uk", "en"].contains(key.string ?? "") else {
                throw error(key, "\(path).\(key.string ?? "")", "uk or en", found: "an unknown key")
            }
            languages[key.string ?? ""] = value
        }
        guard let uk = text(languages["uk"]) else {
            throw error(languages["uk"] ?? node, "\(path).uk", "the citation in Ukrainian, as text")
        }
        if let en = languages["en"], text(en) == nil {
            throw error(en, "\(path).en", "the citation in English, as text", found: describe(en))
        }
        return (uk, text(languages["en"]))
    }

    private static func overlap(_ a: TaxRates.Period, _ b: TaxRates.Period) -> Bool {
        func notAfter(_ from: Day?, _ to: Day?) -> Bool {
            guard let from, let to else { return true }
            return from <= to
        }
        return notAfter(a.from, b.to) && notAfter(b.from, a.to)
    }

    /// The days a rate may start or end on: those of every date Folio reads, up to a year ahead as a
    /// budget's (a law is passed before the day it is in force from).
    static let dates = DateBounds.budget()

    private func day(_ node: Node, _ path: String) throws -> Day {
        guard case .scalar = node, let day = Day(iso: node.string ?? "") else {
            throw error(node, path, "a day such as 2024-12-01", found: describe(node))
        }
        guard Self.dates.contains(day) else { throw error(node, path, Self.dates.expected, found: day.iso) }
        return day
    }

    private func describe(_ node: Node) -> String {
        switch node {
        case .scalar: "\"\(node.string ?? "")\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private func error(_ node: Node, _ path: String, _ expected: String, found: String? = nil) -> DefinitionError {
        DefinitionError(file: file, path: path, line: node.mark?.line, expected: expected, found: found)
    }
}
