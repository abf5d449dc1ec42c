import ArgumentParser
import FolioAnalytics
import FolioBatch
import FolioCore
import Foundation

/// `folio batch JOBS.yaml`: every portfolio of the jobs file rendered in parallel, each output atomic and
/// skipped when its fingerprint is current; one run per jobs file at a time; shardable across machines.
///
/// The pipeline is FolioBatch's (`BatchRequest.run`); this command parses, runs and prints.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render reports and charts for many portfolios from a jobs file (for cron).",
        // ArgumentParser wraps help text at 80 columns, so these lines are kept shorter than that.
        discussion: """
            The jobs file (YAML) names the portfolios (all, or a list), the output
            path template and what to render for each; see samples/jobs.yaml.
            Placeholders: {portfolio} (the name made safe for a path: / \\ spaces
            and control characters become _, a leading dot gets a _, Cyrillic is
            kept, names over 80 bytes are cut and end in a hash, as do two names
            that would share a folder), {date} (the as-of day), {report},
            {ext}, {locale}, {theme}.

            Each output is written under a temporary name and renamed; a hidden
            .NAME.fingerprint beside it records its data, job, Folio version and
            size, and an output whose fingerprint is current is skipped (--force
            renders it anyway); a .folio-batch memo in the portfolio's folder
            skips an unchanged portfolio without loading it. A lock refuses a
            second run of the same jobs file: .folio-batch-HASH.lock, HASH a
            digest of the jobs file's absolute path, in the output root (out/ of
            out/{portfolio}/..., made if missing), else in $XDG_RUNTIME_DIR, else
            in /tmp; or --lock-file PATH. A killed run's lock is free again at
            once; the temporary files it left are removed from each portfolio's
            folder by the next run, before it renders that portfolio.
            SIGINT/SIGTERM: no new output is started, running ones finish.
            An optional mail: step sends each portfolio whose outputs are new
            to the recipients it names (folio mail's SMTP settings), after all
            portfolios have rendered; a send that fails fails that portfolio
            and leaves a .folio-mail record: the next run sends the mail it
            owes, without rendering again, even when nothing changed. With
            when: out-of-band, only portfolios with a line of their targets
            outside its band are mailed, the message naming those lines.

            Portfolios render in --jobs worker processes, one portfolio at a
            time each: a portfolio whose rendering crashes its worker (SIGSEGV,
            a trap, the OOM killer) fails alone, named with the signal, and a
            new worker renders the rest.

            Sharding: --shard K/N renders part K (0-based, 0 ≤ K < N) of N,
            split by a stable hash of the portfolio name; or set
            JOB_COMPLETION_INDEX (Kubernetes Indexed Job, 0-based) with
            --shards N or FOLIO_SHARDS=N.

            Exit codes (a portfolio whose mail was not delivered counts as
            failed, though its files were rendered):
              0  every portfolio rendered or up to date (and mailed)
              1  fatal: bad jobs file, database or arguments, every
                 portfolio failed, or interrupted
              2  partial failure: some portfolios failed (see the summary)
              3  another run holds the lock of this jobs file

            Examples:
              folio batch samples/jobs.yaml --db samples/demo.sqlite
              folio batch jobs.yaml --jobs 4 --json > summary.json
              folio batch jobs.yaml --shard 0/4
              JOB_COMPLETION_INDEX=2 folio batch jobs.yaml --shards 8
            """
    )

    @Argument(help: "The jobs file (YAML).") var jobsFile: String
    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("jobs"), help: "Worker processes (default: the number of cores).") var workers: Int?
    @Flag(help: "Render every output even when its fingerprint is current.") var force = false
    @Flag(help: "Print a JSON summary on stdout.") var json = false
    @Option(help: ArgumentHelp("Render only part K of N (K is 0-based).", valueName: "K/N")) var shard: String?
    @Option(
        name: .customLong("lock-file"),
        help: ArgumentHelp("The lock file (default: named after the jobs file, see above).", valueName: "path")
    )
    var lockFile: String?
    @Option(help: ArgumentHelp("The shard count when JOB_COMPLETION_INDEX selects the part.", valueName: "N"))
    var shards: Int?
    /// Set on the processes `folio batch` starts to render its portfolios (`BatchWorker`).
    @Flag(help: .private) var worker = false

    func validate() throws {
        if let workers, !(1...256).contains(workers) {
            throw ArgumentError("--jobs", "expected 1 to 256, got \(workers)")
        }
    }

    func run() throws {
        if worker {
            let status = BatchWorker.serve(jobsFile: URL(fileURLWithPath: jobsFile), openStore: database.openForReading)
            // A batch's log names failures; which crosses priced its portfolios is for `folio table`.
            _ = CrossRates.takeFallbacks()
            if status != 0 { throw ExitCode(status) }
            return
        }
        var request = BatchRequest(jobsFile: URL(fileURLWithPath: jobsFile))
        (request.workers, request.force, request.shard, request.shards, request.lockFile) = (
            workers, force, shard, shards, lockFile
        )
        // The workers are this very executable: /proc/self/exe opens the one running even when the file
        // was replaced by an upgrade since; without /proc, the path it was started by. The jobs file comes
        // after `--`, so that a name starting with a dash is no option.
        let executable =
            FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
            ? "/proc/self/exe" : (ResourceDirectory.executableURL()?.path ?? CommandLine.arguments[0])
        let worker = WorkerCommand(
            executable: executable,
            arguments: [
                CommandLine.arguments.first ?? "folio", "batch", "--worker", "--db", database.path, "--", jobsFile,
            ]
        )
        let result = request.run(worker: worker, openStore: database.openForReading)
        Output.warn(result.text.split(separator: "\n").map(String.init))
        if json, let summary = result.json { print(summary) }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
