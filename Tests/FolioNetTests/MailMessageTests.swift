import Foundation
import Testing

@testable import FolioNet

@Suite struct MailMessageTests {
    private func message() -> MailMessage {
        var m = MailMessage(
            from: MailAddress(name: "Folio", address: "reports@example.com"),
            to: [
                MailAddress(name: "Олена Коваль", address: "olena@example.com"),
                MailAddress(address: "ivan@example.com"),
            ],
            subject: "Щоденні графіки портфеля «Demo UAH» — 21.11.2026, вартість 1 234 567,89 ₴",
            text: "Рядок 1\nРядок 2",
            date: Date(timeIntervalSince1970: 1_795_280_400),
            messageID: "m1@folio"
        )
        m.cc = [MailAddress(address: "IVAN@example.com")]
        m.bcc = [MailAddress(address: "archive@example.com")]
        m.html = "<p>Графік</p><img src=\"cid:chart-1@folio\">"
        m.inlineImages = [
            MailPart(
                filename: "line.png",
                contentType: "image/png",
                data: Data(repeating: 7, count: 5000),
                contentID: "chart-1@folio"
            )
        ]
        m.attachments = [MailPart(filename: "звіт.pdf", contentType: "application/pdf", data: Data("%PDF-1.4".utf8))]
        return m
    }

