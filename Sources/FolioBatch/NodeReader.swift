import FolioCharts
import FolioCore
import FolioDatasets
import FolioReports
import FolioYAML
import Foundation
internal import Yams

/// Reads the nodes of a jobs file into jobs, each mistake one line naming the file, path and line.
struct NodeReader {
    let file: String

    func error(_ node: Node?, _ path: String, _ message: String) -> JobsFileError {
        JobsFileError(file, path, message, line: node?.mark?.line)
    }

    func string(_ node: Node, _ path: String) throws -> String {
        guard node.scalar != nil, let text = node.string, !text.isEmpty else {
            throw error(node, path, "expected a non-empty string")
        }
        return text
    }

    /// A path template: every `{…}` must be a known placeholder, `{report}` must appear, and
    /// `{portfolio}` must be a folder no path leads out of (`OutputPath.problem`).
    func template(_ node: Node, _ path: String) throws -> String {
        let text = try string(node, path)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw error(node, path, "unclosed { in \"\(text)\"")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard JobsFile.placeholders.contains(name) else {
                throw error(
                    node,
                    path,
                    "unknown placeholder {\(name)}, expected one of "
                        + JobsFile.placeholders.sorted().map { "{\($0)}" }.joined(separator: ", ")
                )
            }
            rest = rest[rest.index(after: close)...]
        }
        guard text.contains("{report}") else {
            throw error(node, path, "expected {report} in \"\(text)\" so that a portfolio's outputs never collide")
        }
        if let problem = OutputPath.problem(in: text) { throw error(node, path, problem) }
        return text
    }

    func job(_ node: Node, _ path: String, output: String) throws -> JobsFile.Job {
        guard let map = node.mapping else { throw error(node, path, "expected a mapping with report, daily or chart") }
        let chartFields = Set(ChartRequest.Field.allCases.map(\.rawValue)).union(ChartRequest.Field.aliases.keys)
            .subtracting(["portfolio"])
        let known: Set<String> = ["report", "daily", "chart", "args", "format", "name", "locale", "theme", "output"]
        for key in map.keys
        where !known.contains(key.string ?? "") && !(map["chart"] != nil && chartFields.contains(key.string ?? "")) {
            throw error(
                key,
                path + "." + (key.string ?? "?"),
                "unknown key, expected one of "
                    + known.union(map["chart"] != nil ? chartFields : []).sorted().joined(separator: ", ")
            )
        }
        let locale: ChartLocale
        if let n = map["locale"] {
            guard let l = ChartLocale(rawValue: try string(n, path + ".locale")) else {
                throw error(n, path + ".locale", "expected en or uk")
            }
            locale = l
        } else {
            locale = .en
        }
        var theme = Theme.light
        if let n = map["theme"] {
            guard let named = Theme.named(try string(n, path + ".theme")) else {
                throw error(n, path + ".theme", "expected light or dark")
            }
            theme = named
        }
        let jobOutput = try map["output"].map { try template($0, path + ".output") } ?? output
        let name = try map["name"].map { try string($0, path + ".name") }
        if let name, !OutputPath.isPlainName(name) {
            throw error(map["name"], path + ".name", "expected letters, digits, - or _, got \"\(name)\"")
        }
        let kinds = ["report", "daily", "chart"].filter { map[$0] != nil }
        guard kinds.count == 1 else { throw error(node, path, "expected exactly one of report, daily or chart") }
        let item: JobsFile.Item
        switch kinds[0] {
        case "report":
            let n = map["report"]!
            guard try string(n, path + ".report") == "portfolio" else {
                throw error(n, path + ".report", "expected portfolio (market and budget reports are not per portfolio)")
            }
            item = .portfolioReport(name: name ?? "portfolio" + (locale == .en ? "" : "-" + locale.rawValue))
        case "daily":
            let n = map["daily"]!
            guard n.bool == true else { throw error(n, path + ".daily", "expected true") }
            item = .daily(prefix: name.map { $0 + "-" } ?? "")
        default:
            let n = map["chart"]!
            let kind = try string(n, path + ".chart")
            guard ChartKind(rawValue: kind) != nil else {
                throw error(n, path + ".chart", "expected one of " + ChartKind.names)
            }
            let format = try map["format"].map { try string($0, path + ".format") } ?? "png"
            guard ["png", "pdf", "svg"].contains(format) else {
                throw error(map["format"], path + ".format", "expected png, pdf or svg")
            }
            let request = try chartRequest(ChartKind(rawValue: kind)!, map, path, locale: locale, theme: theme)
            do { try request.checkCanvas(format: format) } catch let problem as ArgumentError {
                throw error(map["scale"] ?? map["size"] ?? n, path, problem.description)
            }
            item = .chart(request, format: format, name: name ?? kind)
        }
        return JobsFile.Job(item: item, locale: locale, theme: theme, output: jobOutput)
    }

    /// A chart job's request: its keys are `folio chart`'s options without the dashes (`asset: [BTC]`,
    /// `by: kind`); `args:` still reads them as command-line words. Checked now, with a stand-in
    /// portfolio, so that a typo fails before anything renders.
    func chartRequest(
        _ kind: ChartKind,
        _ map: Node.Mapping,
        _ path: String,
        locale: ChartLocale,
        theme: Theme
    ) throws -> ChartRequest {
        var request = ChartRequest(kind: kind)
        request.locale = locale
        request.theme = theme
        for (key, value) in map {
            guard let name = key.string, let field = ChartRequest.Field(name: name),
                !["locale", "theme"].contains(name)
            else { continue }
            let values =
                try value.sequence.map { list in try list.enumerated().map { try string($1, path + ".\(name)[\($0)]") }
                }
                ?? [try string(value, path + "." + name)]
            do { try request.set(field, values) } catch let problem as ArgumentError {
                throw error(value, path + "." + name, problem.problem)
            }
        }
        if let args = map["args"] {
            guard let list = args.sequence else {
                throw error(args, path + ".args", "expected a list of `folio chart` options")
            }
            let words = try list.enumerated().map { i, item in try string(item, path + ".args[\(i)]") }
            do { try request.set(words: words) } catch { throw self.error(args, path + ".args", "\(error)") }
        }
        if request.portfolio != nil {
            throw error(map["portfolio"] ?? map["args"], path, "the portfolio is each of the run's, not the job's")
        }
        var check = request
        check.portfolio = "check"
        do { _ = try check.dataset() } catch { throw self.error(map["chart"], path, "\(error)") }
        return request
    }
}
