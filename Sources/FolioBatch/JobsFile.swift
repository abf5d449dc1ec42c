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
package struct JobsFile: Sendable {
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

    package static func load(_ url: URL) throws -> JobsFile {
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
