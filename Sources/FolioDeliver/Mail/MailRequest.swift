import FolioCharts
import FolioCore
import FolioNet
import Foundation

/// One message to send, typed: what `folio mail` reads from its options and what a jobs file's `mail:`
/// step holds, so that both are checked by `validate()` in the same words and sent by `Mailer`.
public struct MailRequest: Sendable, Equatable {
    /// Files to send: PNG inline, others attached.
    public var files: [String] = []
    /// More files to attach (PNG too).
    public var attach: [String] = []
    public var to: [String] = []
    public var cc: [String] = []
    /// Get the mail, never appear in its headers.
    public var bcc: [String] = []
    public var from: String?
    /// For the subject and body, and the portfolio whose reports `renderDaily`/`attachPortfolioReport` render.
    public var portfolio: String?
    public var subject: String?
    public var subjectTemplate: String?
    public var bodyTemplate: String?
    public var smtpURL: String?
    public var smtpConfig: String?
    /// The longest wait for the server, to connect and log in, and for each reply.
    public var timeout = 60
    /// Plain SMTP without TLS to a host that is not this machine.
    public var insecure = false
    /// Write the message to this file instead of sending it.
    public var dryRunOut: String?
    /// Render the portfolio's daily chart set and send it; attach its portfolio report PDF.
    public var renderDaily = false
    public var attachPortfolioReport = false
    /// Where those are rendered (they stay there after sending, or when sending fails).
    public var renderDirectory = "out/mail"
    public var asOf: Day?
    public var locale: ChartLocale = .en
    public var theme: Theme = .light
    /// The lines outside their target bands, said in the message (`folio batch`'s `when: out-of-band`).
    public var outOfBand: DriftAlert?

    public init() {}

    /// Refuses a request that cannot be sent, naming the option as `folio mail` spells it.
    public func validate() throws {
        guard !files.isEmpty || !attach.isEmpty || renderDaily || attachPortfolioReport else {
            throw ArgumentError("--files", "give the images or reports to send, or --report daily")
        }
        if (renderDaily || attachPortfolioReport) && portfolio == nil {
            throw ArgumentError("--portfolio", "--report and --attach-report need the portfolio")
        }
        guard !to.isEmpty else { throw ArgumentError("--to", "give at least one recipient") }
        if subject != nil && subjectTemplate != nil {
            throw ArgumentError("--subject", "give either --subject or --subject-template")
        }
        if let smtpURL, let problem = Self.credentialsProblem(smtpURL) { throw ArgumentError("--smtp-url", problem) }
        guard SMTPSettings.timeoutRange.contains(timeout) else {
            throw ArgumentError("--timeout", "expected 1 to 3600 seconds, got \(timeout)")
        }
        for (option, values) in [("--to", to), ("--cc", cc), ("--bcc", bcc)] {
            for value in values where MailAddress(parsing: value) == nil {
                throw ArgumentError(option, "\"\(value)\" is not an e-mail address")
            }
        }
        if let from, MailAddress(parsing: from) == nil {
            throw ArgumentError("--from", "\"\(from)\" is not an e-mail address")
        }
    }

    /// Why a server URL from the command line or a jobs file cannot be used: a user or password in it
    /// would show in `ps` and in shared files. The environment and the private configuration file
    /// may carry them.
    /// The user and password are found without a URL parser: one that gives up on a URL (a raw `/` in
    /// its password) must not let the password through.
    public static func credentialsProblem(_ url: String) -> String? {
        guard URLUserInfo(in: url) != nil else { return nil }
        return "a user or password in the URL would be visible to other users (ps, shared files); "
            + "give them in FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD or in the SMTP configuration file (user, password)"
    }
}

/// The server refused or could not be reached; the rendered files stay where they are.
public struct MailDeliveryError: Error, CustomStringConvertible {
    public var description: String
    public var failure: SMTPError?
}
