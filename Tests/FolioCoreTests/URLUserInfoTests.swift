import Foundation
import Testing

@testable import FolioCore

/// A password with a raw `/` makes a URL that `URLComponents` refuses; the userinfo is still found,
/// refused as not well formed, and redacted.
@Suite struct URLUserInfoTests {
    @Test(arguments: [
        ("smtp://bob:pa/ss@127.0.0.1:2525", "bob", "pa/ss", false),
        ("http://alice:Pa55/word99@127.0.0.1:8080/x?a=1", "alice", "Pa55/word99", false),
        ("smtp://bob:pa%2Fss@127.0.0.1:2525", "bob", "pa%2Fss", true),
        ("smtps://reports%40example.com:s3:cr3t@mail.example.com", "reports%40example.com", "s3:cr3t", true),
        ("smtp://bob:pa?ss@host", "bob", "pa?ss", false),
        ("smtp://bob:p@ss@host", "bob", "p@ss", false),
        ("smtp://bob@host:25", "bob", nil, true),
    ])
    func theUserinfoRunsToTheLastAt(_ url: String, _ user: String, _ password: String?, _ wellFormed: Bool) throws {
        let info = try #require(URLUserInfo(in: url))
        #expect(info.user == user)
        #expect(info.password == password)
        #expect(info.isWellFormed == wellFormed)
    }

    @Test func urlsWithoutUserinfo() {
        #expect(URLUserInfo(in: "https://bank.gov.ua/x?date=20220224&json") == nil)
        #expect(URLUserInfo(in: "mailto:bob@example.com") == nil)
        #expect(URLUserInfo(in: "smtp://127.0.0.1:25 and bob@example.com") == nil)
    }

    @Test func removedAndDecoded() throws {
        #expect(URLUserInfo.removed(from: "smtp://bob:pa/ss@127.0.0.1:2525") == "smtp://127.0.0.1:2525")
        #expect(URLUserInfo.removed(from: "smtp://127.0.0.1:2525") == "smtp://127.0.0.1:2525")
        let info = try #require(URLUserInfo(in: "smtp://a%40b.test:pa%2Fss@host"))
        #expect(info.decodedUser == "a@b.test" && info.decodedPassword == "pa/ss")
    }

    @Test func aPasswordNoParserAcceptsIsRedacted() {
        #expect(URLComponents(string: "smtp://bob:pa/ss@127.0.0.1:2525")?.host != "127.0.0.1")
        #expect(Redaction.url("smtp://bob:pa/ss@127.0.0.1:2525") == "smtp://bob:***@127.0.0.1:2525")
        #expect(
            Redaction.url("http://alice:Pa55/word99@127.0.0.1:8080/NBU?json")
                == "http://alice:***@127.0.0.1:8080/NBU?json"
        )
        #expect(
            Redaction().apply("cannot reach smtp://bob:p@s/s#x@mail.test:25, try later")
                == "cannot reach smtp://bob:***@mail.test:25, try later"
        )
        #expect(Redaction().apply(#"{"url":"http://u:pa/ss@h/x"}"#) == #"{"url":"http://u:***@h/x"}"#)
    }
}
