import Foundation

/// A file sent with a message: inline images are shown by the HTML part (`cid:`), attachments are
/// offered for download.
public struct MailPart: Sendable {
    public var filename: String
    public var contentType: String
    public var data: Data
    /// The `Content-ID` an inline image is referred to by (`<img src="cid:…">`).
    public var contentID: String?

    public init(filename: String, contentType: String, data: Data, contentID: String? = nil) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
        self.contentID = contentID
    }

    /// The MIME type Folio sends for a file, by its extension.
    public static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "png": "image/png"
        case "pdf": "application/pdf"
        case "svg": "image/svg+xml"
        case "csv": "text/csv"
        default: "application/octet-stream"
        }
    }
}

/// An e-mail as RFC 5322 text: a plain-text part and an HTML part as `multipart/alternative`, the
/// HTML with its inline PNG charts in `multipart/related`, attachments around both in
/// `multipart/mixed`. Bcc recipients are envelope recipients only and never appear in a header.
/// Pure: building a message needs no network, so it is tested byte by byte.
public struct MailMessage: Sendable {
    public var from: MailAddress
    public var to: [MailAddress]
    public var cc: [MailAddress] = []
    public var bcc: [MailAddress] = []
    public var subject: String
    public var text: String
    public var html: String?
    public var inlineImages: [MailPart] = []
    public var attachments: [MailPart] = []
    public var date: Date
    public var messageID: String

    public init(from: MailAddress, to: [MailAddress], subject: String, text: String, date: Date, messageID: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.date = date
        self.messageID = messageID
    }

    /// Who the server delivers to: To, Cc and Bcc, each once.
    public var envelopeRecipients: [String] {
        var seen = Set<String>()
        return (to + cc + bcc).map(\.address).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The message with CRLF line ends. `boundarySeed` makes the MIME boundaries repeatable in tests.
    public func rendered(boundarySeed: String = UUID().uuidString) -> Data {
        var out = MIMEWriter(seed: boundarySeed)
        out.header("From", from.headerValue)
        out.header("To", to.map(\.headerValue).joined(separator: ", "))
        if !cc.isEmpty { out.header("Cc", cc.map(\.headerValue).joined(separator: ", ")) }
        out.header("Subject", EncodedWord.text(subject))
        out.header("Date", MailDate.rfc5322(date))
        out.header("Message-ID", "<\(messageID)>")
        out.header("MIME-Version", "1.0")
        out.header("X-Mailer", "Folio")
        if attachments.isEmpty {
            writeAlternative(&out)
        } else {
            let boundary = out.open("multipart/mixed")
            out.boundary(boundary)
            writeAlternative(&out)
            for attachment in attachments {
                out.boundary(boundary)
                out.filePart(attachment, disposition: "attachment")
            }
            out.close(boundary)
        }
        return out.data
    }

    private func writeAlternative(_ out: inout MIMEWriter) {
        guard let html else {
            out.textPart(text, subtype: "plain")
            return
        }
        let alternative = out.open("multipart/alternative")
        out.boundary(alternative)
        out.textPart(text, subtype: "plain")
        out.boundary(alternative)
        if inlineImages.isEmpty {
            out.textPart(html, subtype: "html")
        } else {
            let related = out.open("multipart/related; type=\"text/html\"")
            out.boundary(related)
            out.textPart(html, subtype: "html")
            for image in inlineImages {
                out.boundary(related)
                out.filePart(image, disposition: "inline")
            }
            out.close(related)
        }
        out.close(alternative)
    }
}

/// Writes headers and MIME parts with CRLF line ends and base64 bodies in lines of 76 characters.
struct MIMEWriter {
    private(set) var data = Data()
    private let seed: String
    private var boundaries = 0

    init(seed: String) { self.seed = seed }

    mutating func line(_ text: String = "") { data.append(Data((text + "\r\n").utf8)) }

    /// A header, folded before 78 characters where it has spaces (RFC 5322 §2.2.3).
    mutating func header(_ name: String, _ value: String) {
        var current = name + ":"
        for (i, word) in value.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 && current.count + 1 + word.count > 76 && !current.hasSuffix(":") {
                line(current)
                current = " " + word
            } else {
                current += " " + word
            }
        }
        line(current)
    }

    /// Starts a multipart entity (its headers) and returns its boundary.
    mutating func open(_ type: String) -> String {
        boundaries += 1
        // "=_" cannot occur in base64 bodies, so the boundary never appears inside a part.
        let boundary = "=_folio_\(boundaries)_\(seed.filter { $0.isLetter || $0.isNumber }.prefix(24))"
        header("Content-Type", "\(type); boundary=\"\(boundary)\"")
        line()
        return boundary
    }

    mutating func boundary(_ boundary: String) { line("--" + boundary) }
    mutating func close(_ boundary: String) { line("--" + boundary + "--") }

    mutating func textPart(_ text: String, subtype: String) {
        header("Content-Type", "text/\(subtype); charset=utf-8")
        header("Content-Transfer-Encoding", "base64")
        line()
        base64(
            Data(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        )
    }

    mutating func filePart(_ part: MailPart, disposition: String) {
        header("Content-Type", "\(part.contentType); " + MIMEParameter.encode("name", part.filename))
        header("Content-Transfer-Encoding", "base64")
        header("Content-Disposition", "\(disposition); " + MIMEParameter.encode("filename", part.filename))
        if let id = part.contentID { header("Content-ID", "<\(id)>") }
        line()
        base64(part.data)
    }

    private mutating func base64(_ bytes: Data) {
        let encoded = bytes.base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
        if !encoded.isEmpty { line(encoded) }
    }
}

enum MailDate {
    /// `Sat, 21 Nov 2026 09:15:00 +0000`, in UTC, English names whatever the machine's locale.
    static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
