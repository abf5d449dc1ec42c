import FolioCore
import Foundation

/// Output paths from a template such as `out/{portfolio}/{date}/{report}.{ext}`.
///
/// A portfolio name becomes one path component that is safe on every filesystem and still readable:
/// Cyrillic and other letters are kept as they are (Linux filesystems store UTF-8, and a Ukrainian
/// name stays recognisable to the people who chose it); `/`, `\`, control characters, spaces and
/// characters shells and Windows shares dislike become `_`, and so do `{` and `}`, so that no name reads
/// as a placeholder of the template; a name of only dots (`.`, `..`) or one
/// starting with a dot gets a `_` in front so that it can neither climb out of the output directory
/// nor hide; a name longer than 80 UTF-8 bytes is cut and ends in `-` and 8 hex digits of a stable
/// hash of the whole name, so two long names that share a beginning still get different folders; two
/// names that would still share a folder both get that hash ending (`collisionComponents`).
enum OutputPath {
    static let maxComponentBytes = 80

    static func component(_ name: String) -> String {
        var text = String(
            name.unicodeScalars.map { scalar -> Character in
                let v = scalar.value
                if v < 0x20 || v == 0x7f || "/\\:*?\"<>|{}".unicodeScalars.contains(scalar) { return "_" }
                if scalar.properties.isWhitespace { return "_" }
                return Character(scalar)
            }
        )
        if text.isEmpty || text.hasPrefix(".") { text = "_" + text }
        return text.utf8.count > maxComponentBytes ? hashed(text, of: name) : text
    }

    /// `text` cut to leave room for `-` and 8 hex digits of a stable hash of `name`, then those appended.
    static func hashed(_ text: String, of name: String) -> String {
        let suffix = "-" + String(StableHash.hex(of: name).prefix(8))
        var cut = ""
        for character in text {
            if cut.utf8.count + character.utf8.count + suffix.utf8.count > maxComponentBytes { break }
            cut.append(character)
        }
        return cut + suffix
    }

    /// Folder names for portfolios whose names sanitise to the same text (`a/b` and `a b` both give
    /// `a_b`): each of them gets the hash ending, so no two portfolios share a folder. Computed from the
    /// whole list before sharding, so every shard agrees; only the colliding names are returned.
    static func collisionComponents(_ names: [String]) -> [String: String] {
        let groups = Dictionary(grouping: Set(names), by: component)
        var result: [String: String] = [:]
        for (text, group) in groups where group.count > 1 {
            for name in group { result[name] = hashed(text, of: name) }
        }
        return result
    }

    /// Names that jobs give their outputs (`{report}`): kept as they are, so no sanitising is needed.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxComponentBytes
            && name.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == "."
            }
            && !name.hasPrefix(".")
    }

    /// The template with each placeholder's value, in one pass (`Placeholders`); a placeholder without a
    /// value is left as written.
    static func expand(_ template: String, values: [String: String]) -> String {
        Placeholders.substitute(template) { values[$0] }
    }

    /// The folder above every placeholder, where all of a template's outputs live (`out/` of
    /// `out/{date}/{portfolio}/…`; the working directory when the template starts with one).
    static func root(_ template: String) -> URL {
        let fixed = template[..<(template.firstIndex(of: "{") ?? template.endIndex)]
        let root = fixed.lastIndex(of: "/").map { String(fixed[...$0]) } ?? "./"
        return URL(fileURLWithPath: root, isDirectory: true)
    }

    /// The folder only this portfolio's outputs live in (`out/{portfolio}` of `out/{portfolio}/{date}/…`),
    /// or nil when the template puts `{portfolio}` into a file name or after another placeholder.
    /// A killed run's temporary files are swept from it before the portfolio is rendered: shards running
    /// at once on other machines never touch another shard's portfolio folders, so this sweep cannot
    /// remove a file a live run is still writing.
    static func portfolioFolder(_ template: String, component: String) -> URL? {
        guard let placeholder = template.range(of: "{portfolio}"),
            let slash = template[placeholder.upperBound...].firstIndex(of: "/")
        else { return nil }
        let prefix = template[..<slash].replacingOccurrences(of: "{portfolio}", with: "\u{0}")
        guard !prefix.contains("{") else { return nil }
        return URL(fileURLWithPath: prefix.replacingOccurrences(of: "\u{0}", with: component), isDirectory: true)
    }
}

/// The rules a batch's output template follows so that every portfolio writes into a folder of its own,
/// which no other portfolio's file can reach: checked when the jobs file is read, before anything renders.
extension OutputPath {
    /// Why `template` could let one portfolio's outputs land among another's, or nil when it cannot:
    /// `{portfolio}` is a folder of its own (a whole path part with more after it), and no `..` part
    /// after it leads out of it (`out/{portfolio}/../{report}.{ext}` gave every portfolio one file).
    static func problem(in template: String) -> String? {
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        guard let own = parts.firstIndex(where: { $0.contains("{portfolio}") }), parts[own] == "{portfolio}",
            own < parts.count - 1
        else {
            return
                "expected {portfolio} as a folder of its own in \"\(template)\", as in \(JobsFile.defaultOutput), so that no two portfolios share a file"
        }
        if parts[own...].contains("..") {
            return "\"\(template)\" has a .. part after {portfolio}, which leads out of the portfolio's folder"
        }
        return nil
    }

    /// The path parts above a template's portfolio folders (`["out"]` of `./out/{portfolio}/…`); empty
    /// (`//`) and `.` parts are dropped but a leading empty one, which makes the path absolute.
    private static func parentParts(_ template: String) -> [Substring] {
        let parts = template.split(separator: "/", omittingEmptySubsequences: false)
        let above = parts[..<(parts.firstIndex(of: "{portfolio}") ?? parts.endIndex)]
        return above.enumerated().filter {
            $0.offset == 0 && $0.element.isEmpty || !$0.element.isEmpty && $0.element != "."
        }.map(\.element)
    }

    /// Whether the portfolio folders of `inner` can lie inside one of `outer`'s: `out/a/{portfolio}/…`
    /// inside `out/{portfolio}/…`, where a portfolio named `a` would hold every other portfolio's files
    /// (and sweep their temporary files). A part with a placeholder may take any value.
    static func nests(_ inner: String, inside outer: String) -> Bool {
        let (a, b) = (parentParts(outer), parentParts(inner))
        guard a.count < b.count else { return false }
        return zip(a, b).allSatisfy { $0 == $1 || $0.contains("{") || $1.contains("{") }
    }
}
