import FolioTestSupport
import Foundation
import Testing

/// What is sent in clear because its server is this machine — plain SMTP to a loopback host, the
/// CoinGecko key over http to one — goes there directly, never through `all_proxy` or `http_proxy`:
/// a proxy is another machine that would read it. A second fake server plays the proxy and records
/// what it is asked.
@Suite struct LoopbackProxyTests {
    let proxy: FakeSources

    init() throws { proxy = try FakeSources() }

    /// The proxy variables as cron or a shell profile may set them, with nothing exempted.
    var proxied: [String: String] {
        let url = "http://127.0.0.1:\(proxy.port)"
        return [
            "all_proxy": url, "ALL_PROXY": url, "http_proxy": url, "https_proxy": url, "no_proxy": "", "NO_PROXY": "",
        ]
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func plainSMTPToThisMachineBypassesTheProxy(_ host: String) throws {
        let sink = try SMTPSink(credentials: "mailer:pw-through-proxy")
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: file)
        let result = try FolioProcess.run(
            ["mail", "--attach", file.path, "--to", "a@example.com", "--smtp-url", "smtp://\(host):\(sink.port)"],
            environment: proxied.merging([
                "FOLIO_SMTP_USER": "mailer", "FOLIO_SMTP_PASSWORD": "pw-through-proxy",
                "FOLIO_SMTP_RETRY_DELAY": "0.1", "XDG_CONFIG_HOME": directory.path,
            ]) { $1 }
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try sink.envelope(1).authenticated)
        let asked = try proxy.requests().map(\.path)
        #expect(asked.isEmpty, "\(asked)")
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func theCoinGeckoKeyOverPlainHTTPToThisMachineBypassesTheProxy(_ host: String) throws {
        let server = try FakeSources()
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try FolioProcess.initialisedDatabase(in: directory)
        let result = try FolioProcess.run(
            ["fetch", "coingecko", "--coins", "bitcoin", "--days", "0", "--retries", "0"],
            environment: proxied.merging([
                "FOLIO_DB": database, "FOLIO_COINGECKO_URL": "http://\(host):\(server.port)",
                "FOLIO_COINGECKO_KEY": "CG-proxy-key-123",
            ]) { $1 }
        )
        #expect(result.status == 0, "\(result.stderr)")
        let throughProxy = try proxy.requests().map(\.path)
        #expect(throughProxy.isEmpty, "\(throughProxy)")
        let asked = try server.requests()
        #expect(!asked.isEmpty && asked.allSatisfy { $0.key == "CG-proxy-key-123" })
    }
}
