import FolioCharts
import FolioCore
import FolioYAML
import Foundation
internal import Yams

/// Reads a definition from YAML by walking the node tree by hand rather than through `Decodable`, so every
/// error can name the path inside the file (`pages[2].blocks[1].kind`), the line, and what was expected.
public struct DefinitionParser {
    public let file: String

    public init(file: String) { self.file = file }

    public static func load(_ url: URL) throws -> ReportDefinition {
        let parser = DefinitionParser(file: url.path)
        return try parser.definition(
            parser.translatingFailures { try BoundedYAML.compose(contentsOf: url, resolver: resolver) }
        )
    }

    public func parse(_ yaml: String) throws -> ReportDefinition {
        try definition(translatingFailures { try BoundedYAML.compose(yaml, file: file, resolver: Self.resolver) })
    }

    /// No implicit types: every plain scalar is text, which the parser reads as the number, flag or
    /// template each key expects (Yams reads numbers from a scalar whatever its tag; the one flag is read
    /// by `flag`). Merge keys (`<<`) were never read: a mapping's keys are checked against the ones it may hold.
    // Yams's default resolver compiles seven regular expressions and tries them on every plain scalar; even
    // one makes ICU start, a cost every report paid.
    static let resolver = Resolver.basic

    /// An unreadable file and a syntax error in definition terms; a limit passed as `BoundedYAML` says it.
    private func translatingFailures(_ compose: () throws -> Node?) throws -> Node? {
        do { return try compose() } catch let failure as BoundedYAMLError {
            switch failure {
            case .unreadable(_, let reason):
                throw DefinitionError(file: file, path: "", expected: "a readable UTF-8 file", found: reason)
            case let .notYAML(_, line, column, problem):
                throw DefinitionError(
                    file: file,
                    path: "",
                    line: line,
                    expected: "valid YAML",
                    found: "\(problem) (column \(column))"
                )
            case .notUTF8, .overLimit, .keyNotText: throw failure
            }
        }
    }

    private func definition(_ root: Node?) throws -> ReportDefinition {
        guard let root else {
            throw DefinitionError(
                file: file,
                path: "",
                expected: "a mapping with name, page and pages",
                found: "an empty file"
            )
        }
        let top = try mapping(
            root,
            "",
            keys: [
                "name", "title", "page", "header", "footer", "benchmark", "daily-performance",
                "daily-size", "daily-scale", "pages",
            ]
        )
        let page = try top["page"].map { try pageSetup($0, "page") } ?? PageSetup()
        guard let pagesNode = top["pages"] else { throw error(root, "pages", "a list of pages") }
        guard case .sequence(let pages) = pagesNode, !pages.isEmpty else {
            throw error(pagesNode, "pages", "a non-empty list of pages", found: describe(pagesNode))
        }
        var definition = ReportDefinition(
            name: try top["name"].map { try string($0, "name") } ?? "",
            title: try top["title"].map { try template($0, "title") } ?? "",
            page: page,
            header: try top["header"].map { try pageLine($0, "header") } ?? PageLine(),
            footer: try top["footer"].map { try pageLine($0, "footer") } ?? PageLine(),
            sections: try pages.enumerated().map { try section($1, "pages[\($0)]") },
            benchmark: try top["benchmark"].map { node in
                let text = try string(node, "benchmark")
                do { return try ArgumentValue.asset(text.uppercased(), "benchmark") } catch {
                    throw self.error(node, "benchmark", "an asset code such as USD, BTC or SPY", found: "\"\(text)\"")
                }
            },
            dailyPerformance: try top["daily-performance"].map { node in
                guard let flag = flag(node) else {
                    throw self.error(node, "daily-performance", "true or false", found: describe(node))
                }
                return flag
            } ?? false
        )
        try checkPagePointers(definition.sections, Array(pages))
        if let node = top["daily-size"] {
            let text = try string(node, "daily-size")
            let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, (200...4_000).contains(parts[0]), (100...4_000).contains(parts[1]) else {
                throw error(
                    node,
                    "daily-size",
                    "WIDTHxHEIGHT in points, each from 200 and 100 to 4000 (390x300)",
                    found: "\"\(text)\""
                )
            }
            (definition.dailyWidth, definition.dailyHeight) = (parts[0], parts[1])
        }
        if let node = top["daily-scale"] {
            guard case .scalar = node, let v = node.float, (1...4).contains(v) else {
                throw error(node, "daily-scale", "pixels per point from 1 to 4", found: describe(node))
            }
            definition.dailyScale = v
        }
        return definition
    }

