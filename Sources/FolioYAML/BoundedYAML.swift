internal import CYaml
import FolioCore
import Foundation
package import Yams

/// The one way Folio reads a YAML file — report definitions, jobs files, fetch configurations,
/// smtp.yaml — with limits no real file comes near, each checked before the work it bounds:
///
/// 1. size: at most `maxBytes`, read with a bound, so a 50 MB file or a FIFO costs nothing;
/// 2. UTF-8, named at the first bad byte as the importers do;
/// 3. shape, from libyaml's event stream: every mapping key text (not a list or a mapping), nesting at
///    most `maxDepth` collections deep, and at most `maxNodes` nodes counted with every alias expanded,
///    from the events, before anything is composed (libyaml is Yams's own parser, its `CYaml`): Yams's
///    composer hashes each mapping's keys, and a key that is an alias of a nest of aliases expands there
///    (docs/performance.md says what that cost);
/// 4. then Yams composes the tree; its syntax errors are reported as `notYAML`, by line, column and
///    libyaml's problem only. Yams's own text quotes the file (the line at fault; for a duplicated key
///    the whole file), and smtp.yaml holds a password: no error quotes a YAML file's text.
public enum BoundedYAML {
    /// Folio's own definitions are a few KiB; a jobs file for thousands of portfolios names them by `all`.
    public static let maxBytes = 1 << 20
    static let maxDepth = 64
    static let maxNodes = 100_000

    /// The file's single document as a node tree (nil when it holds none), its plain scalars tagged by
    /// `resolver`'s rules (Yams's default: YAML 1.1's booleans, numbers, nulls, timestamps…).
    package static func compose(contentsOf url: URL, resolver: Resolver = .default) throws -> Node? {
        try compose(try read(url), file: url.path, resolver: resolver)
    }

    /// The file's document as Yams's plain values (`[String: Any]`, `[Any]`, strings, numbers).
    public static func load(contentsOf url: URL) throws -> Any? {
        try compose(contentsOf: url)?.any
    }

