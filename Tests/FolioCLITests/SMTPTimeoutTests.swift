import Foundation
import Testing

/// `--timeout` is the longest wait for each reply, and the message says truthfully how long it waited:
/// libcurl's QUIT after a timed-out reply used to wait the timeout a second time, and lines that did
/// not end a reply (continuation lines dripped forever, or lines that are not SMTP) restarted the
/// clock the message was measured with.
@Suite struct SMTPTimeoutTests {
    @Test(arguments: [
        ("hang-mail", "no answer to MAIL FROM:<reports@example.com> within 2 s (after 3 attempts)"),
        ("garbage-mail", "no complete answer to MAIL FROM:<reports@example.com> within 2 s (it sent "),
        ("drip-mail", "no complete answer to MAIL FROM:<reports@example.com> within 2 s (it sent "),
        ("stall-data", "no answer to the end of the message within 2 s (after 3 attempts)"),
    ])
    func eachAttemptWaitsTheTimeoutOnceAndSaysSo(_ mode: String, _ reason: String) throws {
        let sink = try SMTPSink(mode: mode)
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: file)
        let result = try FolioProcess.run(
            [
                "mail", "--attach", file.path, "--to", "a@example.com", "--from", "reports@example.com", "--smtp-url",
                sink.url, "--timeout", "2",
            ],
            environment: ["FOLIO_SMTP_RETRY_DELAY": "0.1", "XDG_CONFIG_HOME": directory.path]
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        if mode == "garbage-mail" {
            #expect(result.stderr.contains(" lines that are not SMTP) (after 3 attempts)"), "\(result.stderr)")
        }
        if mode == "drip-mail" {
            #expect(
                result.stderr.contains(" continuation lines, never the last one) (after 3 attempts)"),
                "\(result.stderr)"
            )
        }
        #expect(sink.events.filter { $0 == "EHLO" }.count == 3, "\(sink.events)")
        // Three waits of 2 s and two pauses of 0.1 s; each wait used to be 4 s (12 s in all).
        #expect(result.seconds > 5.9 && result.seconds < 8, "\(result.seconds) s")
    }
}
