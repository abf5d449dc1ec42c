import FolioCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Progress on stderr: a bar redrawn in place with count, rate and time left when stderr is a terminal;
/// one plain line per portfolio otherwise (cron mails or journald keeps those).
final class BatchProgress: Sendable {
    private struct State {
        var done = 0
        var lastDraw = 0.0
    }
    private let state = Mutex(State())
    private let total: Int
    private let started = Date()
    let isTerminal: Bool

    init(total: Int) {
        self.total = total
        isTerminal = isatty(STDERR_FILENO) == 1
    }

    func finished(_ outcome: PortfolioOutcome) {
        state.withLock { state in
            state.done += 1
            let elapsed = Date().timeIntervalSince(started)
            if isTerminal {
                // Redrawing more than ten times a second only costs time.
                guard elapsed - state.lastDraw >= 0.1 || state.done == total else { return }
                state.lastDraw = elapsed
                Self.write("\r" + bar(done: state.done, elapsed: elapsed) + "\u{1B}[K")
            } else {
                let status =
                    !outcome.failures.isEmpty
                    ? "failed"
                    : outcome.interrupted
                        ? "interrupted"
                        : outcome.rendered.isEmpty ? "up to date" : "rendered"
                var line = "[\(state.done)/\(total)] \(outcome.portfolio): \(status)"
                line += " (\(outcome.rendered.count) rendered, \(outcome.skipped.count) up to date) "
                line += String(format: "%.2f s", outcome.seconds)
                if let reason = outcome.failures.first { line += " — " + reason }
                Self.line(line)
            }
        }
    }

    func end() { if isTerminal { Self.write("\n") } }

    private func bar(done: Int, elapsed: Double) -> String {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(done)/\(total)  " + String(format: "%.1f/s", rate) + "  left " + Self.clock(left)
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// One line of the log. Portfolio names and failure reasons come from the database: a control
    /// character in them (`\u{1B}]0;owned\u{7}` retitles a terminal) is shown escaped, as `\x1B`.
    static func line(_ text: String) { write(Redaction.escapingControlCharacters(text) + "\n") }
}
