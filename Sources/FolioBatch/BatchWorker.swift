import FolioCore
import FolioInputs
import FolioRender
import FolioReports
import FolioStore
import FolioYAML
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `folio batch JOBS.yaml --worker`: the process that renders portfolios for a supervising `folio batch`,
/// one at a time, over its standard input and output (`WorkerAnswer`). A portfolio whose rendering
/// traps, segfaults or aborts takes only this process with it: the supervisor names that portfolio as
/// failed with the signal and starts another worker for the rest.
///
/// Its fonts, definition, database connection and price book are loaded once and serve every portfolio
/// it is given; its memory holds one portfolio's data at a time.
public enum BatchWorker {
    /// Serves until its input ends; the exit status for the command.
    public static func serve(jobsFile: URL, openStore: () throws -> Store) -> Int32 {
        BatchRunner.installSignalHandlers()
        // A supervisor killed outright (SIGKILL, the OOM killer) cannot pass on a stop, and the next run
        // may start at once in the same folders: a worker whose parent is gone stops as after SIGTERM,
        // once the file it is writing is finished.
        let supervisor = getppid()
        orphaned = { getppid() != supervisor }
        guard let line = readLine(), let context = WorkerLine.decode(WorkerContext.self, line) else {
            answer(.fatal("a worker is started by folio batch, not by hand"))
            return 1
        }
        let batch: PortfolioBatch
        do {
            batch = try portfolioBatch(jobsFile: jobsFile, context: context, openStore: openStore)
        } catch {
            answer(.fatal(PortfolioBatch.reason(error)))
            return 1
        }
        answer(.ready)
        let fault = InjectedFault(ProcessInfo.processInfo.environment)
        while let line = readLine() {
            guard let name = WorkerLine.decode(String.self, line) else { return 1 }
            fault?.raise(rendering: name)
            answer(.outcome(batch.run(name)))
        }
        return 0
    }

    private static func portfolioBatch(
        jobsFile: URL,
        context: WorkerContext,
        openStore: () throws -> Store
    ) throws -> PortfolioBatch {
        guard let fontDirectory = FontLocator.directory() else {
            throw RenderError.fontLoad(path: "fonts/ (set FOLIO_FONTS)", code: 0)
        }
        let renderer: Renderer
        do { renderer = Renderer(fonts: try FontSet(directory: fontDirectory)) } catch {
            throw BatchFileError(description: "fonts: " + PortfolioBatch.reason(error))
        }
        let jobs = try JobsFile.load(jobsFile)
        let definition = try BatchDefinition.load()
        let store = try openStore()
        let batch = PortfolioBatch(
            jobs: jobs,
            store: store,
            prices: context.sharesPrices ? SharedPriceCache(store) : nil,
            renderer: renderer,
            definition: definition.report,
            definitionDigest: definition.digest,
            sharedDigest: context.sharedDigest,
            force: context.force,
            componentOverrides: context.componentOverrides,
            stopRequested: { batchStopRequested.load(ordering: .relaxed) || orphaned() }
        )
        guard batch.jobsDigest == context.jobsDigest else {
            throw BatchFileError(
                description: "\(jobsFile.path) or the report definition changed since the run began; run it again"
            )
        }
        return batch
    }

    nonisolated(unsafe) private static var orphaned: () -> Bool = { false }

    /// Answers go to their own descriptor (`WorkerProcess.answerDescriptor`), never to standard output.
    private static let answers = FileHandle(fileDescriptor: WorkerProcess.answerDescriptor, closeOnDealloc: false)

    private static func answer(_ message: WorkerAnswer) {
        // A supervisor that is gone closed the pipe: the next readLine ends the loop.
        try? answers.write(contentsOf: Data((WorkerLine.encode(message) + "\n").utf8))
    }
}

/// The built-in portfolio report definition a run renders, parsed, and a digest of its bytes (a changed
/// definition renders every report again).
struct BatchDefinition {
    let report: ReportDefinition
    let digest: String

    static func load() throws -> BatchDefinition {
        let file = try DefinitionLocator.builtIn("portfolio")
        // Parsed first: an unreadable or oversized definition is reported by the YAML reader, in one line.
        let report = try DefinitionParser.load(file)
        var hash = StableHash()
        hash.add(try FileError.contents(of: file.path))
        return BatchDefinition(report: report, digest: hash.hex)
    }
}

/// `FOLIO_BATCH_FAULT=NAME:SIGNAL` (SIGSEGV, SIGABRT, SIGILL, SIGKILL): the worker given portfolio NAME
/// sends itself SIGNAL instead of rendering it, as a crash in Cairo, a Swift trap or the OOM killer
/// would end it. It lets the tests, and anyone deploying Folio, see what a run does when a worker dies.
struct InjectedFault {
    let portfolio: String
    let signal: Int32

    init?(_ environment: [String: String]) {
        guard let value = environment["FOLIO_BATCH_FAULT"], let colon = value.lastIndex(of: ":") else { return nil }
        let signals = ["SIGSEGV": SIGSEGV, "SIGABRT": SIGABRT, "SIGILL": SIGILL, "SIGKILL": SIGKILL]
        guard let signal = signals[String(value[value.index(after: colon)...])] else { return nil }
        portfolio = String(value[..<colon])
        self.signal = signal
    }

    func raise(rendering name: String) {
        guard name == portfolio else { return }
        // The default action, whatever a handler or an inherited mask says: the process ends by the
        // signal, as a crash does.
        Glibc.signal(self.signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, self.signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        kill(getpid(), self.signal)
    }
}
