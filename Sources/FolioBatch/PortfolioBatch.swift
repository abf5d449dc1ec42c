import FolioCharts
import FolioCore
import FolioDatasets
import FolioDeliver
import FolioInputs
import FolioRender
import FolioReports
import FolioStore
import Foundation

/// What happened to one portfolio: which files were rendered or skipped, and why it failed if it did.
struct PortfolioOutcome: Sendable, Codable {
    var portfolio: String
    var rendered: [String] = []
    var skipped: [String] = []
    var failures: [String] = []
    /// SIGINT/SIGTERM came before every output of the portfolio was done: neither rendered nor up to date.
    var interrupted = false
    var seconds = 0.0
    /// With a mail step: where the portfolio's pending-mail record lives, and the record when mail is owed.
    var mailRecord: URL?
    var pendingMail: PendingMail?
    /// The mail step tried and failed: the portfolio failed, whatever it rendered.
    var mailNotDelivered = false
    /// With `mail: when: out-of-band`, the lines outside their bands of a portfolio owed mail; nil when
    /// it is in band, has no targets or is owed nothing.
    var outOfBand: DriftAlert?
}

/// Everything one portfolio needs rendered by one worker: its data is loaded once, then every job of the
/// jobs file is checked against its fingerprint and rendered when stale. Nothing of it outlives the call,
/// so a worker's memory is one portfolio's, however many portfolios the run has.
struct PortfolioBatch {
    let jobs: JobsFile
    let store: Store
    /// Every quote, read once by this worker when its first portfolio renders (see `SharedPriceCache`).
    let prices: SharedPriceCache?
    let renderer: Renderer
    /// The built-in portfolio report definition, parsed once for the run, and a digest of its bytes (a
    /// changed definition re-renders).
    let definition: ReportDefinition
    let definitionDigest: String
    /// Every job, the definition digest, the shared digest and the Folio version hashed: the memo's key.
    var jobsDigest: String { Self.jobsDigest(jobs, definitionDigest: definitionDigest, sharedDigest: sharedDigest) }

    static func jobsDigest(_ jobs: JobsFile, definitionDigest: String, sharedDigest: String?) -> String {
        var h = StableHash()
        for job in jobs.jobs { h.add(String(describing: job)) }
        h.add(definitionDigest)
        h.add(sharedDigest ?? "")
        h.add(FolioVersion.current)
        return h.hex
    }
    /// `Store.sharedDigestLines` hashed, for jobs that read beyond the portfolio (nil when none does).
    let sharedDigest: String?
    let force: Bool
    /// Folder names of portfolios whose sanitised names collide (`OutputPath.collisionComponents`).
    let componentOverrides: [String: String]
    /// Checked before each output: after SIGINT/SIGTERM the file being written is finished, no new one starts.
    let stopRequested: @Sendable () -> Bool