    package static func compose(_ text: String, file: String, resolver: Resolver = .default) throws -> Node? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxBytes else {
            throw BoundedYAMLError.overLimit(file: file, line: nil, limit: "\(bytes.count) bytes, more than 1 MiB")
        }
        try bytes.withUnsafeBufferPointer { try checkShape($0, file: file) }
        do {
            return try Yams.compose(yaml: text, resolver)
        } catch let error as YamlError {
            let (line, column, problem) = located(error)
            throw BoundedYAMLError.notYAML(
                file: file,
                line: line,
                column: column,
                problem: Redaction.escapingControlCharacters(problem)
            )
        } catch {
            throw BoundedYAMLError.notYAML(file: file, line: 1, column: 1, problem: "cannot be read as YAML")
        }
    }

    /// Where libyaml stopped and why, in its own words (fixed texts such as "mapping values are not
    /// allowed in this context"), without the snippet of the file Yams's description adds.
    private static func located(_ error: YamlError) -> (line: Int, column: Int, problem: String) {
        func with(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context else { return problem }
            return "\(problem) (\(context.text) at \(context.mark.line):\(context.mark.column))"
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            return (mark.line, mark.column, with(context, problem))
        case let .reader(problem, offset, value, yaml):
            let before = offset.map { yaml.prefix($0) } ?? ""
            let line = 1 + before.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            let column =
                1 + (before.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0)
            return (line, column, value >= 0 ? "\(problem) (0x\(String(value, radix: 16, uppercase: true)))" : problem)
        case let .duplicatedKeysInMapping(duplicates, context):
            // The context's text is the whole file; the keys are names, shown cut short.
            let keys = duplicates.sorted().map { "\"" + ($0.count > 40 ? $0.prefix(40) + "…" : $0) + "\"" }
            return (
                context.mark.line, context.mark.column,
                "the key \(keys.joined(separator: ", ")) appears twice in one mapping"
            )
        default:
            return (1, 1, "cannot be read as YAML")
        }
    }

    /// The file's text: a regular file larger than the limit is refused before reading, anything else
    /// (a FIFO, a device) is read no further than one byte past it.
    static func read(_ url: URL) throws -> String {
        let path = url.path
        let data: Data
        do { data = try BoundedFile.read(path, limit: maxBytes) } catch let large as BoundedFile.TooLargeError {
            throw BoundedYAMLError.overLimit(file: path, line: nil, limit: large.sizeText)
        } catch let error as FileError {
            throw BoundedYAMLError.unreadable(file: path, reason: error.reason)
        }
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let bad = UTF8Validation.firstInvalidOffset(bytes) {
                let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                throw BoundedYAMLError.notUTF8(
                    file: path,
                    line: line,
                    problem: UTF8Validation.problem(foundByte: bytes[bad], fileStart: bytes.prefix(2))
                )
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Walks libyaml's events, counting nodes with aliases expanded and the nesting of collections, and
    /// stops at the first limit passed. Syntax errors end the walk quietly: Yams reports them with context.
    private static func checkShape(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)

        /// A collection being read: where its nodes start, how deep it is, the deepest point inside it,
        /// and for a mapping how many keys and values it has so far (an even count: a key comes next).
        struct Open {
            var anchor: String?
            var firstNode: Int
            var depth: Int
            var deepest: Int
            var isMapping: Bool
            var entries = 0
        }
        var open: [Open] = []
        /// What an alias of each anchor adds: its nodes, and the collections nested in it.
        var anchors: [String: (nodes: Int, depth: Int)] = [:]
        /// Counts a node as an entry of the open mapping, refusing it as a key unless it is text.
        func entry(isText: Bool, line: Int) throws {
            guard let top = open.indices.last, open[top].isMapping else { return }
            if open[top].entries % 2 == 0 && !isText { throw BoundedYAMLError.keyNotText(file: file, line: line) }
            open[top].entries += 1
        }
        var nodes = 0
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let line = Int(clamping: event.start_mark.line) + 1
            func reached(_ depth: Int) throws {
                guard depth <= maxDepth else {
                    throw BoundedYAMLError.overLimit(
                        file: file,
                        line: line,
                        limit: "nested more than \(maxDepth) levels deep"
                    )
                }
                if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, depth) }
            }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_SCALAR_EVENT:
                try entry(isText: true, line: line)
                nodes += 1
                if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = (1, 0) }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = name(
                    event.type == YAML_SEQUENCE_START_EVENT
                        ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                )
                try entry(isText: false, line: line)
                try reached(open.count + 1)
                open.append(
                    Open(
                        anchor: anchor,
                        firstNode: nodes,
                        depth: open.count + 1,
                        deepest: open.count + 1,
                        isMapping: event.type == YAML_MAPPING_START_EVENT
                    )
                )
                nodes += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return }
                if let anchor = closed.anchor {
                    anchors[anchor] = (nodes - closed.firstNode, closed.deepest - closed.depth + 1)
                }
                if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, closed.deepest) }
            case YAML_ALIAS_EVENT:
                // An alias of an anchor not yet closed (or never defined) is Yams's error to report.
                guard let anchor = name(event.data.alias.anchor), let target = anchors[anchor] else { continue }
                try entry(isText: target.depth == 0, line: line)
                nodes += target.nodes
                try reached(open.count + target.depth)
            default:
                break
            }
            if nodes > maxNodes {
                throw BoundedYAMLError.overLimit(
                    file: file,
                    line: line,
                    limit: "more than \(maxNodes) values once aliases are expanded"
                )
            }
        }
        // libyaml stops a deeper nest itself, before its events reach the count above (its scanner reads
        // ahead), with words for a programmer ("set with yaml_set_max_nest_level()"): said as the limit.
        if let problem = parser.problem, String(cString: problem).hasPrefix("Maximum nesting level") {
            throw BoundedYAMLError.overLimit(
                file: file,
                line: Int(clamping: parser.problem_mark.line) + 1,
                limit: "nested more than \(maxDepth) levels deep"
            )
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
