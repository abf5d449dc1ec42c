import FolioCore
import FolioNet
import Foundation

/// Turns a request's files and templates into a message.
struct MessageComposer {
    let request: MailRequest
    let defaultFrom: String?
    let rendered: RenderedReports

    func compose() throws -> MailMessage {
        var inline: [MailPart] = []
        var attachments: [MailPart] = []
        for (i, path) in (rendered.images.map(\.path) + request.files).enumerated() {
            let part = try read(path, option: "--files")
            if part.contentType == "image/png" {
                inline.append(
                    MailPart(
                        filename: part.filename,
                        contentType: part.contentType,
                        data: part.data,
                        contentID: "chart-\(i + 1)@folio"
                    )
                )
            } else {
                attachments.append(part)
            }
        }
        attachments += try (rendered.attachments.map(\.path) + request.attach).map { try read($0, option: "--attach") }

        var context: [String: Any] = [
            "date": Day(Date()).iso, "count": inline.count + attachments.count,
            "images": inline.map {
                ["name": $0.filename, "cid": $0.contentID ?? "", "width": Self.displayWidth(of: $0.data)]
            },
            "attachments": attachments.map { ["name": $0.filename] },
        ]
        if let portfolio = request.portfolio { context["portfolio"] = portfolio }
        if let alert = request.outOfBand {
            context["outOfBand"] = [
                "heading": "\(MailWords(request.locale).outOfBand) \(alert.day):",
                "lines": alert.sentences(request.locale).map { ["line": $0] },
            ]
        }
        context.merge(rendered.values) { $1 }
        var templates = MailTemplates(locale: request.locale)
        if let path = request.subjectTemplate {
            templates.subject = try MailTemplates.read(path, option: "--subject-template")
        }
        if let path = request.bodyTemplate {
            let body = try MailTemplates.read(path, option: "--body-template")
            if path.lowercased().hasSuffix(".html") { templates.html = body } else { templates.text = body }
        }
        let subject =
            try request.subject ?? templates.render(templates.subject, context, html: false, name: "subject template")
        let host = ProcessInfo.processInfo.hostName
        guard
            let from = MailAddress(parsing: request.from ?? defaultFrom ?? "folio@\(host.isEmpty ? "localhost" : host)")
        else {
            throw ArgumentError("--from", "\"\(request.from ?? defaultFrom ?? "")\" is not an e-mail address")
        }
        var message = MailMessage(
            from: from,
            to: request.to.compactMap(MailAddress.init(parsing:)),
            subject: subject.trimmingCharacters(in: .whitespacesAndNewlines),
            text: try templates.render(templates.text, context, html: false, name: "text template"),
            date: Date(),
            messageID: "\(UUID().uuidString.lowercased())@folio"
        )
        message.cc = request.cc.compactMap(MailAddress.init(parsing:))
        message.bcc = request.bcc.compactMap(MailAddress.init(parsing:))
        message.html = try templates.render(templates.html, context, html: true, name: "HTML template")
        message.inlineImages = inline
        message.attachments = attachments
        return message
    }

    private func read(_ path: String, option: String) throws -> MailPart {
        let data: Data
        do { data = try FileError.contents(of: path) } catch let error as FileError {
            throw ArgumentError(option, "cannot read \(path): \(error.reason)")
        }
        let name = (path as NSString).lastPathComponent
        return MailPart(
            filename: name,
            contentType: MailPart.contentType(forExtension: (name as NSString).pathExtension),
            data: data
        )
    }

    /// The width an inline PNG is shown at, in CSS pixels: its pixel width, at most 600 — what a mail
    /// client's column holds, and the daily images' 1,200 pixels drawn at scale 2 shown sharp on a
    /// high-density screen. Read from the PNG header (width: bytes 16–19, big-endian).
    static func displayWidth(of png: Data) -> Int {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24 else { return 600 }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        return min(600, max(1, width))
    }
}