    func run(_ name: String) -> PortfolioOutcome {
        let started = Date()
        var outcome = PortfolioOutcome(portfolio: name)
        do {
            try render(name, into: &outcome)
        } catch {
            outcome.failures.append(Self.reason(error))
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    static func logRemoved(_ paths: [String]) {
        for path in paths { BatchProgress.line("folio batch: removed \(path), left by an interrupted run") }
    }

    /// An error as one line of the summary.
    static func reason(_ error: any Error) -> String {
        "\(error)".split(separator: "\n").joined(separator: " ")
    }

    /// Renders the portfolio's stale outputs, or nothing when its memo says every output is current.
    private func render(_ name: String, into outcome: inout PortfolioOutcome) throws {
        var plan = try plan(name)
        outcome.mailRecord = plan.mailRecord
        let memoKey = plan.memoKey
        if !force, let memoFolder = plan.memoFolder, let memo = PortfolioMemo.read(in: memoFolder),
            memo.data == memoKey.data, memo.jobs == memoKey.jobs, memo.outputsPresent
        {
            outcome.skipped = memo.outputs
            outcome.pendingMail = try plan.mailRecord.flatMap(PendingMail.read)
            // Mail owed with nothing new to draw: the ledger is loaded only to see whether it is still owed.
            checkDrift(&outcome) { try loadInput(name).input }
            return
        }
        let (input, prices) = try loadInput(name)
        plan.digest.add(input.asOf.iso)
        let outputs = PortfolioOutputs(
            batch: self,
            plan: plan,
            input: input,
            prices: prices,
            outcome: outcome
        )
        for job in jobs.jobs { outputs.render(job) }
        outcome = outputs.outcome
        outcome.pendingMail = try plan.mailRecord.flatMap(PendingMail.read)
        // An as-of day of today may be the fallback for a portfolio without prices, which moves every day
        // while its data does not: such a portfolio gets no memo and is checked output by output.
        if let memoFolder = plan.memoFolder, outcome.failures.isEmpty, !outcome.interrupted, input.asOf != Day(Date()) {
            var memo = memoKey
            memo.outputs = outcome.rendered + outcome.skipped
            do { try memo.write(in: memoFolder) } catch { outcome.failures.append(Self.reason(error)) }
        }
        checkDrift(&outcome) { input }
    }

    /// The portfolio's data as its report reads it, at its own as-of day.
    private func loadInput(_ name: String) throws -> (input: PortfolioReportInput, prices: PriceCache?) {
        let prices = try self.prices?.get()
        let input = try PortfolioReports(
            portfolio: name,
            asOf: nil,
            locale: .en,
            theme: .light,
            benchmark: jobs.benchmarks[name]
        )
        .following(definition)
        .input(store, prices: prices)
        return (input, prices)
    }

    /// With `mail: when: out-of-band`, a portfolio owed mail is checked against its targets at its as-of
    /// day. In band, or without targets, it is owed nothing: its record is removed, so the run neither
    /// sends nor counts it. A drift that cannot be known (a quote missing) fails the portfolio, and the
    /// record stays for the next run to check again.
    private func checkDrift(_ outcome: inout PortfolioOutcome, input: () throws -> PortfolioReportInput) {
        guard jobs.mail?.when == .outOfBand, let record = outcome.pendingMail, outcome.failures.isEmpty,
            !outcome.interrupted
        else { return }
        do {
            let input = try input()
            outcome.outOfBand = try DriftAlert.check(input.inputs, at: input.asOf)
            guard outcome.outOfBand == nil else { return }
            try record.remove()
            outcome.pendingMail = nil
        } catch {
            outcome.failures.append("out-of-band check: " + Self.reason(error))
        }
    }

    /// What is known of a portfolio before its data is loaded: the digest of what its outputs are drawn
    /// from, where they go (the leftovers of an interrupted run there removed), and the memo's key.
    private func plan(_ name: String) throws -> PortfolioPlan {
        let portfolio = try store.portfolio(named: name)
        var digest = StableHash()
        let benchmark = jobs.benchmarks[name] ?? definition.benchmark
        for line in try store.portfolioDigestLines(portfolio, alsoQuotesOf: [benchmark].compactMap { $0 }) {
            digest.add(line)
        }
        digest.add("benchmark \(benchmark?.rawValue ?? "none")")
        let component = componentOverrides[name] ?? OutputPath.component(name)
        let folders = Set(jobs.jobs.compactMap { OutputPath.portfolioFolder($0.output, component: component) })
        for folder in folders { Self.logRemoved(BatchFile.removeLeftovers(under: folder)) }
        // The memo needs one folder that holds every output of the portfolio.
        let memoFolder =
            folders.count == 1
                && jobs.jobs.allSatisfy({ OutputPath.portfolioFolder($0.output, component: component) != nil })
            ? folders.first : nil
        let mailRecord = jobs.mail == nil ? nil : PendingMail.file(for: jobs, component: component)
        if let mailRecord, !folders.contains(where: { mailRecord.path.hasPrefix($0.path + "/") }) {
            Self.logRemoved(BatchFile.removeLeftovers(of: mailRecord))
        }
        return PortfolioPlan(
            digest: digest,
            component: component,
            sweptFolders: !folders.isEmpty,
            memoFolder: memoFolder,
            mailRecord: mailRecord,
            memoKey: PortfolioMemo(data: digest.hex, jobs: jobsDigest, outputs: [])
        )
    }
}

/// A portfolio's outputs before its data is loaded (`PortfolioBatch.plan`).
struct PortfolioPlan {
    /// What the outputs are drawn from; the as-of day is added once the data is loaded.
    var digest: StableHash
    /// The portfolio's folder name in output paths.
    let component: String
    /// Whether the portfolio's folders were swept of leftovers (an output elsewhere is swept alone).
    let sweptFolders: Bool
    /// The one folder that holds every output, where the memo lives; nil when there is none.
    let memoFolder: URL?
    let mailRecord: URL?
    let memoKey: PortfolioMemo
}
