import Foundation

/// One reply of an SMTP server: `550 5.1.1 No such user` (the lines of a multi-line reply joined).
struct SMTPReply: Equatable, Sendable, CustomStringConvertible {
    var code: Int
    var text: String

    var isTransient: Bool { (400..<500).contains(code) }

    var description: String { text.isEmpty ? "\(code)" : "\(code) \(text)" }
}

/// What an SMTP session said, as far as the failure messages need it: the step the session was at (which
/// command was waiting for an answer), the last reply and the command it answered, how many recipients
/// were accepted, since when the step has waited, and what came meanwhile that did not answer it. Fed
/// by libcurl's debug callback with the commands libcurl sent and the lines the server sent; the
/// message itself and TLS records are ignored.
///
/// Commands are kept by name only (`AUTH`, never its argument), except MAIL FROM and RCPT TO, whose
/// addresses say which recipient was refused: AUTH's arguments and the lines after it are credentials.
final class SMTPTranscript {
    enum Step: Equatable {
        case connecting
        /// Connected, waiting for the server's first line.
        case greeting
        /// A command was sent: `EHLO`, `AUTH`, `MAIL FROM:<a@example.com>`, `RCPT TO:<b@example.com>`, `DATA`.
        case command(String)
        /// The message is being sent after DATA, or its end is waiting for the final answer.
        case message
    }

    private(set) var step = Step.connecting
    /// The last complete reply, and the step it answered.
    private(set) var lastReply: SMTPReply?
    private(set) var lastReplyTo = Step.connecting
    /// True from a command (or the message) until the server's answer to it.
    private(set) var awaitingReply = false
    private(set) var acceptedRecipients = 0
    /// When the wait of the current step began: the command sent, the connection made, the last byte of
    /// the message sent. Lines that arrive without ending a reply do not restart it: a server that drips
    /// `250-` continuation lines, or sends lines that are not SMTP, has still not answered.
    private(set) var waitingSince: Date
    /// Lines received since the step began that did not end a reply, and how many of them were not SMTP.
    private(set) var unansweredLines = 0
    private(set) var foreignLines = 0
    private var partialLine: [UInt8] = []
    private var replyLines: [String] = []
    /// After QUIT: the goodbye says nothing about the message, so its reply is not kept.
    private var quitting = false
    /// Ends the connection at once, for a QUIT sent while a reply is still awaited (see `sent`).
    var abandon: (() -> Void)?

    /// A reply longer than this is cut: the text is for people, and a hostile server may send a lot.
    static let maxReplyCharacters = 300

    init(now: Date = Date()) { waitingSince = now }

    func connected(at time: Date) {
        if step == .connecting {
            step = .greeting
            awaitingReply = true
            waitingSince = time
        }
    }

    /// A command line libcurl sent (with its CRLF). A line that answers the server's 334 during AUTH is
    /// the encoded user or password, whatever it looks like: it stays AUTH, and is not read further.
    ///
    /// Returns true for a QUIT sent while a reply is still awaited: libcurl gave up on that reply (a
    /// timeout) and now says goodbye, and would wait the whole response timeout again for the answer of
    /// a server that has just shown it does not answer. The caller then closes the connection.
    @discardableResult
    func sent(_ line: String, at time: Date = Date()) -> Bool {
        if step == .command("AUTH"), lastReply?.code == 334 {
            startWaiting(at: time)
            return false
        }
        let command = Self.commandName(line) ?? "AUTH"
        if command == "QUIT" {
            quitting = true
            return awaitingReply
        }
        step = .command(command)
        startWaiting(at: time)
        return false
    }

    /// Bytes of the message after DATA.
    func sentMessageData(at time: Date = Date()) {
        if step != .message { step = .message }
        startWaiting(at: time)
    }

    private func startWaiting(at time: Date) {
        awaitingReply = true
        waitingSince = time
        unansweredLines = 0
        foreignLines = 0
    }

    /// Bytes the server sent, as libcurl passes them: whole lines or pieces of them. Split as bytes:
    /// as Characters, "\r\n" is one and would never match "\n".
    func received<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if partialLine.last == UInt8(ascii: "\r") { partialLine.removeLast() }
                receivedLine(String(decoding: partialLine, as: UTF8.self))
                partialLine.removeAll(keepingCapacity: true)
            } else if partialLine.count < 4 * Self.maxReplyCharacters {
                partialLine.append(byte)
            }
        }
    }

    /// `250-…` continues a reply, `250 …` or `250` ends it (RFC 5321 §4.2.1).
    private func receivedLine(_ line: String) {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, bytes[0...2].allSatisfy({ (0x30...0x39).contains($0) }),
            let code = Int(String(line.prefix(3)))
        else {
            unansweredLines += 1
            foreignLines += 1
            return
        }
        let separator = bytes.count > 3 ? bytes[3] : UInt8(ascii: " ")
        let text = bytes.count > 4 ? String(line.dropFirst(4)) : ""
        if replyLines.joined(separator: " ").count < Self.maxReplyCharacters { replyLines.append(text) }
        guard separator != UInt8(ascii: "-") else {
            unansweredLines += 1
            return
        }
        var joined = replyLines.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if joined.count > Self.maxReplyCharacters { joined = String(joined.prefix(Self.maxReplyCharacters)) + "…" }
        replyLines = []
        guard !quitting else { return }
        lastReply = SMTPReply(code: code, text: joined)
        lastReplyTo = step
        awaitingReply = false
        unansweredLines = 0
        foreignLines = 0
        if case .command(let name) = step, name.hasPrefix("RCPT"), code == 250 || code == 251 {
            acceptedRecipients += 1
        }
    }

    /// The step in words for a message: "RCPT TO:<b@example.com>", "the greeting", "the message".
    static func describe(_ step: Step) -> String {
        switch step {
        case .connecting: "the connection"
        case .greeting: "the greeting"
        case .command(let name): name
        case .message: "the message"
        }
    }

    private static let verbs: Set<String> = [
        "EHLO", "HELO", "STARTTLS", "AUTH", "MAIL", "RCPT", "DATA", "RSET", "NOOP", "QUIT", "VRFY", "EXPN", "HELP",
    ]

    /// The command's name, with the address for MAIL FROM and RCPT TO; nil for a line that is not a
    /// command.
    static func commandName(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let verb = String(trimmed.prefix { $0 != " " && $0 != ":" }).uppercased()
        guard verbs.contains(verb) else { return nil }
        if verb == "MAIL" || verb == "RCPT", let close = trimmed.firstIndex(of: ">") {
            return String(trimmed[...close].prefix(200))
        }
        return verb
    }
}
