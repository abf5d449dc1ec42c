import FolioCore
import FolioNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Mail a portfolio is owed by the jobs file's mail step. The record is written before the first new
/// output of the portfolio is drawn and removed once the server has taken the message, so a mail that
/// was not delivered — the server down or refusing, the run killed or crashed between rendering and
/// sending — is pending, and the next run sends the portfolio's outputs even when nothing in it
/// changed, without rendering anything again. Delivery is at least once: a run killed after the
/// server took the message but before the record was removed sends it again.
///
/// `.folio-mail` in the portfolio's own folder (`out/{portfolio}/` of `out/{portfolio}/{date}/…`), else
/// `.PORTFOLIO.folio-mail` in the output root (`out/` of `out/{date}/{portfolio}/{report}.{ext}`), so
/// that it stays in one place when the as-of day moves. Text, for people too:
///
///     folio 0.1.0
///     since 2026-11-21T02:15:04Z
///     failed 2026-11-21T02:16:10Z smtp://mail.example.com:587: cannot connect (is the server running?) …
///     owed b@example.com
///
/// `owed` lines appear when the server took the message for some recipients and not the others (a
/// recipient limit, then a refusal): only those are sent it again. A new output of the portfolio
/// starts a new record, owed to every recipient. Unknown lines are skipped and the Folio version is
/// not checked: mail owed before an upgrade is still owed after it.
package struct PendingMail: Equatable, Sendable, Codable {
    let file: URL
    var since: String
    var failure: String?
    /// Envelope recipients the message is still owed to; empty: all of them.
    var owed: [String] = []

    static let fileName = ".folio-mail"

    init(file: URL, since: String = ISOTime.format(Date()), failure: String? = nil, owed: [String] = []) {
        self.file = file
        self.since = since
        self.failure = failure
        self.owed = owed
    }

    /// Where a portfolio's record lives: beside the outputs of the first job.
    static func file(for jobs: JobsFile, component: String) -> URL {
        let template = jobs.jobs.first?.output ?? JobsFile.defaultOutput
        if let folder = OutputPath.portfolioFolder(template, component: component) {
            return folder.appendingPathComponent(fileName)
        }
        return OutputPath.root(template).appendingPathComponent("." + component + fileName)
    }

    /// What a record can hold: its three lines and an `owed` line per recipient of a long list.
    static let maxBytes = 64 << 10

    /// The record at `file`, nil when there is none. One that a crash left empty is still a record; one
    /// larger than any record (`maxBytes`) is not read but refused, naming it: that portfolio fails and
    /// the run goes on with the others.
    package static func read(_ file: URL) throws -> PendingMail? {
        guard BatchFile.size(of: file) != nil else { return nil }
        let data: Data
        do { data = try BoundedFile.read(file.path, limit: maxBytes) } catch let large as BoundedFile.TooLargeError {
            throw BatchFileError(description: "\(file.path): \(large.sizeText), the limit for a pending-mail record")
        }
        var record = PendingMail(file: file, since: "")
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "since": record.since = parts[1]
            case "failed": record.failure = parts[1]
            case "owed" where MailAddress.isValid(parts[1]): record.owed.append(parts[1])
            default: break
            }
        }
        return record
    }

    var text: String {
        var lines = ["folio \(FolioVersion.current)", "since \(since)"]
        if let failure { lines.append("failed " + Redaction.escapingControlCharacters(failure)) }
        lines += owed.map { "owed \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Atomic, like the outputs (a temporary sibling renamed into place); its folder is made if needed.
    func write() throws {
        try FileError.createDirectory(file.deletingLastPathComponent())
        try AtomicFile.write(Array(text.utf8), to: file)
    }

    func remove() throws {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw FileError(path: file.path, errno: errno)
        }
    }
}
