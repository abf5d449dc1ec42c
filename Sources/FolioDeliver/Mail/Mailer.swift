import FolioCharts
import FolioCore
import FolioDatasets
import FolioNet
import FolioRender
import FolioReports
import FolioStore
import Foundation

/// Sends a `MailRequest`: renders the reports it asks for, composes the message and sends it (or writes
/// it, for a dry run). `folio mail` and the mail step of `folio batch` both send through this.
public struct Mailer: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) { self.environment = environment }

    /// Returns the line to print. `owed`: when an earlier run delivered to some recipients only, the
    /// message goes to those of its recipients that are still owed it. `store` opens the database when a
    /// report is to be rendered.
    public func deliver(
        _ request: MailRequest,
        store: () throws -> Store,
        onlyTo owed: [String]? = nil
    ) throws -> String {
        let smtp = try SMTPConfiguration.load(path: request.smtpConfig, environment: environment)
        let rendered = try RenderedReports.render(request, store: store)
        let message = try MessageComposer(request: request, defaultFrom: smtp.from, rendered: rendered).compose()
        if let out = request.dryRunOut {
            try AtomicFile.write(Array(message.rendered()), to: URL(fileURLWithPath: out))
            return
                "wrote \(out) (\(message.envelopeRecipients.count) recipients, \(message.inlineImages.count) inline images, \(message.attachments.count) attachments)"
        }
        guard let url = request.smtpURL ?? smtp.url else {
            throw ArgumentError(
                "--smtp-url",
                "no SMTP server (give --smtp-url, FOLIO_SMTP_URL or url in \(SMTPConfiguration.defaultPath(environment: environment)))"
            )
        }
        var settings = SMTPSettings(url: url, username: smtp.user, password: smtp.password)
        settings.allowInsecure = request.insecure
        settings.timeout = request.timeout
        if let delay = environment["FOLIO_SMTP_RETRY_DELAY"].flatMap(Double.init), (0...60).contains(delay) {
            settings.retryDelay = delay
        }
        let recipients = owed.map { owed in
            message.envelopeRecipients.filter { recipient in
                owed.contains { $0.caseInsensitiveCompare(recipient) == .orderedSame }
            }
        }
        if recipients?.isEmpty == true { return "nothing to send: the recipients still named have it already" }
        do {
            let delivery = try SMTPClient(settings: settings).send(message, to: recipients)
            let count = delivery.recipients
            return "sent to \(count) recipient\(count == 1 ? "" : "s") through \(settings.shownURL)"
                + (delivery.transactions > 1
                    ? " in \(delivery.transactions) transactions (the server limits recipients per message)" : "")
        } catch let failure as SMTPError {
            let kept = rendered.images.map(\.path) + request.files + rendered.attachments.map(\.path) + request.attach
            throw MailDeliveryError(
                description: "\(failure)\nthe files were not sent and are kept: \(kept.joined(separator: " "))",
                failure: failure
            )
        }
    }
}

/// What the request's reports rendered, with the figures the templates may show.
struct RenderedReports {
    var images: [URL] = []
    var attachments: [URL] = []
    var values: [String: String] = [:]

    /// Renders the daily set and the portfolio PDF into the render directory before anything is sent,
    /// so that a failed send leaves them there.
    static func render(_ request: MailRequest, store: () throws -> Store) throws -> RenderedReports {
        guard request.renderDaily || request.attachPortfolioReport, let portfolio = request.portfolio else {
            return RenderedReports()
        }
        let definition = try ReportDefinition.builtIn("portfolio")
        let reports = PortfolioReports(
            portfolio: portfolio,
            asOf: request.asOf,
            locale: request.locale,
            theme: request.theme
        )
        .following(definition)
        let data = PortfolioReportData(try reports.input(try store()), locale: reports.locale)
        let renderer = try Renderer()
        let directory = URL(fileURLWithPath: request.renderDirectory, isDirectory: true)
        var rendered = RenderedReports()
        if request.renderDaily { rendered.images = try reports.writeDaily(data, renderer: renderer, into: directory) }
        if request.attachPortfolioReport {
            let url = directory.appendingPathComponent("portfolio-\(data.input.asOf.iso).pdf")
            try FileError.createDirectory(directory)
            _ = try reports.writePDF(data, definition: definition, renderer: renderer, to: url)
            rendered.attachments = [url]
        }
        rendered.values["date"] = data.input.asOf.iso
        rendered.values["value"] = data.tile(.value)?.value
        if let change = data.tile(.change1d), change.value != "—" {
            rendered.values["change"] = change.detail.isEmpty ? change.value : "\(change.value), \(change.detail)"
        }
        // Balances below zero are said in the mail's text, where they are read, not only in the report.
        if let warning = data.negativeBalancesLine {
            rendered.values["warning"] = warning + ". " + Catalogue.for(data.locale).listInReport
        }
        return rendered
    }
}