    @Test func linesEndInCRLFAndStayShort() {
        let text = String(decoding: message().rendered(boundarySeed: "seed"), as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.count <= 78 }, "\(lines.filter { $0.count > 78 })")
    }

    @Test func bccIsAnEnvelopeRecipientOnly() {
        let m = message()
        #expect(m.envelopeRecipients == ["olena@example.com", "ivan@example.com", "archive@example.com"])
        let headers = String(decoding: m.rendered(boundarySeed: "seed"), as: UTF8.self).components(
            separatedBy: "\r\n\r\n"
        )[0]
        #expect(!headers.lowercased().contains("bcc"))
        #expect(!headers.contains("archive@example.com"))
        #expect(headers.contains("Date: Sat, 21 Nov 2026 17:00:00 +0000"))
        #expect(headers.contains("Message-ID: <m1@folio>"))
    }

    @Test func theSubjectIsEncodedInWholeCharacters() throws {
        let subject = message().subject
        let words = EncodedWord.words(subject)
        #expect(words.count > 1)
        var decoded = ""
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            let payload = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            decoded += try #require(String(data: payload, encoding: .utf8), "a word split a character")
        }
        #expect(decoded == subject)
        #expect(EncodedWord.text("Daily charts") == "Daily charts")
        #expect(EncodedWord.phrase("Doe, John") == "\"Doe, John\"")
    }

    @Test func aTextOnlyMessageIsOnePart() {
        let m = MailMessage(
            from: MailAddress(address: "a@example.com"),
            to: [MailAddress(address: "b@example.com")],
            subject: "Hi",
            text: "Hello",
            date: Date(timeIntervalSince1970: 0),
            messageID: "x@folio"
        )
        let text = String(decoding: m.rendered(boundarySeed: "s"), as: UTF8.self)
        #expect(!text.contains("multipart"))
        #expect(
            text.contains(
                "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nSGVsbG8=\r\n"
            )
        )
    }

    /// RFC 2231: a plain name is quoted; any other is percent-encoded, in pieces short enough for a line,
    /// whole characters in each, so a quote or semicolon in it can never start a parameter of its own.
    @Test(arguments: [
        ("chart.png", "filename=\"chart.png\""),
        ("q\"; x-evil=\"1.txt", "filename*=UTF-8''q%22%3B%20x-evil%3D%221.txt"),
        ("a\\b\r\nBcc: x@example.com.pdf", "filename*=UTF-8''a%5Cb%0D%0ABcc%3A%20x%40example.com.pdf"),
        ("Звіт.pdf", "filename*=UTF-8''%D0%97%D0%B2%D1%96%D1%82.pdf"),
        (
            "Звіт портфеля.pdf",
            "filename*0*=UTF-8''%D0%97%D0%B2%D1%96%D1%82%20%D0%BF%D0%BE; filename*1*=%D1%80%D1%82%D1%84%D0%B5%D0%BB%D1%8F.pdf"
        ),
    ])
    func fileNamesAreEncodedPerRFC2231UnlessPlain(_ name: String, _ parameter: String) {
        #expect(MIMEParameter.encode("filename", name) == parameter)
    }

    @Test func aLongFileNameKeepsEveryLineShort() throws {
        var m = message()
        m.attachments = [
            MailPart(
                filename: String(repeating: "Довга назва звіту ", count: 6) + ".pdf",
                contentType: "application/pdf",
                data: Data("%PDF".utf8)
            )
        ]
        let text = String(decoding: m.rendered(boundarySeed: "seed"), as: UTF8.self)
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.count <= 78 })
        #expect(text.contains("filename*7*="))
    }

    @Test func addresses() {
        #expect(
            MailAddress(parsing: "Олена <olena@example.com>")
                == MailAddress(name: "Олена", address: "olena@example.com")
        )
        #expect(MailAddress(parsing: "ops@localhost") == MailAddress(address: "ops@localhost"))
        for bad in ["", "olena", "@example.com", "a@", "a b@example.com", "a@b@c", "a@example.com, b@example.com"] {
            #expect(MailAddress(parsing: bad) == nil, "\(bad)")
        }
    }

    /// Loopback is decided on the addresses a name resolves to, not on its spelling. Names under `.test`
    /// (RFC 2606) never resolve, with DNS or without, so they are not loopback anywhere.
    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.0.0.2", true), ("127.1", true),
        ("::1", true), ("[::1]", true),
        ("127.0.0.1.evil.test", false), ("127.evil.test", false), ("0.0.0.0", false), ("::", false),
        ("::ffff:10.0.0.1", false), ("10.0.0.1", false), ("128.0.0.1", false), ("mail.example.com", false), ("", false),
        ("[", false),
    ])
    func loopbackIsDecidedOnTheResolvedAddresses(_ host: String, _ loopback: Bool) {
        #expect(Loopback.isLoopback(host: host) == loopback, "\(host)")
    }

    @Test func settingsForTLSAndTheShownURL() {
        #expect(SMTPSettings(url: "smtps://mail.example.com:465").isImplicitTLS)
        #expect(!SMTPSettings(url: "smtp://mail.example.com:587").isImplicitTLS)
        #expect(SMTPSettings(url: "smtp://mail.example.com").port == 25)
        // A URL from FOLIO_SMTP_URL or the configuration file may carry them; what is printed does not.
        #expect(
            SMTPSettings(url: "smtp://reports:s3cret@mail.example.com:587").shownURL == "smtp://mail.example.com:587"
        )
    }

    @Test func theRedactionHidesTheUserAndPasswordAlsoAsAUTHSendsThem() {
        let redaction = SMTPSettings(url: "smtp://127.0.0.1:25", username: "reports", password: "s3cret-pw").redaction
        let plain = Data("\0reports\0s3cret-pw".utf8).base64EncodedString()
        let login = Data("s3cret-pw".utf8).base64EncodedString()
        let shown = redaction.apply("535 5.7.8 bad \(plain) for reports, \(login) or s3cret-pw\u{1B}[2J")
        #expect(shown == "535 5.7.8 bad *** for ***, *** or ***\\x1B[2J")
    }

}

@Suite struct HTTPPartsTests {
    @Test func retryAfterInSecondsOrAsADate() {
        let now = Date(timeIntervalSince1970: 1_795_280_400)  // Sat, 21 Nov 2026 17:00:00 GMT
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds("Sat, 21 Nov 2026 17:00:30 GMT", now: now) == 30)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
        #expect(RetryAfter.seconds(nil, now: now) == nil)
    }
}

