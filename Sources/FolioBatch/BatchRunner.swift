import FolioRender
import FolioStore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set by SIGINT/SIGTERM. A lock-free atomic store is async-signal-safe; workers read it between outputs.
let batchStopRequested = Atomic<Bool>(false)

/// Runs the portfolios on `workers` threads of this process. Each thread has its own `FontSet` and so its
/// own FreeType library and faces (FreeType faces must not be used from two threads at once); they share
/// the `Store`, whose GRDB `DatabasePool` gives each concurrent read its own SQLite connection.
/// A worker takes the next portfolio only when it has finished the last, so memory holds at most
/// `workers` portfolios' data, whatever the number of portfolios.
struct BatchRunner {
    let names: [String]
    let workers: Int
    let makeBatch: @Sendable (Renderer) -> PortfolioBatch
    let progress: BatchProgress

    struct Summary: Sendable {
        var outcomes: [PortfolioOutcome] = []
        var notStarted: [String] = []
        var fatal: [String] = []
    }

    /// Called before the worker threads start, which inherit this thread's signal mask. A blocked signal
    /// mask survives exec, and some parents (test runners, supervisors) start children with SIGTERM
    /// blocked: a batch told to stop must hear it, so both signals are unblocked as well as handled.
    static func installSignalHandlers() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { _ in batchStopRequested.store(true, ordering: .relaxed) }
            sigaddset(&set, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    func run() -> Summary {
        let next = Mutex(0)
        let summary = Mutex(Summary())
        let fontDirectory = FontLocator.directory()
        let group = DispatchGroup()
        let names = self.names
        let makeBatch = self.makeBatch
        let progress = self.progress
        for _ in 0..<max(1, min(workers, names.count)) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let renderer: Renderer
                do {
                    guard let fontDirectory else {
                        throw RenderError.fontLoad(path: "fonts/ (set FOLIO_FONTS)", code: 0)
                    }
                    renderer = Renderer(fonts: try FontSet(directory: fontDirectory))
                } catch {
                    summary.withLock { $0.fatal.append("fonts: " + PortfolioBatch.reason(error)) }
                    return
                }
                let batch = makeBatch(renderer)
                while !batchStopRequested.load(ordering: .relaxed) {
                    let index: Int? = next.withLock { i in
                        guard i < names.count else { return nil }
                        defer { i += 1 }
                        return i
                    }
                    guard let index else { return }
                    let outcome = batch.run(names[index])
                    progress.finished(outcome)
                    summary.withLock { $0.outcomes.append(outcome) }
                }
            }
            // Cairo and libpng keep deep stacks when drawing a page full of text; the default 512 KiB of a
            // secondary thread is not the main thread's 8 MiB.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        progress.end()
        return summary.withLock { summary in
            let done = Set(summary.outcomes.map(\.portfolio))
            summary.notStarted = names.filter { !done.contains($0) }
            return summary
        }
    }
}
