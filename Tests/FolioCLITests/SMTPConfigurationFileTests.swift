import Foundation
import Testing

/// smtp.yaml holds a password, and a mistake in it must not print the password: YAML syntax errors
/// are named by line and column (Yams's own text quotes the line, or for a duplicated key the whole
/// file), an unknown key by its line, a document that is no mapping by its kind.
@Suite struct SMTPConfigurationFileTests {
    static let password = "S3cretPW-7x"

    @Test(arguments: [
        (
            "url: smtp://127.0.0.1:25\nuser: bob\npassword: Sup3r: \(password)\n",
            "smtp.yaml:3:16: not YAML: mapping values are not allowed in this context"
        ),
        (
            "url: smtp://127.0.0.1:25\npassword: \(password)\nuser: bob\npassword: \(password)\n",
            "smtp.yaml:2:1: not YAML: the key \"password\" appears twice"
        ),
        (
            "url: smtp://127.0.0.1:25\npassword \(password): x\n",
            "smtp.yaml:2: a key that is not from, password, url, user (not shown"
        ),
        ("password \(password)\n", "smtp.yaml: top level: found a single value, expected a mapping"),
    ])
    func aMistakeInTheFileIsNamedWithoutItsPassword(_ text: String, _ message: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("folio/smtp.yaml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try text.write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        let file = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: file)
        let environment = ["XDG_CONFIG_HOME": directory.path]

        let mail = try FolioProcess.run(
            ["mail", "--attach", file.path, "--to", "a@example.com"],
            environment: environment
        )
        #expect(mail.status != 0)
        #expect(mail.stderr.contains(message), "\(mail.stderr)")
        #expect(mail.stderr.split(separator: "\n").count == 1, "\(mail.stderr)")
        #expect(!(mail.stdout + mail.stderr).contains(Self.password), "\(mail.stderr)")

        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Demo UAH\"]\nrender:\n  - chart: pie\nmail:\n  to: [ops@example.com]\n".write(
            to: jobs,
            atomically: true,
            encoding: .utf8
        )
        let batch = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path()],
            environment: environment
        )
        #expect(batch.status == 1)
        #expect(batch.stderr.contains(message), "\(batch.stderr)")
        #expect(!batch.stderr.contains(Self.password))
        let records = BatchTests.files(under: directory.appendingPathComponent("out")).filter {
            $0.lastPathComponent.hasSuffix(".folio-mail")
        }
        #expect(records.count == 1)
        for record in records { #expect(!(try String(contentsOf: record, encoding: .utf8)).contains(Self.password)) }
    }
}