    // MARK: parts

    private func pageSetup(_ node: Node, _ path: String) throws -> PageSetup {
        let m = try mapping(node, path, keys: ["size", "orientation", "margins"])
        var setup = PageSetup()
        if let n = m["size"] { setup.size = try choice(n, path + ".size", PageSetup.Size.self) }
        if let n = m["orientation"] {
            setup.orientation = try choice(n, path + ".orientation", PageSetup.Orientation.self)
        }
        if let n = m["margins"] {
            if case .scalar = n {
                let all = try number(n, path + ".margins", range: 0...200)
                setup.margins = Margins(top: all, right: all, bottom: all, left: all)
            } else {
                let mm = try mapping(n, path + ".margins", keys: ["top", "right", "bottom", "left"])
                var margins = Margins()
                if let v = mm["top"] { margins.top = try number(v, path + ".margins.top", range: 0...200) }
                if let v = mm["right"] { margins.right = try number(v, path + ".margins.right", range: 0...200) }
                if let v = mm["bottom"] { margins.bottom = try number(v, path + ".margins.bottom", range: 0...200) }
                if let v = mm["left"] { margins.left = try number(v, path + ".margins.left", range: 0...200) }
                setup.margins = margins
            }
        }
        return setup
    }

    private func pageLine(_ node: Node, _ path: String) throws -> PageLine {
        let m = try mapping(node, path, keys: ["left", "right"])
        return PageLine(
            left: try m["left"].map { try template($0, path + ".left") } ?? "",
            right: try m["right"].map { try template($0, path + ".right") } ?? ""
        )
    }

    private func section(_ node: Node, _ path: String) throws -> ReportDefinition.Section {
        let m = try mapping(node, path, keys: ["when", "blocks"])
        guard let blocksNode = m["blocks"] else { throw error(node, path + ".blocks", "a list of blocks") }
        guard case .sequence(let blocks) = blocksNode else {
            throw error(blocksNode, path + ".blocks", "a list of blocks", found: describe(blocksNode))
        }
        return ReportDefinition.Section(
            when: try m["when"].map { try string($0, path + ".when") },
            blocks: try blocks.enumerated().map { try block($1, path + ".blocks[\($0)]") },
            path: path
        )
    }

    /// Keys each block kind accepts besides `kind`; anything else is a typo worth reporting.
    private static let blockKeys: [BlockDefinition.Kind: [String]] = [
        .heading: ["text"], .text: ["text"], .kpis: ["items", "per-row", "lead"], .pageBreak: [],
        .chart: ["chart", "data", "title", "height", "parameters"],
        .table: ["data", "title", "columns", "sort", "limit"],
    ]

