import ArgumentParser
import FolioCharts
import FolioCore
import FolioDatasets
import FolioDeliver
import Foundation

struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Mail chart images (inline) and reports (attached) over SMTP.",
        discussion: """
            PNG files are shown inline in the HTML part (with a plain-text alternative);
            PDFs and --attach files are attached. The SMTP server comes from --smtp-url,
            FOLIO_SMTP_URL or the configuration file (~/.config/folio/smtp.yaml, which must
            not be readable by others); the user and password from FOLIO_SMTP_USER and
            FOLIO_SMTP_PASSWORD or that file, never from the command line (so --smtp-url
            takes no user or password). smtp:// requires STARTTLS, smtps:// uses TLS from
            the start; plain SMTP is allowed to a loopback host (localhost, or a name whose
            every address is in 127.0.0.0/8 or ::1; reached directly, never through a
            proxy) or with --insecure. Transient refusals (4xx), dropped connections and
            timeouts are retried, three attempts in all; permanent refusals (5xx) fail at
            once, naming the command and the reply. A server that limits the recipients of
            a message (452) gets them in several transactions. --timeout is the longest
            wait for the server: to connect and log in, and for each reply. On failure the
            files stay where they are, their paths are printed, and the exit code is 1.

            With --report daily the daily chart set of --portfolio is rendered into
            --render-dir (and with --attach-report portfolio the portfolio report PDF too)
            and sent; the files stay there.

            Examples:
              folio mail --report daily --portfolio "Demo UAH" --attach-report portfolio \\
                --to client@example.com
              folio mail --files out/daily/*.png --to me@example.com
              folio mail --files out/daily/*.png out/portfolio.pdf \\
                --to client@example.com --bcc me@example.com \\
                --portfolio "Demo UAH" --subject-template subject.mustache
              folio mail --files out/daily/*.png --to me@example.com --dry-run \\
                --out message.eml
            """
    )

    enum MailedReport: String, ExpressibleByArgument, CaseIterable { case daily }
    enum AttachedReport: String, ExpressibleByArgument, CaseIterable { case portfolio }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Render and send a report's images: daily (needs --portfolio).") var report: MailedReport?
    @Option(help: "Render a report and attach its PDF: portfolio (needs --portfolio).") var attachReport:
        AttachedReport?
    @Option(help: ArgumentHelp("Where --report and --attach-report render their files.", valueName: "dir"))
    var renderDir = "out/mail"
    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The report day (default: the last day with prices).", valueName: "day")
    ) var asOf: String?
    /// For the reports it renders.
    @OptionGroup var look: LookOptions
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Files to send: PNG inline, others attached.", valueName: "file")
    )
    var files: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("More files to attach (PNG too).", valueName: "file"))
    var attach: [String] = []
    @Option(help: "A recipient (repeatable).") var to: [String] = []
    @Option(help: "A copy recipient (repeatable).") var cc: [String] = []
    @Option(help: "A hidden recipient: gets the mail, never appears in its headers (repeatable).") var bcc: [String] =
        []
    @Option(help: "The sender (default: FOLIO_MAIL_FROM, the configuration file, or folio@<host>).") var from: String?
    @Option(help: "Portfolio name for the subject and body.", completion: ValueCompletion.portfolios)
    var portfolio: String?
    @Option(help: "The subject.") var subject: String?
    @Option(help: ArgumentHelp("A Mustache template for the subject.", valueName: "file")) var subjectTemplate: String?
    @Option(
        help: ArgumentHelp(
            "A Mustache template for the body (.html for the HTML part, else the text part).",
            valueName: "file"
        )
    )
    var bodyTemplate: String?
    @Option(help: ArgumentHelp("smtp://host:port or smtps://host:port.", valueName: "url")) var smtpUrl: String?
    @Option(
        help: ArgumentHelp(
            "The longest wait for the server, to connect and for each reply (1 to 3600).",
            valueName: "seconds"
        )
    )
    var timeout = 60
    @Option(help: ArgumentHelp("SMTP configuration file.", valueName: "file")) var smtpConfig: String?
    @Flag(help: "Allow plain SMTP without TLS to a host that is not this machine.") var insecure = false
    @Flag(help: "Write the message instead of sending it (with --out).") var dryRun = false
    @Option(help: ArgumentHelp("Where --dry-run writes the message.", valueName: "file")) var out: String?

    /// The options as one typed request; a bad value is one line naming the option.
    func request() throws -> MailRequest {
        var request = MailRequest()
        (request.files, request.attach, request.to, request.cc, request.bcc) = (files, attach, to, cc, bcc)
        (request.from, request.portfolio, request.subject) = (from, portfolio, subject)
        (request.subjectTemplate, request.bodyTemplate) = (subjectTemplate, bodyTemplate)
        (request.smtpURL, request.smtpConfig, request.timeout, request.insecure) = (
            smtpUrl, smtpConfig, timeout, insecure
        )
        request.dryRunOut = dryRun ? out : nil
        (request.renderDaily, request.attachPortfolioReport) = (report == .daily, attachReport == .portfolio)
        request.renderDirectory = renderDir
        request.asOf = try ArgumentValue.day(asOf, "--as-of")
        (request.locale, request.theme) = (
            try ArgumentValue.locale(look.locale ?? "en"), try ArgumentValue.theme(look.theme ?? "light")
        )
        try request.validate()
        return request
    }

    func validate() throws {
        if dryRun && out == nil { throw ArgumentError("--out", "--dry-run writes the message to the file --out names") }
        _ = try request()
    }

    func run() throws {
        do {
            print(try Mailer().deliver(try request(), store: database.openForReading))
        } catch let failure as MailDeliveryError {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
    }
}
