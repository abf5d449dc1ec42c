import Synchronization

/// What a report's charts and tables left out or could not draw, for `folio report` to print on stderr
/// (the page names it too): a holding without a rate, a dataset without data. Shared by the copies of
/// one report's data, each line kept once, in the order it first came.
final class ReportWarnings: Sendable {
    private let lines = Mutex<[String]>([])

    init() {}

    func add(_ new: [String]) {
        guard !new.isEmpty else { return }
        lines.withLock { lines in for line in new where !lines.contains(line) { lines.append(line) } }
    }

    var all: [String] { lines.withLock { $0 } }
}
