import FolioTestSupport
import Foundation

/// A real SMTP server on 127.0.0.1 (Tests/Support/smtp_sink.py, aiosmtpd) that saves what it accepts.
final class SMTPSink {
    private let server: PythonServer
    let directory: URL
    var port: Int { server.port }
    var url: String { "smtp://127.0.0.1:\(port)" }

    /// `mode`: the faults, comma-separated (see Tests/Support/smtp_sink.py: ok, tempfail-once, permfail,
    /// drop, reject-mail, reject-rcpt, limit=N, refuse-after=N, silent, stall-data, echo-secrets, hang-mail,
    /// garbage-mail, drip-mail);
    /// `credentials` ("user:password") makes AUTH required.
    init(mode: String = "ok", credentials: String? = nil) throws {
        directory = try Paths.temporaryDirectory()
        server = try PythonServer(
            script: "smtp_sink.py",
            arguments: [directory.path, mode] + (credentials.map { [$0] } ?? [])
        )
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The envelope of the n-th accepted message (1-based).
    func envelope(_ n: Int) throws -> (from: String, recipients: [String], authenticated: Bool) {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(n).json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return (
            object["mail_from"] as? String ?? "", object["rcpt_tos"] as? [String] ?? [],
            object["auth"] as? Bool ?? false
        )
    }

    /// What clients did, a line each: "EHLO" per session, "MAIL <a>", "RCPT <a>", "DATA"; "connect" when silent.
    var events: [String] {
        ((try? String(contentsOf: directory.appendingPathComponent("events"), encoding: .utf8)) ?? "").split(
            separator: "\n"
        ).map(String.init)
    }

    var received: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".eml") }
            .count
    }

    /// The n-th message as Python's email package reads it (Tests/Support/read_mail.py).
    func read(_ n: Int) throws -> [String: Any] {
        let result = Process()
        result.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        result.arguments = [
            "python3", Paths.projectRoot.appendingPathComponent("Tests/Support/read_mail.py").path,
            directory.appendingPathComponent("\(n).eml").path, directory.appendingPathComponent("parts-\(n)").path,
        ]
        let out = Pipe()
        result.standardOutput = out
        try result.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        result.waitUntilExit()
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

}
