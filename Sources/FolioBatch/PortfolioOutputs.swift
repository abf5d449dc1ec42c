import FolioCharts
import FolioCore
import FolioDatasets
import FolioDeliver
import FolioInputs
import FolioReports
import Foundation

/// One portfolio's jobs rendered by a worker, its data loaded: where each output goes, whether it is
/// current (its fingerprint), and what became of it, gathered in `outcome`. A class, so that an output's
/// drawing can make the report data of its locale (once, when first drawn) while the outcome is written.
final class PortfolioOutputs {
    let batch: PortfolioBatch
    let plan: PortfolioPlan
    let input: PortfolioReportInput
    let prices: PriceCache?
    var outcome: PortfolioOutcome
    /// The pending mail is written before the first new output is drawn, so that no crash after it can
    /// lose the mail.
    private var mailOwed = false
    private var dataByLocale: [ChartLocale: PortfolioReportData] = [:]

    init(
        batch: PortfolioBatch,
        plan: PortfolioPlan,
        input: PortfolioReportInput,
        prices: PriceCache?,
        outcome: PortfolioOutcome
    ) {
        self.batch = batch
        self.plan = plan
        self.input = input
        self.prices = prices
        self.outcome = outcome
    }

    /// The job's outputs, each drawn unless current; a failure is recorded and the next output goes on.
    func render(_ job: JobsFile.Job) {
        switch job.item {
        case .portfolioReport(let report):
            let url = path(job, report, "pdf")
            let reports = PortfolioReports(
                portfolio: outcome.portfolio,
                asOf: input.asOf,
                locale: job.locale,
                theme: job.theme
            )
            output(job, url, fingerprint(job, batch.definitionDigest)) {
                _ = try reports.writePDF(
                    data(job.locale),
                    definition: batch.definition,
                    renderer: batch.renderer,
                    to: url
                )
            }
        case .daily(let prefix):
            let images: [DailyChartSet.Image]
            let set = DailyChartSet(batch.definition)
            do { images = try set.images(data(job.locale), theme: job.theme) } catch {
                outcome.failures.append("daily: " + PortfolioBatch.reason(error))
                return
            }
            for image in images {
                let base = (image.fileName as NSString).deletingPathExtension
                let url = path(job, prefix + base, "png")
                output(job, url, fingerprint(job, image.fileName)) {
                    try batch.renderer.writePNG(batch.renderer.scene(image.chart), to: url, scale: set.scale)
                }
            }
        case .chart(var request, let format, let report):
            let url = path(job, report, format)
            output(job, url, fingerprint(job, "")) {
                // The portfolio's ledger is read once for all its jobs. A chart of the portfolio ends on
                // its day; one of named assets or of the budget on their own last day, unless the job
                // names one.
                request.portfolio = outcome.portfolio
                let subject = request.datasetType.subject
                if subject == .portfolio || (subject == .assetsOrPortfolio && request.assets.isEmpty) {
                    request.asOf = request.asOf ?? input.asOf
                }
                let document = try ChartPipeline.document(
                    request,
                    inputs: StoredInputs(batch.store),
                    prices: prices,
                    ledger: input.inputs.ledger
                )
                try ChartOutput(path: url.path, request: request).write(document, renderer: batch.renderer)
            }
        }
    }

    /// The portfolio's report data in `locale`, made once for all the jobs in it.
    private func data(_ locale: ChartLocale) -> PortfolioReportData {
        if let cached = dataByLocale[locale] { return cached }
        let made = PortfolioReportData(input, locale: locale)
        dataByLocale[locale] = made
        return made
    }

    private func path(_ job: JobsFile.Job, _ report: String, _ ext: String) -> URL {
        URL(
            fileURLWithPath: OutputPath.expand(
                job.output,
                values: [
                    "portfolio": plan.component, "date": input.asOf.iso, "report": report, "ext": ext,
                    "locale": job.locale.rawValue, "theme": job.theme.name,
                ]
            )
        )
    }

    private func fingerprint(_ job: JobsFile.Job, _ extra: String) -> OutputFingerprint {
        var h = StableHash()
        h.add(String(describing: job))
        h.add(extra)
        if job.readsBeyondPortfolio { h.add(batch.sharedDigest ?? "") }
        return OutputFingerprint(data: plan.digest.hex, job: h.hex)
    }

    /// Renders one output unless its fingerprint is current; a failure is recorded and the next output goes on.
    private func output(_ job: JobsFile.Job, _ url: URL, _ fp: OutputFingerprint, _ draw: () throws -> Void) {
        guard !batch.stopRequested() else {
            outcome.interrupted = true
            return
        }
        if !plan.sweptFolders || OutputPath.portfolioFolder(job.output, component: plan.component) == nil {
            PortfolioBatch.logRemoved(BatchFile.removeLeftovers(of: url))
        }
        if !batch.force, fp.isCurrent(for: url) {
            outcome.skipped.append(url.path)
            return
        }
        do {
            try FileError.createDirectory(url.deletingLastPathComponent())
            if let mailRecord = plan.mailRecord, !mailOwed {
                try PendingMail(file: mailRecord).write()
                mailOwed = true
            }
            try draw()
            try fp.record(for: url)
            outcome.rendered.append(url.path)
        } catch {
            outcome.failures.append(url.lastPathComponent + ": " + PortfolioBatch.reason(error))
        }
    }
}
