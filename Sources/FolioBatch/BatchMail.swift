import FolioCharts
import FolioCore
import FolioDeliver
import FolioNet
import FolioStore
import Foundation
internal import Yams

/// The jobs file's optional `mail:` step: each portfolio's outputs sent by `folio mail`'s own code
/// (PNGs inline, PDFs and SVGs attached) once every portfolio has rendered, one message per portfolio.
///
/// ```yaml
/// mail:
///   to: [ops@example.com]        # required; cc and bcc likewise
///   from: Folio <folio@example.com>
///   locale: uk                   # the default subject and body's language
///   smtp-url: smtp://mail:587    # else FOLIO_SMTP_URL or the SMTP configuration file (secrets never here)
///   timeout: 60                  # seconds to wait for the server at each step
///   when: rendered               # rendered (default): portfolios with a new output or mail still owed;
///                                # always; out-of-band: as rendered, and only while a line is outside its band
/// ```
/// Sending runs on the main thread after the workers, one message at a time: a mail server takes
/// messages at its own pace, and a send never holds a worker's renderer. What is owed is kept in each
/// portfolio's `PendingMail` record, so a mail that is not delivered is sent by the next run.
struct BatchMail: Sendable, Equatable {
    /// Which portfolios are mailed.
    enum When: String, Sendable, CaseIterable {
        /// Those with a new output or mail still owed.
        case rendered
        /// Every one that rendered without failing.
        case always
        /// As `rendered`, and only while a line of its targets is outside its band at its as-of day. The
        /// worker checks the drift (`DriftAlert`) and removes the record of a portfolio in band, which
        /// is owed nothing: one without targets is never out of band.
        case outOfBand = "out-of-band"
    }

    /// The message of every portfolio, but for its files and name.
    var request: MailRequest
    var when: When = .rendered

    /// Sends the message of every portfolio that rendered without failing and owes mail (with `when:
    /// always`, of every such portfolio; with `out-of-band`, of those owed it that are out of band); a
    /// refused send becomes that portfolio's failure, so the run ends with the partial-failure code, the
    /// files stay, and the record says what is still owed.
    func send(_ outcomes: inout [PortfolioOutcome], store: Store) {
        for i in outcomes.indices {
            let outcome = outcomes[i]
            guard outcome.failures.isEmpty, !outcome.interrupted else { continue }
            switch when {
            case .rendered where outcome.pendingMail == nil: continue
            case .outOfBand where outcome.pendingMail == nil || outcome.outOfBand == nil: continue
            default: break
            }
            guard !batchStopRequested.load(ordering: .relaxed) else { return }
            let files = outcome.rendered + outcome.skipped
            let images = files.filter { $0.lowercased().hasSuffix(".png") }
            let others = files.filter { !$0.lowercased().hasSuffix(".png") }
            var message = request
            (message.portfolio, message.files, message.attach) = (outcome.portfolio, images, others)
            message.outOfBand = outcome.outOfBand
            let owed = outcome.pendingMail?.owed ?? []
            let line: String
            do {
                line = try Mailer().deliver(message, store: { store }, onlyTo: owed.isEmpty ? nil : owed)
            } catch {
                let reason = PortfolioBatch.reason(error)
                outcomes[i].failures.append("mail: " + reason)
                outcomes[i].mailNotDelivered = true
                if let problem = remember(reason, (error as? MailDeliveryError)?.failure, outcome) {
                    outcomes[i].failures.append(problem)
                }
                continue
            }
            BatchProgress.line("mailed \(outcome.portfolio): \(line)")
            do { try outcome.pendingMail?.remove() } catch {
                outcomes[i].failures.append(
                    "mail sent, but its record stays and the next run sends it again: \(PortfolioBatch.reason(error))"
                )
            }
        }
    }

    /// Records the failure in the portfolio's pending mail, and which recipients are still owed when
    /// some got the message. Returns a failure of its own when the record cannot be written.
    private func remember(_ reason: String, _ failure: SMTPError?, _ outcome: PortfolioOutcome) -> String? {
        guard let file = outcome.mailRecord else { return nil }
        var record = outcome.pendingMail ?? PendingMail(file: file)
        record.failure = ISOTime.format(Date()) + " " + (failure?.description ?? reason)
        if let failure, !failure.delivered.isEmpty { record.owed = failure.undelivered }
        do { try record.write() } catch {
            return "mail: the pending mail cannot be recorded: \(PortfolioBatch.reason(error))"
        }
        return nil
    }
}

extension NodeReader {
    func mail(_ node: Node) throws -> BatchMail {
        guard let map = node.mapping else {
            throw error(node, "mail", "expected a mapping with to (and cc, bcc, from, locale, smtp-url, timeout, when)")
        }
        let known = ["to", "cc", "bcc", "from", "locale", "smtp-url", "timeout", "when"]
        for key in map.keys where !known.contains(key.string ?? "") {
            throw error(
                key,
                "mail." + (key.string ?? "?"),
                "unknown key, expected one of " + known.joined(separator: ", ")
            )
        }
        var request = MailRequest()
        for field in ["to", "cc", "bcc"] {
            guard let list = map[field] else { continue }
            let items = list.sequence.map(Array.init) ?? [list]
            for (i, item) in items.enumerated() {
                let path = "mail.\(field)" + (list.sequence == nil ? "" : "[\(i)]")
                let address = try string(item, path)
                guard MailAddress(parsing: address) != nil else {
                    throw error(item, path, "\"\(address)\" is not an e-mail address")
                }
                switch field {
                case "to": request.to.append(address)
                case "cc": request.cc.append(address)
                default: request.bcc.append(address)
                }
            }
        }
        guard !request.to.isEmpty else { throw error(node, "mail.to", "missing, expected at least one recipient") }
        if let n = map["from"] {
            let address = try string(n, "mail.from")
            guard MailAddress(parsing: address) != nil else {
                throw error(n, "mail.from", "\"\(address)\" is not an e-mail address")
            }
            request.from = address
        }
        if let n = map["locale"] {
            guard let locale = ChartLocale(rawValue: try string(n, "mail.locale")) else {
                throw error(n, "mail.locale", "expected en or uk")
            }
            request.locale = locale
        }
        if let n = map["smtp-url"] {
            let url = try string(n, "mail.smtp-url")
            guard url.hasPrefix("smtp://") || url.hasPrefix("smtps://") else {
                throw error(n, "mail.smtp-url", "expected smtp://host:port or smtps://host:port")
            }
            if let problem = MailRequest.credentialsProblem(url) { throw error(n, "mail.smtp-url", problem) }
            request.smtpURL = url
        }
        if let n = map["timeout"] {
            guard let seconds = n.int, SMTPSettings.timeoutRange.contains(seconds) else {
                throw error(n, "mail.timeout", "expected 1 to 3600 seconds, got \(n.string ?? "?")")
            }
            request.timeout = seconds
        }
        var when = BatchMail.When.rendered
        if let n = map["when"] {
            let text = try string(n, "mail.when")
            guard let value = BatchMail.When(rawValue: text) else {
                let known = BatchMail.When.allCases.map(\.rawValue)
                throw error(
                    n,
                    "mail.when",
                    "expected \(known.dropLast().joined(separator: ", ")) or \(known.last ?? ""), got \"\(text)\""
                )
            }
            when = value
        }
        return BatchMail(request: request, when: when)
    }
}
