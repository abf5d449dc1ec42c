import FolioCore
import FolioDeliver
import FolioInputs
import FolioReports
import FolioStore
import Foundation

/// One run of `folio batch`, typed: the jobs file, the shard and how to run.
public struct BatchRequest: Sendable {
    public var jobsFile: URL
    /// Worker processes (nil: the number of cores).
    public var workers: Int?
    /// Render every output even when its fingerprint is current.
    public var force = false
    /// `K/N`: render only part K (0-based) of N.
    public var shard: String?
    /// The shard count when `JOB_COMPLETION_INDEX` selects the part.
    public var shards: Int?
    /// The lock (default: `BatchLock.defaultPath`, where the user can write).
    public var lockFile: String?
    public var environment = ProcessInfo.processInfo.environment

    public init(jobsFile: URL) { self.jobsFile = jobsFile }
}

/// How a run ended, for the command to print and exit with.
public struct BatchResult: Sendable {
    /// 0 everything rendered (and mailed), 1 fatal or interrupted or every portfolio failed, 2 some
    /// portfolios failed, 3 another run holds the lock.
    public var exitCode: Int32
    /// The summary for stderr, or the one line a fatal run ends with.
    public var text: String
    /// The summary as JSON, when the run got as far as running portfolios.
    public var json: String?

    static let partialExitCode: Int32 = 2
    static let lockedExitCode: Int32 = 3
}

extension BatchRequest {
    /// The pipeline of `folio batch`, written down once: jobs file → shard → lock → signals → the
    /// database (`openStore`, read-only) → portfolios (all or named, then the shard) → `BatchRunner`,
    /// which hands them one at a time to worker processes (`BatchWorker`, started by `worker`), each with
    /// its own renderer → `PortfolioBatch` per portfolio (digest, memo, fingerprints, render) → the mail
    /// step, in this process → summary and exit code.
    public func run(worker: WorkerCommand, openStore: () throws -> Store) -> BatchResult {
        do {
            return try runBatch(worker: worker, openStore: openStore)
        } catch BatchLockError.held(let path, let holder) {
            return BatchResult(
                exitCode: BatchResult.lockedExitCode,
                text:
                    "folio batch: \(path) is held by another run\(holder.isEmpty ? "" : " (pid \(holder))"); nothing done\n"
            )
        } catch {
            return BatchResult(exitCode: 1, text: "folio batch: " + PortfolioBatch.reason(error) + "\n")
        }
    }

    private func runBatch(worker: WorkerCommand, openStore: () throws -> Store) throws -> BatchResult {
        let jobs = try JobsFile.load(jobsFile)
        let shard = try BatchShard.select(option: shard, shards: shards, environment: environment)
        let lock = try BatchLock(
            path: lockFile ?? BatchLock.defaultPath(jobsFile: jobsFile, jobs: jobs, environment: environment)
        )
        defer { withExtendedLifetime(lock) {} }
        BatchRunner.installSignalHandlers()
        let store = try openStore()
        let everyName = try store.portfolios().map(\.name)
        let candidates: [String]
        switch jobs.portfolios {
        case .all: candidates = everyName
        case .named(let names): candidates = names
        }
        let names = candidates.filter(shard.contains)
        // Clashes among every portfolio of the database, not only this file's: two jobs files that list
        // `a b` and `a/b` one each, into one output tree, must not give them one folder.
        let overrides = OutputPath.collisionComponents(everyName + candidates)
        let definition = try BatchDefinition.load()
        var shared: String?
        if jobs.readsBeyondPortfolios {
            var h = StableHash()
            for line in try store.sharedDigestLines() { h.add(line) }
            shared = h.hex
        }
        let context = WorkerContext(
            jobsDigest: PortfolioBatch.jobsDigest(jobs, definitionDigest: definition.digest, sharedDigest: shared),
            sharedDigest: shared,
            componentOverrides: overrides,
            force: force,
            // Each worker reads every quote once: worth it when it renders several portfolios.
            sharesPrices: names.count > (workers ?? ProcessInfo.processInfo.activeProcessorCount)
        )
        let started = Date()
        var summary = BatchRunner(
            names: names,
            workers: workers ?? ProcessInfo.processInfo.activeProcessorCount,
            command: worker,
            context: context,
            progress: BatchProgress(total: names.count)
        ).run()
        if let mail = jobs.mail { mail.send(&summary.outcomes, store: store) }
        let report = BatchReport(
            summary: summary,
            shard: shard,
            seconds: Date().timeIntervalSince(started),
            interrupted: batchStopRequested.load(ordering: .relaxed)
        )
        // Every portfolio failing is no partial success: cron and systemd units (SuccessExitStatus=2) must see it.
        let exitCode: Int32 =
            report.interrupted || !summary.fatal.isEmpty || report.everyPortfolioFailed
            ? 1
            : report.failed > 0 ? BatchResult.partialExitCode : 0
        return BatchResult(exitCode: exitCode, text: report.text, json: report.json)
    }
}
