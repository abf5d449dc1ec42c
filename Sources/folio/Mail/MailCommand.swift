import ArgumentParser
import FolioCore
import FolioNet
import FolioRender
import FolioReports
import Foundation

struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Mail chart images (inline) and reports (attached) over SMTP.",
        discussion: """
            PNG files are shown inline in the HTML part (with a plain-text alternative); PDFs and
            --attach files are attached. The SMTP server comes from --smtp-url, FOLIO_SMTP_URL or the
            configuration file (~/.config/folio/smtp.yaml, which must not be readable by others);
            the user and password from FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD or that file, never
            from the command line (so --smtp-url takes no user or password). smtp:// requires
            STARTTLS, smtps:// uses TLS from the start; plain SMTP is allowed to a loopback host
            (localhost, or a name whose every address is in 127.0.0.0/8 or ::1) or with --insecure.
            Transient refusals (4xx), dropped connections and timeouts are retried, three attempts
            in all; permanent refusals (5xx) fail at once, naming the command and the reply. A server
            that limits the recipients of a message (452) gets them in several transactions.
            --timeout is the longest wait for the server: to connect and log in, and for each reply.
            On failure the files stay where they are, their paths are printed, and the exit code is 1.

            With --report daily the daily chart set of --portfolio is rendered into --render-dir (and with
            --attach-report portfolio the portfolio report PDF too) and sent; the files stay there.

            Examples:
              folio mail --report daily --portfolio "Demo UAH" --attach-report portfolio --to client@example.com
              folio mail --files out/daily/*.png --to me@example.com
              folio mail --files out/daily/*.png out/portfolio.pdf --to client@example.com --bcc me@example.com \\
                         --portfolio "Demo UAH" --subject-template subject.mustache
              folio mail --files out/daily/*.png --to me@example.com --dry-run --out message.eml
            """
    )

    enum MailedReport: String, ExpressibleByArgument, CaseIterable { case daily }
    enum AttachedReport: String, ExpressibleByArgument, CaseIterable { case portfolio }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Render and send a report's images: daily (needs --portfolio).") var report: MailedReport?
    @Option(help: "Render a report and attach its PDF: portfolio (needs --portfolio).") var attachReport: AttachedReport?
    @Option(help: ArgumentHelp("Where --report and --attach-report render their files.", valueName: "dir")) var renderDir = "out/mail"
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The report day (default: the last day with prices).", valueName: "day")) var asOf: String?
    @Option(help: "uk or en, for rendered reports.") var locale: ReportCommand.Locale = .en
    @Option(help: "light or dark, for rendered reports.") var theme: ReportCommand.ThemeName = .light
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Files to send: PNG inline, others attached.", valueName: "file"))
    var files: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("More files to attach (PNG too).", valueName: "file"))
    var attach: [String] = []
    @Option(help: "A recipient (repeatable).") var to: [String] = []
    @Option(help: "A copy recipient (repeatable).") var cc: [String] = []
    @Option(help: "A hidden recipient: gets the mail, never appears in its headers (repeatable).") var bcc: [String] = []
    @Option(help: "The sender (default: FOLIO_MAIL_FROM, the configuration file, or folio@<host>).") var from: String?
    @Option(help: "Portfolio name for the subject and body.") var portfolio: String?
    @Option(help: "The subject.") var subject: String?
    @Option(help: ArgumentHelp("A Mustache template for the subject.", valueName: "file")) var subjectTemplate: String?
    @Option(help: ArgumentHelp("A Mustache template for the body (.html for the HTML part, else the text part).", valueName: "file"))
    var bodyTemplate: String?
    @Option(help: ArgumentHelp("smtp://host:port or smtps://host:port.", valueName: "url")) var smtpUrl: String?
    @Option(help: ArgumentHelp("The longest wait for the server, to connect and for each reply (1 to 3600).", valueName: "seconds"))
    var timeout = 60
    @Option(help: ArgumentHelp("SMTP configuration file.", valueName: "file")) var smtpConfig: String?
    @Flag(help: "Allow plain SMTP without TLS to a host that is not this machine.") var insecure = false
    @Flag(help: "Write the message instead of sending it (with --out).") var dryRun = false
    @Option(help: ArgumentHelp("Where --dry-run writes the message.", valueName: "file")) var out: String?

    func validate() throws {
        guard !files.isEmpty || !attach.isEmpty || report != nil || attachReport != nil else {
            throw ValidationError("--files: give the images or reports to send, or --report daily")
        }
        if (report != nil || attachReport != nil) && portfolio == nil { throw ValidationError("--portfolio: --report and --attach-report need the portfolio") }
        if let asOf, Day(iso: asOf) == nil { throw ValidationError("--as-of: expected a day as YYYY-MM-DD, got \"\(asOf)\"") }
        guard !to.isEmpty else { throw ValidationError("--to: give at least one recipient") }
        if subject != nil && subjectTemplate != nil { throw ValidationError("--subject: give either --subject or --subject-template") }
        if dryRun && out == nil { throw ValidationError("--out: --dry-run writes the message to the file --out names") }
        if let smtpUrl, let problem = Self.credentialsProblem(smtpUrl) { throw ValidationError("--smtp-url: " + problem) }
        guard SMTPSettings.timeoutRange.contains(timeout) else { throw ValidationError("--timeout: expected 1 to 3600 seconds, got \(timeout)") }
        for (option, values) in [("--to", to), ("--cc", cc), ("--bcc", bcc)] {
            for value in values where MailAddress(parsing: value) == nil {
                throw ValidationError("\(option): \"\(value)\" is not an e-mail address")
            }
        }
    }

    /// Why a server URL from the command line or a jobs file cannot be used: a user or password in it
    /// would show in `ps` and in shared files. The environment and the private configuration file
    /// may carry them.
    static func credentialsProblem(_ url: String) -> String? {
        guard let components = URLComponents(string: url), components.user != nil || components.password != nil else { return nil }
        return "a user or password in the URL would be visible to other users (ps, shared files); "
            + "give them in FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD or in the SMTP configuration file (user, password)"
    }

    func run() throws {
        do {
            print(try deliver())
        } catch let failure as MailNotSent {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Renders, builds and sends (or with --dry-run writes) the message; returns the line `run` prints.
    /// `folio batch` calls this for its mail step, where stdout belongs to the --json summary, with
    /// `owed` when an earlier run delivered to some recipients only: the message goes to those of its
    /// recipients that are still owed it.
    func deliver(onlyTo owed: [String]? = nil) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let smtp = try SMTPConfiguration.load(path: smtpConfig, environment: environment)
        let rendered = try renderReports()
        let message = try MessageBuilder(command: self, defaultFrom: smtp.from, rendered: rendered).build()
        if dryRun, let out {
            try message.rendered().write(to: URL(fileURLWithPath: out), options: .atomic)
            return "wrote \(out) (\(message.envelopeRecipients.count) recipients, \(message.inlineImages.count) inline images, \(message.attachments.count) attachments)"
        }
        guard let url = smtpUrl ?? smtp.url else {
            throw ValidationError("--smtp-url: no SMTP server (give --smtp-url, FOLIO_SMTP_URL or url in \(SMTPConfiguration.defaultPath(environment: environment)))")
        }
        var settings = SMTPSettings(url: url, username: smtp.user, password: smtp.password)
        settings.allowInsecure = insecure
        settings.timeout = timeout
        if let delay = environment["FOLIO_SMTP_RETRY_DELAY"].flatMap(Double.init), (0...60).contains(delay) { settings.retryDelay = delay }
        let recipients = owed.map { owed in
            message.envelopeRecipients.filter { recipient in owed.contains { $0.caseInsensitiveCompare(recipient) == .orderedSame } }
        }
        if recipients?.isEmpty == true { return "nothing to send: the recipients still named have it already" }
        do {
            let delivery = try SMTPClient(settings: settings).send(message, to: recipients)
            let count = delivery.recipients
            return "sent to \(count) recipient\(count == 1 ? "" : "s") through \(settings.shownURL)"
                + (delivery.transactions > 1 ? " in \(delivery.transactions) transactions (the server limits recipients per message)" : "")
        } catch let failure as SMTPFailure {
            let kept = rendered.images.map(\.path) + files + rendered.attachments.map(\.path) + attach
            throw MailNotSent(description: "\(failure)\nthe files were not sent and are kept: \(kept.joined(separator: " "))", failure: failure)
        }
    }
}

