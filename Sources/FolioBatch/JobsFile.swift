import FolioCharts
import FolioCore
import FolioDatasets
import FolioReports
import FolioYAML
import Foundation
internal import Yams

/// A bad jobs file: one line with the file, the path inside it (`render[2].locale`) and what was expected.
struct JobsFileError: Error, CustomStringConvertible {
    let description: String

    init(_ file: String, _ path: String, _ message: String, line: Int? = nil) {
        description = Redaction.escapingControlCharacters(
            file + (line.map { ":\($0)" } ?? "") + ": " + (path.isEmpty ? "" : path + ": ") + message
        )
    }
}

/// What `folio batch` renders for each portfolio, read from a YAML jobs file:
///
/// ```yaml
/// portfolios: all                # or a list of names; an item may be {name: NAME, benchmark: CODE}
/// output: "out/{portfolio}/{date}/{report}.{ext}"
/// render:
///   - report: portfolio          # the multi-page PDF
///     locale: uk                 # en (default) or uk
///     theme: light               # light (default) or dark
///     name: portfolio-uk         # {report} in the path; default: the report's name
///   - daily: true                # allocation, value-30d, holding-N-CODE-7d PNGs; {report} = each image's name
///   - chart: donut               # any `folio chart` kind, with its options as keys
///     by: kind                   # (or, as before, args: ["--by", "kind"])
///     format: png                # png (default), pdf or svg
///     name: allocation-kind
/// mail:                          # optional, see BatchMail
///   to: [ops@example.com]
/// ```
struct JobsFile: Sendable {
    enum Selection: Sendable, Equatable {
        case all
        case named([String])
    }

    enum Item: Sendable, Equatable {
        case portfolioReport(name: String)
        case daily(prefix: String)
        /// A chart as `folio chart` draws it, its request typed (the portfolio and as-of day are the run's).
        case chart(ChartRequest, format: String, name: String)
    }

    struct Job: Sendable, Equatable {
        var item: Item

        /// Charts that read quotes of assets the portfolio need not hold, or the budget: their
        /// fingerprint covers the whole database's quote series and budget, not only the portfolio's.
        /// Decided on the typed request, so however the job spelt its options (`--asset=BTC`,
        /// `asset: [BTC]`), new quotes make its output stale.
        var readsBeyondPortfolio: Bool {
            guard case .chart(let request, _, _) = item else { return false }
            // Another currency's quotes (`currency: EUR`) lie on routes the portfolio's own series do not cover.
            return !request.assets.isEmpty || request.currency != nil || request.datasetType.subject == .budget
        }
        var locale: ChartLocale
        var theme: Theme
        /// The output template of this job (the file's `output` unless the job has its own).
        var output: String
    }

    var portfolios: Selection
    /// Output templates are taken relative to the working directory, not to the jobs file, so that
    /// `samples/jobs.yaml` renders into `out/` wherever it is run from.
    var jobs: [Job]

    /// Sent after rendering (see `BatchMail`); nil: no mail.
    var mail: BatchMail?
    /// Portfolios whose report compares them with another asset than the definition's `benchmark`.
    var benchmarks: [String: AssetCode] = [:]

    var readsBeyondPortfolios: Bool { jobs.contains(where: \.readsBeyondPortfolio) }

    static let defaultOutput = "out/{portfolio}/{date}/{report}.{ext}"
    static let placeholders: Set<String> = ["portfolio", "date", "report", "ext", "locale", "theme"]

