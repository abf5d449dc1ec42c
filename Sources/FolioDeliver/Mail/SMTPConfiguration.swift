import FolioCore
import FolioNet
import FolioYAML
import Foundation

/// Where mail goes and who sends it: `--smtp-url`, else `FOLIO_SMTP_URL`, else the configuration file;
/// user and password from `FOLIO_SMTP_USER` / `FOLIO_SMTP_PASSWORD` or the file, never from argv.
/// The file (default `~/.config/folio/smtp.yaml`) must not be readable by group or others, because it
/// holds a password:
///
///     url: smtps://smtp.example.com:465
///     user: reports@example.com
///     password: …
///     from: Folio reports <reports@example.com>
package struct SMTPConfiguration: Sendable {
    var url: String?
    var user: String?
    var password: String?
    var from: String?

    static func defaultPath(environment: [String: String]) -> String {
        let home =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return home + "/folio/smtp.yaml"
    }

    package static func load(
        path explicit: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SMTPConfiguration {
        let path = explicit ?? defaultPath(environment: environment)
        var config = SMTPConfiguration()
        if FileManager.default.fileExists(atPath: path) {
            try checkPrivate(path)
            let reader = ConfigReader(file: path)
            let root = try reader.secretMapping(["url", "user", "password", "from"])
            config.url = try root["url"].map { try reader.string($0, at: "url") }
            config.user = try root["user"].map { try reader.string($0, at: "user") }
            config.password = try root["password"].map { try reader.string($0, at: "password") }
            config.from = try root["from"].map { try reader.string($0, at: "from") }
        } else if explicit != nil {
            throw ArgumentError("--smtp-config", "\(path) does not exist")
        }
        if let url = environment["FOLIO_SMTP_URL"], !url.isEmpty { config.url = url }
        if let user = environment["FOLIO_SMTP_USER"], !user.isEmpty { config.user = user }
        if let password = environment["FOLIO_SMTP_PASSWORD"], !password.isEmpty { config.password = password }
        if let from = environment["FOLIO_MAIL_FROM"], !from.isEmpty { config.from = from }
        return config
    }

    /// Refuses a password file that others can read, as ssh does with private keys.
    private static func checkPrivate(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ArgumentError(message: "\(path): cannot be read") }
        if info.st_mode & 0o077 != 0 {
            throw ArgumentError(
                message:
                    "\(path): readable by others (mode \(String(info.st_mode & 0o777, radix: 8))); it holds a password — run chmod 600 \(path)"
            )
        }
    }
}
