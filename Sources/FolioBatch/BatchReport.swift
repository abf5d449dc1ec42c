import FolioCore
import Foundation

/// The end-of-run summary: portfolios rendered (at least one output drawn), up to date (every output
/// skipped), failed (with each reason), not started or unfinished (after SIGINT/SIGTERM), and output
/// file counts.
struct BatchReport {
    let summary: BatchRunner.Summary
    let shard: BatchShard
    let seconds: Double
    let interrupted: Bool

    var ordered: [PortfolioOutcome] { summary.outcomes.sorted { $0.portfolio < $1.portfolio } }
    var failed: Int { summary.outcomes.filter { !$0.failures.isEmpty }.count }
    var rendered: Int {
        summary.outcomes.filter { $0.failures.isEmpty && !$0.interrupted && !$0.rendered.isEmpty }.count
    }
    var skipped: Int { summary.outcomes.filter { $0.failures.isEmpty && !$0.interrupted && $0.rendered.isEmpty }.count }
    /// Portfolios SIGINT/SIGTERM left unfinished: some outputs done, the rest not started.
    var unfinished: [String] {
        summary.outcomes.filter { $0.failures.isEmpty && $0.interrupted }.map(\.portfolio).sorted()
    }
    /// Nothing rendered or up to date: a fatal run, not a partial one.
    var everyPortfolioFailed: Bool { !summary.outcomes.isEmpty && failed == summary.outcomes.count }
    var filesRendered: Int { summary.outcomes.reduce(0) { $0 + $1.rendered.count } }
    /// Portfolios whose mail step failed: their files may all be there, but the run did not deliver them.
    var undelivered: Int { summary.outcomes.filter(\.mailNotDelivered).count }

    /// The run is fatal (exit 1), but what it did is said as it is: files rendered and mail not
    /// delivered, or one failed output among several rendered, are not "nothing rendered".
    var everyPortfolioFailedLine: String {
        guard filesRendered > 0 || undelivered > 0 else { return "fatal: every portfolio failed, nothing was rendered" }
        let files =
            filesRendered == 0
            ? "nothing rendered" : filesRendered == 1 ? "1 file rendered" : "\(filesRendered) files rendered"
        let mail =
            undelivered == 0
            ? "" : undelivered == 1 ? ", 1 message not delivered" : ", \(undelivered) messages not delivered"
        return "fatal: every portfolio failed (\(files)\(mail))"
    }
    var filesSkipped: Int { summary.outcomes.reduce(0) { $0 + $1.skipped.count } }

    var text: String {
        var lines = [
            String(
                format: "%d portfolios: %d rendered, %d up to date, %d failed; %d files rendered, %d skipped; %.1f s",
                summary.outcomes.count,
                rendered,
                skipped,
                failed,
                filesRendered,
                filesSkipped,
                seconds
            )
                + (shard.count > 1 ? " (shard \(shard.index)/\(shard.count))" : "")
        ]
        for outcome in ordered where !outcome.failures.isEmpty {
            lines.append("failed: \(outcome.portfolio): " + outcome.failures.joined(separator: "; "))
        }
        for reason in summary.fatal { lines.append("fatal: " + reason) }
        if everyPortfolioFailed { lines.append(everyPortfolioFailedLine) }
        if interrupted {
            lines.append(
                "interrupted: \(summary.notStarted.count) portfolios not started, \(unfinished.count) left unfinished"
            )
        }
        return lines.map(Redaction.escapingControlCharacters).joined(separator: "\n") + "\n"
    }

    var json: String {
        let object: [String: Any] = [
            "rendered": rendered, "skipped": skipped, "failed": failed,
            "filesRendered": filesRendered, "filesSkipped": filesSkipped,
            "seconds": (seconds * 1000).rounded() / 1000,
            "shard": ["index": shard.index, "count": shard.count],
            "interrupted": interrupted, "notStarted": summary.notStarted, "unfinished": unfinished,
            "fatal": summary.fatal,
            "portfolios": ordered.map { o -> [String: Any] in
                ["name": o.portfolio, "rendered": o.rendered, "skipped": o.skipped, "failures": o.failures]
            },
        ]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object,
                options: [.sortedKeys, .withoutEscapingSlashes]
            )
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