    static func load(_ url: URL) throws -> JobsFile {
        let file = url.path
        // Unreadable, not YAML, over a size or alias limit: one line naming the file (BoundedYAML).
        let root = try BoundedYAML.compose(contentsOf: url)
        guard let root, let mapping = root.mapping else {
            throw JobsFileError(file, "", "expected a mapping with portfolios, output and render")
        }
        let reader = NodeReader(file: file)
        for key in mapping.keys.compactMap(\.string) where !["portfolios", "output", "render", "mail"].contains(key) {
            throw reader.error(
                mapping.keys.first { $0.string == key },
                key,
                "unknown key, expected portfolios, output, render or mail"
            )
        }
        let portfolios: Selection
        var benchmarks: [String: AssetCode] = [:]
        switch mapping["portfolios"] {
        case nil: throw reader.error(root, "portfolios", "missing, expected all or a list of portfolio names")
        case let node? where node.scalar != nil:
            guard node.string == "all" else {
                throw reader.error(node, "portfolios", "expected all or a list of portfolio names")
            }
            portfolios = .all
        case let node?:
            guard let list = node.sequence, !list.isEmpty else {
                throw reader.error(node, "portfolios", "expected all or a non-empty list of portfolio names")
            }
            portfolios = .named(
                try list.enumerated().map { i, item in
                    if let entry = item.mapping {
                        // {name: "Demo UAH", benchmark: SPY}: this portfolio's report compares it with SPY.
                        let path = "portfolios[\(i)]"
                        for key in entry.keys.compactMap(\.string) where !["name", "benchmark"].contains(key) {
                            throw reader.error(
                                entry.keys.first { $0.string == key },
                                path + "." + key,
                                "unknown key, expected name or benchmark"
                            )
                        }
                        guard let name = entry["name"]?.string, !name.isEmpty else {
                            throw reader.error(item, path + ".name", "expected a portfolio name")
                        }
                        if let node = entry["benchmark"] {
                            let text = try reader.string(node, path + ".benchmark")
                            do { benchmarks[name] = try ArgumentValue.asset(text.uppercased(), "benchmark") } catch {
                                throw reader.error(
                                    node,
                                    path + ".benchmark",
                                    "expected an asset code such as USD, BTC or SPY, got \"\(text)\""
                                )
                            }
                        }
                        return name
                    }
                    guard let name = item.string, !name.isEmpty else {
                        throw reader.error(item, "portfolios[\(i)]", "expected a portfolio name")
                    }
                    return name
                }
            )
        }
        let output = try mapping["output"].map { try reader.template($0, "output") } ?? defaultOutput
        guard let render = mapping["render"] else {
            throw reader.error(root, "render", "missing, expected a list of reports and charts")
        }
        guard let list = render.sequence, !list.isEmpty else {
            throw reader.error(render, "render", "expected a non-empty list of reports and charts")
        }
        let jobs = try list.enumerated().map { i, node in try reader.job(node, "render[\(i)]", output: output) }
        // Two jobs writing the same file would overwrite each other and re-render every night.
        var seen: [String: Int] = [:]
        for (i, job) in jobs.enumerated() {
            for name in job.outputNames {
                if let first = seen[name] {
                    throw reader.error(
                        list[i],
                        "render[\(i)]",
                        "writes \(name), as render[\(first)] does; give it another name"
                    )
                }
                seen[name] = i
            }
        }
        // One job's portfolio folders inside another's: a portfolio named like the folder between would
        // hold (and sweep) every other portfolio's files.
        for (i, inner) in jobs.enumerated() {
            guard let outer = jobs.firstIndex(where: { OutputPath.nests(inner.output, inside: $0.output) }) else {
                continue
            }
            let node = list[i].mapping?["output"] ?? mapping["output"] ?? list[i]
            throw reader.error(
                node,
                "render[\(i)].output",
                "\"\(inner.output)\" puts portfolio folders inside those of \"\(jobs[outer].output)\" "
                    + "(render[\(outer)]), where one portfolio would hold another's files; expected {portfolio} at one depth"
            )
        }
        let mail = try mapping["mail"].map(reader.mail)
        return JobsFile(portfolios: portfolios, jobs: jobs, mail: mail, benchmarks: benchmarks)
    }
}

/// Reads one jobs-file node at a time, so every error carries the node's line and path.
extension JobsFile.Job {
    /// The job's outputs with the portfolio and date left as placeholders (the daily set's holding images
    /// as their common `holding-` prefix), to find two jobs that would write the same file.
    var outputNames: [String] {
        func name(_ report: String, _ ext: String) -> String {
            OutputPath.expand(
                output,
                values: ["report": report, "ext": ext, "locale": locale.rawValue, "theme": theme.name]
            )
        }
        switch item {
        case .portfolioReport(let report): return [name(report, "pdf")]
        case .daily(let prefix):
            return ["allocation", "value-30d", "holding-*", "drawdown", "cumulative"].map { name(prefix + $0, "png") }
        case .chart(_, let format, let report):
            return [name(report, format)] + (report.hasPrefix("holding-") ? [name("holding-*", format)] : [])
        }
    }
}

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
                throw error(
                    n,
                    path + ".chart",
                    "expected one of " + ChartKind.allCases.map(\.rawValue).joined(separator: ", ")
                )
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
