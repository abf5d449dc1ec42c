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

    private func render(_ name: String, into outcome: inout PortfolioOutcome) throws {
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
        let sweptFolders = !folders.isEmpty
        // The memo needs one folder that holds every output of the portfolio.
        let memoFolder =
            folders.count == 1
                && jobs.jobs.allSatisfy({ OutputPath.portfolioFolder($0.output, component: component) != nil })
            ? folders.first : nil
        let mailRecord = jobs.mail == nil ? nil : PendingMail.file(for: jobs, component: component)
        if let mailRecord, !folders.contains(where: { mailRecord.path.hasPrefix($0.path + "/") }) {
            Self.logRemoved(BatchFile.removeLeftovers(of: mailRecord))
        }
        outcome.mailRecord = mailRecord
        let memoKey = PortfolioMemo(data: digest.hex, jobs: jobsDigest, outputs: [])
        if !force, let memoFolder, let memo = PortfolioMemo.read(in: memoFolder), memo.data == memoKey.data,
            memo.jobs == memoKey.jobs, memo.outputsPresent
        {
            outcome.skipped = memo.outputs
            outcome.pendingMail = try mailRecord.flatMap(PendingMail.read)
            return
        }
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
        let day = input.asOf.iso
        digest.add(day)
        // Written before the first new output is drawn, so that no crash after it can lose the mail.
        var mailOwed = false
        var dataByLocale: [ChartLocale: PortfolioReportData] = [:]
        func data(_ locale: ChartLocale) -> PortfolioReportData {
            if let cached = dataByLocale[locale] { return cached }
            let made = PortfolioReportData(input, locale: locale)
            dataByLocale[locale] = made
            return made
        }
        for job in jobs.jobs {
            let theme = job.theme
            func path(_ report: String, _ ext: String) -> URL {
                URL(
                    fileURLWithPath: OutputPath.expand(
                        job.output,
                        values: [
                            "portfolio": component, "date": day, "report": report, "ext": ext,
                            "locale": job.locale.rawValue, "theme": job.theme.name,
                        ]
                    )
                )
            }
            func fingerprint(_ extra: String) -> OutputFingerprint {
                var h = StableHash()
                h.add(String(describing: job))
                h.add(extra)
                if job.readsBeyondPortfolio { h.add(sharedDigest ?? "") }
                return OutputFingerprint(data: digest.hex, job: h.hex)
            }
            /// Renders one output unless its fingerprint is current; a failure is recorded and the next output goes on.
            func output(_ url: URL, _ fp: OutputFingerprint, _ draw: () throws -> Void) {
                guard !stopRequested() else {
                    outcome.interrupted = true
                    return
                }
                if !sweptFolders || OutputPath.portfolioFolder(job.output, component: component) == nil {
                    Self.logRemoved(BatchFile.removeLeftovers(of: url))
                }
                if !force, fp.isCurrent(for: url) {
                    outcome.skipped.append(url.path)
                    return
                }
                do {
                    try FileError.createDirectory(url.deletingLastPathComponent())
                    if let mailRecord, !mailOwed {
                        try PendingMail(file: mailRecord).write()
                        mailOwed = true
                    }
                    try draw()
                    try fp.record(for: url)
                    outcome.rendered.append(url.path)
                } catch {
                    outcome.failures.append(url.lastPathComponent + ": " + Self.reason(error))
                }
            }
            switch job.item {
            case .portfolioReport(let report):
                let url = path(report, "pdf")
                let reports = PortfolioReports(portfolio: name, asOf: input.asOf, locale: job.locale, theme: theme)
                output(url, fingerprint(definitionDigest)) {
                    _ = try reports.writePDF(data(job.locale), definition: definition, renderer: renderer, to: url)
                }
            case .daily(let prefix):
                let images: [DailyChartSet.Image]
                let set = DailyChartSet(definition)
                do { images = try set.images(data(job.locale), theme: theme) } catch {
                    outcome.failures.append("daily: " + Self.reason(error))
                    continue
                }
                for image in images {
                    let base = (image.fileName as NSString).deletingPathExtension
                    let url = path(prefix + base, "png")
                    output(url, fingerprint(image.fileName)) {
                        try renderer.writePNG(renderer.scene(image.chart), to: url, scale: set.scale)
                    }
                }
            case .chart(var request, let format, let report):
                let url = path(report, format)
                output(url, fingerprint("")) {
                    // The portfolio's ledger is read once for all its jobs. A chart of the portfolio ends on
                    // its day; one of named assets or of the budget on their own last day, unless the job
                    // names one.
                    request.portfolio = name
                    let subject = request.datasetType.subject
                    if subject == .portfolio || (subject == .assetsOrPortfolio && request.assets.isEmpty) {
                        request.asOf = request.asOf ?? input.asOf
                    }
                    let document = try ChartPipeline.document(
                        request,
                        inputs: StoredInputs(store),
                        prices: prices,
                        ledger: input.inputs.ledger
                    )
                    try ChartOutput(path: url.path, request: request).write(document, renderer: renderer)
                }
            }
        }
        outcome.pendingMail = try mailRecord.flatMap(PendingMail.read)
        // An as-of day of today may be the fallback for a portfolio without prices, which moves every day
        // while its data does not: such a portfolio gets no memo and is checked output by output.
        if let memoFolder, outcome.failures.isEmpty, !outcome.interrupted, input.asOf != Day(Date()) {
            var memo = memoKey
            memo.outputs = outcome.rendered + outcome.skipped
            do { try memo.write(in: memoFolder) } catch { outcome.failures.append(Self.reason(error)) }
        }
    }
}