    private func block(_ node: Node, _ path: String) throws -> BlockDefinition {
        guard case .mapping(let raw) = node else {
            throw error(node, path, "a mapping with a kind", found: describe(node))
        }
        guard let kindNode = raw["kind"] else {
            throw error(node, path + ".kind", "one of " + names(BlockDefinition.Kind.self))
        }
        let kind = try choice(kindNode, path + ".kind", BlockDefinition.Kind.self)
        let m = try mapping(node, path, keys: ["kind", "when"] + Self.blockKeys[kind, default: []])
        var block = BlockDefinition(kind: kind, path: path)
        block.when = try m["when"].map { try string($0, path + ".when") }
        switch kind {
        case .heading, .text:
            guard let t = m["text"] else { throw error(node, path + ".text", "the \(kind.rawValue)'s text") }
            block.text = try template(t, path + ".text", pointers: kind == .text)
        case .kpis:
            guard let n = m["items"], case .sequence(let items) = n, !items.isEmpty else {
                throw error(
                    m["items"] ?? node,
                    path + ".items",
                    "a non-empty list of tiles (" + KPIKind.allCases.map(\.rawValue).joined(separator: ", ") + ")"
                )
            }
            block.items = try kpiItems(Array(items), path + ".items")
            block.perRow = try m["per-row"].map { Int(try number($0, path + ".per-row", range: 2...6, unit: " tiles")) }
            if let n = m["lead"] {
                guard let lead = flag(n) else { throw error(n, path + ".lead", "true or false", found: describe(n)) }
                block.lead = lead
            }
        case .chart:
            guard let c = m["chart"] else {
                throw error(
                    node,
                    path + ".chart",
                    "a chart kind (" + ChartKind.names + ")"
                )
            }
            block.chart = try choice(c, path + ".chart", ChartKind.self).rawValue
            block.data = try requiredString(m, node, path, "data", "a dataset name")
            block.text = try m["title"].map { try template($0, path + ".title") } ?? ""
            block.height = try m["height"].map { try number($0, path + ".height", range: 40...700) }
            if let p = m["parameters"] {
                let pm = try mapping(p, path + ".parameters", keys: nil)
                for (k, v) in pm { block.parameters[k] = try string(v, path + ".parameters.\(k)") }
            }
        case .table:
            block.data = try requiredString(m, node, path, "data", "a dataset name")
            block.text = try m["title"].map { try template($0, path + ".title") } ?? ""
            if let n = m["columns"] {
                guard case .sequence(let cols) = n else {
                    throw error(n, path + ".columns", "a list of column names", found: describe(n))
                }
                block.columns = try cols.enumerated().map { try string($1, path + ".columns[\($0)]") }
            }
            if let n = m["sort"] {
                let s = try string(n, path + ".sort")
                block.sort =
                    s.hasPrefix("-")
                    ? SortOrder(column: String(s.dropFirst()), descending: true)
                    : SortOrder(column: s, descending: false)
                if block.sort!.column.isEmpty {
                    throw error(n, path + ".sort", "a column name, with - in front for descending", found: "\"\(s)\"")
                }
            }
            if let n = m["limit"] {
                guard let v = n.int, v > 0 else {
                    throw error(n, path + ".limit", "a positive whole number", found: describe(n))
                }
                block.limit = v
            }
        case .pageBreak:
            break
        }
        return block
    }

    // MARK: scalars

    /// A mapping whose keys are all in `keys` (nil = any keys).
    private func mapping(_ node: Node, _ path: String, keys: [String]?) throws -> [String: Node] {
        guard case .mapping(let m) = node else {
            throw error(node, path.isEmpty ? "(top)" : path, "a mapping", found: describe(node))
        }
        var result: [String: Node] = [:]
        for (k, v) in m {
            guard let key = k.string else { throw error(k, path, "text keys", found: describe(k)) }
            if let keys, !keys.contains(key) {
                throw error(
                    k,
                    path.isEmpty ? key : path + "." + key,
                    "one of " + keys.joined(separator: ", "),
                    found: "unknown key \"\(key)\""
                )
            }
            result[key] = v
        }
        return result
    }

