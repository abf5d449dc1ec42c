import Foundation

/// One timed case of the benchmark executable. `prepare` runs once, untimed (load CSVs, build inputs);
/// the closure it returns is the measured work and returns how many output bytes it produced
/// (0 when it writes nothing). `outputDirectory` receives the outputs of the last run. `prepare` throws
/// `BenchSkippedError` when the case cannot run on this machine (a tool it compares with is missing).
struct BenchCase {
    let name: String
    /// A cap on the timed runs for cases that take tens of seconds each (`--runs` above it is cut).
    var maxRuns: Int? = nil
    let prepare: (_ context: BenchContext) throws -> Runs

    struct Runs {
        let run: () throws -> Int
        /// Another program doing the same work (gnuplot drawing W1), run in turn with the case (A B A B …)
        /// so that the machine's drift falls on both alike; reported beside the case with the ratio.
        var yardstick: (name: String, run: () throws -> Void)? = nil
    }

    init(name: String, maxRuns: Int? = nil, prepare: @escaping (_ context: BenchContext) throws -> (() throws -> Int)) {
        self.name = name
        self.maxRuns = maxRuns
        self.prepare = { context in Runs(run: try prepare(context)) }
    }

    init(name: String, comparedWith prepare: @escaping (_ context: BenchContext) throws -> Runs) {
        self.name = name
        self.prepare = prepare
    }
}

/// A case that cannot run here, with the reason; the other cases run.
struct BenchSkippedError: Error {
    let reason: String
}

struct BenchContext {
    /// `samples/bench` or wherever the standard workload CSVs were given.
    let workloadDirectory: URL
    /// `samples/` or a folder laid out like it: `stocks/*_data.csv`, `nbu/nbu_rates_wide.csv`, `nbu/raw/`.
    let dataDirectory: URL
    /// Where a case writes what it produced, so that it can be looked at.
    let outputDirectory: URL
    /// The `folio` executable the whole-process cases run.
    let folio: URL
    /// Scratch space for temporary databases and files, removed at exit.
    let scratchDirectory: URL
    /// Work to do when the benchmark ends (stopping a server a case started).
    let atExit = ExitActions()
}

final class ExitActions {
    private var actions: [() -> Void] = []
    func add(_ action: @escaping () -> Void) { actions.append(action) }
    func run() {
        for action in actions.reversed() { action() }
        actions = []
    }
}
