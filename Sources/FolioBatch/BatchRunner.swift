import FolioCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set by SIGINT/SIGTERM. A lock-free atomic store is async-signal-safe; workers read it between outputs.
let batchStopRequested = Atomic<Bool>(false)

/// How to start a worker: `folio batch JOBS.yaml --worker` with the run's database.
public struct WorkerCommand: Sendable {
    public var executable: String
    public var arguments: [String]

    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// Runs the portfolios in `workers` worker processes (`BatchWorker`), each fed one portfolio at a time by
/// a thread of this process. A worker that dies — a trap, a segfault, an abort, the OOM killer — fails
/// the one portfolio it was rendering, named with its signal, and a new worker takes the next one: one
/// client's data can stop only its own report. A worker renders the next portfolio only when it has
/// finished the last, so each holds one portfolio's data, whatever the number of portfolios.
struct BatchRunner {
    let names: [String]
    let workers: Int
    let command: WorkerCommand
    let context: WorkerContext
    let progress: BatchProgress

    struct Summary: Sendable {
        var outcomes: [PortfolioOutcome] = []
        var notStarted: [String] = []
        var fatal: [String] = []
    }

    /// Called before the worker threads start, which inherit this thread's signal mask. A blocked signal
    /// mask survives exec, and some parents (test runners, supervisors) start children with SIGTERM
    /// blocked: a batch told to stop must hear it, so both signals are unblocked as well as handled.
    /// SIGPIPE is ignored: a worker that died closes its pipe, and writing to it must be an error to
    /// handle, not the end of the supervisor.
    /// SIGCHLD is set to its default: a parent that started folio with it ignored would have the kernel
    /// reap the workers itself, and how one ended could not be known.
    static func installSignalHandlers() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { _ in batchStopRequested.store(true, ordering: .relaxed) }
            sigaddset(&set, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGCHLD, SIG_DFL)
    }

    func run() -> Summary {
        let next = Mutex(0)
        let summary = Mutex(Summary())
        let running = LiveWorkers()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, names.count)) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                var slot = WorkerSlot(command: command, context: context, running: running)
                defer { slot.stop() }
                while !batchStopRequested.load(ordering: .relaxed) {
                    let index: Int? = next.withLock { i in
                        guard i < names.count else { return nil }
                        defer { i += 1 }
                        return i
                    }
                    guard let index else { return }
                    let outcome: PortfolioOutcome
                    switch slot.render(names[index]) {
                    case .outcome(let rendered): outcome = rendered
                    case .fatal(let reason):
                        // The portfolio was not started: the summary lists it with the fatal reason.
                        summary.withLock { if !$0.fatal.contains(reason) { $0.fatal.append(reason) } }
                        return
                    }
                    progress.finished(outcome)
                    summary.withLock { $0.outcomes.append(outcome) }
                }
            }
            thread.start()
        }
        // SIGINT from a terminal reaches the workers too (one process group); a SIGTERM sent to this
        // process alone (`kill`, a supervisor) is passed on, so that each finishes the file it is writing
        // and starts no other.
        var forwarded = false
        while group.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            guard !forwarded, batchStopRequested.load(ordering: .relaxed) else { continue }
            forwarded = true
            running.signal(SIGTERM)
        }
        progress.end()
        return summary.withLock { summary in
            let done = Set(summary.outcomes.map(\.portfolio))
            summary.notStarted = names.filter { !done.contains($0) }
            return summary
        }
    }
}

/// One worker thread's process: started when the thread first needs it and again after a crash.
private struct WorkerSlot {
    let command: WorkerCommand
    let context: WorkerContext
    let running: LiveWorkers
    private var worker: WorkerProcess?

    init(command: WorkerCommand, context: WorkerContext, running: LiveWorkers) {
        self.command = command
        self.context = context
        self.running = running
    }

    enum Result {
        case outcome(PortfolioOutcome)
        case fatal(String)
    }

    /// The portfolio rendered by the live worker. A worker that dies on it is replaced and the portfolio
    /// given once more to a new one: heap corruption is often reported (glibc aborts) at a later
    /// allocation, in the next portfolio, and a portfolio must not fail for its predecessor's data.
    /// Only when it kills a fresh worker too is it failed, named with the signal.
    mutating func render(_ name: String) -> Result {
        let started = Date()
        var ended = WorkerProcess.Termination.unknown
        for _ in 0..<2 {
            let worker: WorkerProcess
            switch start() {
            case .success(let live): worker = live
            case .failure(let error): return .fatal(error.description)
            }
            if worker.send(WorkerLine.encode(name)), let line = worker.receive(),
                case .outcome(let outcome)? = WorkerLine.decode(WorkerAnswer.self, line), outcome.portfolio == name
            {
                return .outcome(outcome)
            }
            ended = reap()
            if batchStopRequested.load(ordering: .relaxed) { break }
        }
        var outcome = PortfolioOutcome(portfolio: name)
        outcome.seconds = Date().timeIntervalSince(started)
        if batchStopRequested.load(ordering: .relaxed), ended == .signalled(SIGTERM) || ended == .signalled(SIGINT) {
            outcome.interrupted = true
        } else {
            outcome.failures.append(ended.whileRendering)
        }
        return .outcome(outcome)
    }

    /// The live worker, or a new one that has read the context and loaded what it needs.
    private mutating func start() -> Swift.Result<WorkerProcess, BatchFileError> {
        if let worker { return .success(worker) }
        let started: WorkerProcess
        do {
            started = try WorkerProcess(executable: command.executable, arguments: command.arguments)
        } catch let error as BatchFileError {
            return .failure(error)
        } catch {
            return .failure(BatchFileError(description: PortfolioBatch.reason(error)))
        }
        running.add(started.pid)
        worker = started
        guard started.send(WorkerLine.encode(context)), let line = started.receive() else {
            return .failure(BatchFileError(description: "a worker ended as it started (\(reap()))"))
        }
        switch WorkerLine.decode(WorkerAnswer.self, line) {
        case .ready?: return .success(started)
        case .fatal(let reason)?:
            _ = reap()
            return .failure(BatchFileError(description: reason))
        default:
            _ = reap()
            return .failure(BatchFileError(description: "a worker answered what no worker says"))
        }
    }

    @discardableResult
    private mutating func reap() -> WorkerProcess.Termination {
        guard let worker else { return .exited(0) }
        running.remove(worker.pid)
        self.worker = nil
        return worker.finish()
    }

    mutating func stop() { reap() }
}

/// The pids of live workers, for passing on SIGTERM. A pid leaves the set before its process is reaped,
/// so that a signal never reaches a process that took a reaped worker's pid.
private final class LiveWorkers: Sendable {
    private let pids = Mutex(Set<pid_t>())

    /// A worker started after the stop was passed on is told at once.
    func add(_ pid: pid_t) {
        pids.withLock { _ = $0.insert(pid) }
        if batchStopRequested.load(ordering: .relaxed) { kill(pid, SIGTERM) }
    }
    func remove(_ pid: pid_t) { pids.withLock { _ = $0.remove(pid) } }
    func signal(_ signal: Int32) { pids.withLock { for pid in $0 { kill(pid, signal) } } }
}