/// The server refused or could not be reached; the rendered files stay where they are.
struct MailNotSent: Error, CustomStringConvertible {
    var description: String
    var failure: SMTPFailure?
}

/// What `--report` and `--attach-report` rendered, with the figures the templates may show.
struct RenderedReports {
    var images: [URL] = []
    var attachments: [URL] = []
    var values: [String: String] = [:]
}

extension MailCommand {
    /// Renders the daily set and the portfolio PDF into --render-dir, before anything is sent, so that a
    /// failed send leaves them there.
    func renderReports() throws -> RenderedReports {
        guard report != nil || attachReport != nil, let portfolio else { return RenderedReports() }
        let reports = PortfolioReports(portfolio: portfolio, asOf: asOf.flatMap { Day(iso: $0) }, locale: locale == .uk ? .uk : .en,
                                       theme: theme == .dark ? .dark : .light)
        let data = PortfolioReportData(try reports.input(try database.openForReading()), locale: reports.locale)
        let renderer = try Renderer()
        let directory = URL(fileURLWithPath: renderDir, isDirectory: true)
        var rendered = RenderedReports()
        if report == .daily { rendered.images = try reports.writeDaily(data, renderer: renderer, into: directory) }
        if attachReport == .portfolio {
            guard let definition = DefinitionLocator.builtIn("portfolio", executable: FontLocator.executableURL()) else {
                throw ValidationError("reports/portfolio.yaml not found (set FOLIO_REPORTS to the reports directory)")
            }
            let url = directory.appendingPathComponent("portfolio-\(data.input.asOf.iso).pdf")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = try reports.writePDF(data, definition: try DefinitionParser.load(definition), renderer: renderer, to: url)
            rendered.attachments = [url]
        }
        rendered.values["date"] = data.input.asOf.iso
        rendered.values["value"] = data.tile(.value)?.value
        if let change = data.tile(.change1d), change.value != "—" {
            rendered.values["change"] = change.detail.isEmpty ? change.value : "\(change.value), \(change.detail)"
        }
        return rendered
    }
}

