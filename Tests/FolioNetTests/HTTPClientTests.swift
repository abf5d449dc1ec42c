import Foundation
import Testing

@testable import FolioNet

/// The pieces that decide where a request and its credentials may go.
@Suite struct HTTPClientTests {
    @Test func originsAsLibcurlReadsThem() {
        #expect(Origin(url: "https://api.coingecko.com/api/v3/ping")?.description == "https://api.coingecko.com:443")
        #expect(Origin(url: "HTTP://Example.COM:8080/x") == Origin(url: "http://example.com:8080/y?z"))
        #expect(Origin(url: "http://example.com/") != Origin(url: "https://example.com/"))
        #expect(Origin(url: "http://example.com/") == Origin(url: "http://example.com:80/"))
        #expect(Origin(url: "http://[::1]:8080/")?.host == "[::1]")
        #expect(Origin(url: "http://user:pw@127.0.0.1:9/")?.host == "127.0.0.1")
        for notHTTP in [
            "file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://example.com/", "/relative/path", "not a url", "",
        ] {
            #expect(Origin(url: notHTTP) == nil, "\(notHTTP)")
        }
    }

    @Test(arguments: [
        "127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "localhost.", "::ffff:127.0.0.1",
    ])
    func loopbackHosts(_ host: String) {
        #expect(Loopback.isLoopback(host: host))
    }

    @Test(arguments: [
        "192.0.2.1", "10.0.0.1", "0.0.0.0", "::", "::ffff:192.0.2.1", "127.example.invalid",
        "localhost.example.invalid", "", "[]",
    ])
    func otherHosts(_ host: String) {
        #expect(!Loopback.isLoopback(host: host))
    }

    /// A loopback host is pinned to the addresses it was checked with; an address literal needs no pin.
    @Test func loopbackPins() {
        #expect(
            Loopback.Pin(host: "localhost", port: 2525, addresses: ["127.0.0.1", "::1"]).resolve
                == "localhost:2525:127.0.0.1,[::1]"
        )
        #expect(Loopback.Pin(host: "127.0.0.1", port: 2525, addresses: ["127.0.0.1"]).resolve == nil)
        #expect(Loopback.Pin(host: "[::1]", port: 80, addresses: ["::1"]).resolve == nil)
    }

    @Test func retryAfterIsDigitsOrADate() {
        let now = Date(timeIntervalSince1970: 1_795_280_400)
        #expect(RetryAfter.seconds("120", now: now) == 120)
        for notSeconds in ["1e30", "inf", "nan", "0x10", "-5", "12.5"] {
            #expect(RetryAfter.seconds(notSeconds, now: now) == nil, "\(notSeconds)")
        }
        #expect(RetryAfter.seconds(String(repeating: "9", count: 400), now: now) == nil)
        #expect(RetryAfter.describe(1e30) == "1e+30")
        #expect(RetryAfter.describe(86_400) == "86400")
    }

    @Test func aRequestsSecretsAreItsCredentialsAndItsURLPassword() {
        let redaction = HTTPClient.redaction(
            url: "http://folio:hunter2-secret@127.0.0.1:9/x",
            credentials: ["x-cg-demo-api-key": "CG-abcdef"]
        )
        let basic = Data("folio:hunter2-secret".utf8).base64EncodedString()
        #expect(
            redaction.apply("key CG-abcdef, Authorization: Basic \(basic), password hunter2-secret")
                == "key ***, Authorization: Basic ***, password ***"
        )
    }

    @Test func transientFailuresAreTheOnlyOnesRetried() {
        #expect(TransferError.timedOut(seconds: 30).isTransient)
        #expect(TransferError.transport(code: 7, message: "Couldn't connect to server").isTransient)
        #expect(TransferError.transport(code: 56, message: "Failure when receiving data from the peer").isTransient)
        #expect(!TransferError.transport(code: 1, message: "Unsupported protocol").isTransient)
        #expect(
            !TransferError.transport(code: 60, message: "SSL peer certificate or SSH remote key was not OK").isTransient
        )
        #expect(!TransferError.redirect("more than 5 redirects (a redirect loop?)").isTransient)
        #expect(!TransferError.refused("will not send").isTransient)
        #expect(!TransferError.tooLarge(limit: 1).isTransient)
    }
}