/// What the SMTP client knows of a session, fed as libcurl's debug callback feeds it.
@Suite struct SMTPTranscriptTests {
    @Test func repliesAreReadAcrossPiecesAndLinesAndMatchedToTheirCommand() {
        let transcript = SMTPTranscript()
        transcript.received(Array("220 mail.example.com ESMTP\r\n".utf8))
        transcript.sent("EHLO vm\r\n")
        transcript.received(Array("250-mail.example.com\r\n250-SIZE 1000\r".utf8))
        transcript.received(Array("\n250 HELP\r\n".utf8))
        #expect(transcript.lastReply == SMTPReply(code: 250, text: "mail.example.com SIZE 1000 HELP"))
        transcript.sent("MAIL FROM:<a@example.com> SIZE=20\r\n")
        transcript.received(Array("250 OK\r\n".utf8))
        for n in 1...3 {
            transcript.sent("RCPT TO:<r\(n)@example.com>\r\n")
            transcript.received(Array((n < 3 ? "250 OK\r\n" : "452 4.5.3 Too many recipients\r\n").utf8))
        }
        #expect(transcript.acceptedRecipients == 2)
        #expect(transcript.lastReplyTo == .command("RCPT TO:<r3@example.com>") && !transcript.awaitingReply)
        transcript.sent("QUIT\r\n")
        transcript.received(Array("221 Bye\r\n".utf8))
        #expect(transcript.lastReply?.code == 452)  // the goodbye is not the answer that mattered
    }

    /// AUTH LOGIN sends the user and password base64-encoded after each 334: whatever they look like
    /// (here a password whose encoding reads "DATA"), they are never taken for a command and shown.
    @Test func authContinuationsAreNeverReadAsCommands() {
        let transcript = SMTPTranscript()
        transcript.received(Array("220 ready\r\n".utf8))
        transcript.sent("AUTH LOGIN\r\n")
        transcript.received(Array("334 VXNlcm5hbWU6\r\n".utf8))
        transcript.sent("cmVwb3J0cw==\r\n")
        transcript.received(Array("334 UGFzc3dvcmQ6\r\n".utf8))
        transcript.sent("DATA\r\n")
        #expect(transcript.step == .command("AUTH") && transcript.awaitingReply)
    }

    /// The wait of a step starts when its command goes out; lines that do not end a reply do not restart
    /// it, and a QUIT said while a reply is still awaited asks for the connection to be cut.
    @Test func theWaitStartsAtTheCommandAndOnlyAReplyEndsIt() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let transcript = SMTPTranscript(now: start)
        transcript.received(Array("220 ready\r\n".utf8))
        #expect(!transcript.sent("MAIL FROM:<a@example.com>\r\n", at: start.addingTimeInterval(1)))
        transcript.received(Array("250-x\r\n250-x\r\nnot smtp\r\n".utf8))
        #expect(transcript.waitingSince == start.addingTimeInterval(1))
        #expect(transcript.awaitingReply && transcript.unansweredLines == 3 && transcript.foreignLines == 1)
        #expect(transcript.sent("QUIT\r\n"))  // gave up on MAIL FROM: cut the goodbye short
        let answered = SMTPTranscript(now: start)
        answered.received(Array("220 ready\r\n".utf8))
        answered.sent("MAIL FROM:<a@example.com>\r\n")
        answered.received(Array("550 no\r\n".utf8))
        #expect(!answered.sent("QUIT\r\n") && answered.unansweredLines == 0)
    }

    @Test func aLongOrHostileReplyIsCut() {
        let transcript = SMTPTranscript()
        transcript.received(Array(("554 " + String(repeating: "x", count: 5000) + "\r\n").utf8))
        #expect((transcript.lastReply?.text.count ?? 0) <= SMTPTranscript.maxReplyCharacters + 1)
    }
}