/// Turns the command's files and templates into a message.
private struct MessageBuilder {
    let command: MailCommand
    let defaultFrom: String?
    let rendered: RenderedReports

    func build() throws -> MailMessage {
        var inline: [MailPart] = []
        var attachments: [MailPart] = []
        for (i, path) in (rendered.images.map(\.path) + command.files).enumerated() {
            let part = try read(path, option: "--files")
            if part.contentType == "image/png" {
                inline.append(MailPart(filename: part.filename, contentType: part.contentType, data: part.data, contentID: "chart-\(i + 1)@folio"))
            } else {
                attachments.append(part)
            }
        }
        attachments += try (rendered.attachments.map(\.path) + command.attach).map { try read($0, option: "--attach") }

        var context: [String: Any] = [
            "date": Day(Date()).iso, "count": inline.count + attachments.count,
            "images": inline.map { ["name": $0.filename, "cid": $0.contentID ?? ""] },
            "attachments": attachments.map { ["name": $0.filename] },
        ]
        if let portfolio = command.portfolio { context["portfolio"] = portfolio }
        context.merge(rendered.values) { $1 }
        var templates = MailTemplates(ukrainian: command.locale == .uk)
        if let path = command.subjectTemplate { templates.subject = try MailTemplates.read(path, option: "--subject-template") }
        if let path = command.bodyTemplate {
            let body = try MailTemplates.read(path, option: "--body-template")
            if path.lowercased().hasSuffix(".html") { templates.html = body } else { templates.text = body }
        }
        let subject = try command.subject ?? templates.render(templates.subject, context, html: false, name: "subject template")
        let host = ProcessInfo.processInfo.hostName
        guard let from = MailAddress(parsing: command.from ?? defaultFrom ?? "folio@\(host.isEmpty ? "localhost" : host)") else {
            throw ValidationError("--from: \"\(command.from ?? defaultFrom ?? "")\" is not an e-mail address")
        }
        var message = MailMessage(
            from: from, to: command.to.compactMap(MailAddress.init(parsing:)),
            subject: subject.trimmingCharacters(in: .whitespacesAndNewlines),
            text: try templates.render(templates.text, context, html: false, name: "text template"),
            date: Date(), messageID: "\(UUID().uuidString.lowercased())@folio"
        )
        message.cc = command.cc.compactMap(MailAddress.init(parsing:))
        message.bcc = command.bcc.compactMap(MailAddress.init(parsing:))
        message.html = try templates.render(templates.html, context, html: true, name: "HTML template")
        message.inlineImages = inline
        message.attachments = attachments
        return message
    }

    private func read(_ path: String, option: String) throws -> MailPart {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("\(option): cannot read \(path)") }
        let name = (path as NSString).lastPathComponent
        return MailPart(filename: name, contentType: MailPart.contentType(forExtension: (name as NSString).pathExtension), data: data)
    }
}
