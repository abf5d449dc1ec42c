import Foundation
internal import Yams

/// A configuration file (fetch.yaml, smtp.yaml) with a value that is not what Folio reads: one line
/// naming the file, the key and what was expected.
public struct ConfigFileError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Typed reads from a YAML tree, failing with `file: path: found …, expected …`.
public struct ConfigReader {
    public let file: String

    public init(file: String) { self.file = file }

    public func error(_ path: String, _ message: String) -> ConfigFileError {
        ConfigFileError(description: "\(file): \(path.isEmpty ? "top level" : path): \(message)")
    }

    public func map(_ value: Any, at path: String) throws -> [String: Any?] {
        // Named by its kind, not quoted: a line that lost its colon (`password Sup3r`) is the whole
        // document of a file that holds a password.
        guard let map = value as? [String: Any] else {
            throw error(
                path,
                "found \(value is [Any] ? "a list" : "a single value"), expected a mapping of keys to values"
            )
        }
        return map.mapValues { $0 is NSNull ? nil : $0 }
    }

    /// The file's top-level mapping, for a file that holds a secret (smtp.yaml): a key other than
    /// `keys` is refused by its line alone, since it may be a password that lost its line break
    /// (`password Sup3r: x`), and a document that is no mapping by its kind alone.
    public func secretMapping(_ keys: Set<String>) throws -> [String: Any?] {
        let node = try BoundedYAML.compose(contentsOf: URL(fileURLWithPath: file))
        for key in node?.mapping.map({ Array($0.keys) }) ?? [] where !keys.contains(key.string ?? "") {
            throw ConfigFileError(
                description:
                    "\(file):\(key.mark?.line ?? 1): a key that is not \(keys.sorted().joined(separator: ", ")) "
                    + "(not shown, as this file holds a password)"
            )
        }
        return try map(node?.any ?? [String: Any](), at: "")
    }

    public func allow(_ map: [String: Any?], _ keys: Set<String>, at path: String) throws {
        for key in map.keys.sorted() where !keys.contains(key) {
            throw error(
                path.isEmpty ? key : "\(path).\(key)",
                "unknown key, expected one of \(keys.sorted().joined(separator: ", "))"
            )
        }
    }

    public func string(_ value: Any?, at path: String) throws -> String {
        guard let text = value.map({ "\($0)" }), !text.isEmpty, !(value is [Any]), !(value is [String: Any]) else {
            throw error(path, "expected a text value")
        }
        return text
    }

    public func strings(_ value: Any?, at path: String) throws -> [String] {
        guard let list = value as? [Any], !list.isEmpty else {
            throw error(path, "expected a non-empty list such as [USD, EUR]")
        }
        return try list.enumerated().map { try string($1, at: "\(path)[\($0)]") }
    }

    public func number(_ value: Any?, at path: String, range: ClosedRange<Double>) throws -> Double {
        let number = (value as? Int).map(Double.init) ?? (value as? Double)
        guard let number, range.contains(number) else {
            throw error(
                path,
                "found \(value.map { "\($0)" } ?? "nothing"), expected a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
            )
        }
        return number
    }

    /// A whole number: `days: 1.5` is a mistake to name, not a day to round away.
    public func whole(_ value: Any?, at path: String, range: ClosedRange<Int>) throws -> Int {
        guard
            let whole = Int(
                exactly: try number(value, at: path, range: Double(range.lowerBound)...Double(range.upperBound))
            )
        else {
            throw error(
                path,
                "found \(value.map { "\($0)" } ?? "nothing"), expected a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return whole
    }
}