    /// A YAML 1.1 boolean as a plain scalar (`true`, `No`, `ON`…); quoted, it is text.
    private func flag(_ node: Node) -> Bool? {
        guard case .scalar(let s) = node, s.style == .plain else { return nil }
        switch s.string {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// A `kpis` block's items: tiles, or a sum written out with "+", "−" and one "=" between tiles, the
    /// total alone on one side ("value = net-deposits + gain", "realised + unrealised = gain").
    private func kpiItems(_ items: [Node], _ path: String) throws -> [String] {
        let texts = try items.enumerated().map { try string($1, path + "[\($0)]") }
        guard texts.contains(where: { KPIOperator(rawValue: $0) != nil }) else {
            return try items.enumerated().map { try choice($1, path + "[\($0)]", KPIKind.self).rawValue }
        }
        let sum = "tiles and operators (+, −, =) in turn, with one = and one tile on a side of it"
        var out: [String] = []
        for (i, (node, text)) in zip(items, texts).enumerated() {
            if i % 2 == 0 {
                out.append(try choice(node, path + "[\(i)]", KPIKind.self).rawValue)
            } else {
                guard let op = KPIOperator(rawValue: text == "-" ? "−" : text) else {
                    throw error(node, path + "[\(i)]", "+, − or =", found: "\"\(text)\"")
                }
                out.append(op.rawValue)
            }
        }
        let equals = out.indices.filter { out[$0] == KPIOperator.equals.rawValue }
        guard out.count % 2 == 1, equals.count == 1, equals[0] == 1 || equals[0] == out.count - 2 else {
            throw error(
                items[equals.count == 1 ? equals[0] : items.count - 1],
                path,
                sum,
                found: texts.joined(separator: " ")
            )
        }
        return out
    }

    private func string(_ node: Node, _ path: String) throws -> String {
        guard case .scalar(let s) = node else { throw error(node, path, "text", found: describe(node)) }
        return s.string
    }

    private func requiredString(
        _ m: [String: Node],
        _ node: Node,
        _ path: String,
        _ key: String,
        _ expected: String
    ) throws -> String {
        guard let n = m[key] else { throw error(node, path + "." + key, expected) }
        let s = try string(n, path + "." + key)
        guard !s.isEmpty else { throw error(n, path + "." + key, expected, found: "empty text") }
        return s
    }

    /// A template whose placeholders and catalogue keys all exist; `pointers`: it may name a table's page.
    private func template(_ node: Node, _ path: String, pointers: Bool = false) throws -> String {
        let s = try string(node, path)
        if let problem = Template.problem(in: s, pointers: pointers) {
            throw error(node, path, problem.expected, found: problem.found)
        }
        return s
    }

    /// A text that names a table's page (`{pageOf.diagnostics}`) promises the table: one of that data is
    /// drawn whenever the text is (its conditions are among the text's), so that a reader is never sent to
    /// a page that does not hold it.
    private func checkPagePointers(_ sections: [ReportDefinition.Section], _ nodes: [Node]) throws {
        let tables = sections.flatMap { section in
            section.blocks.filter { $0.kind == .table }.map {
                ($0.data, Set([section.when, $0.when].compactMap { $0 }))
            }
        }
        for (i, section) in sections.enumerated() {
            for (j, block) in section.blocks.enumerated() where block.kind == .text {
                let conditions = Set([section.when, block.when].compactMap { $0 })
                for data in Template.pagePointers(in: block.text)
                where !tables.contains(where: { $0.0 == data && $0.1.isSubset(of: conditions) }) {
                    throw DefinitionError(
                        file: file,
                        path: block.path + ".text",
                        line: textLine(nodes[i], j),
                        expected: "a table of \(data) drawn whenever this text is (no `when` the text lacks; tables: "
                            + Set(tables.map(\.0)).sorted().joined(separator: ", ") + ")",
                        found: "\"{\(Template.pageOf + data)}\""
                    )
                }
            }
        }
    }

    /// The line of a section's block's text, for an error found once every page has been read.
    private func textLine(_ section: Node, _ index: Int) -> Int? {
        guard case .mapping(let page) = section,
            case .sequence(let blocks) = page.first(where: { $0.key.string == "blocks" })?.value,
            index < blocks.count, case .mapping(let block) = blocks[index]
        else { return nil }
        return block.first { $0.key.string == "text" }?.value.mark?.line
    }

    private func number(
        _ node: Node,
        _ path: String,
        range: ClosedRange<Double>,
        unit: String = " points"
    ) throws -> Double {
        guard case .scalar = node, let v = node.float, range.contains(v) else {
            throw error(
                node,
                path,
                "a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))\(unit)",
                found: describe(node)
            )
        }
        return v
    }

    private func choice<C: RawRepresentable & CaseIterable>(_ node: Node, _ path: String, _: C.Type) throws -> C
    where C.RawValue == String {
        let s = try string(node, path)
        guard let value = C.allCases.first(where: { $0.rawValue.lowercased() == s.lowercased() }) else {
            throw error(node, path, "one of " + names(C.self), found: "\"\(s)\"")
        }
        return value
    }

    private func names<C: RawRepresentable & CaseIterable>(_: C.Type) -> String where C.RawValue == String {
        C.allCases.map(\.rawValue).joined(separator: ", ")
    }

    private func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s): "\"\(s.string)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private func error(_ node: Node, _ path: String, _ expected: String, found: String? = nil) -> DefinitionError {
        DefinitionError(file: file, path: path, line: node.mark?.line, expected: expected, found: found)
    }
}
