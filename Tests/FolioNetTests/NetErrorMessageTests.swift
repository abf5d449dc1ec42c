import Testing

@testable import FolioNet

/// Each error FolioNet throws, as the one line a user reads: the full string, so a changed word is seen.
@Suite struct NetErrorMessageTests {
    @Test func httpErrorNamesTheURLAndTheAttempts() {
        let once = HTTPError(url: "https://bank.gov.ua/x", reason: "HTTP 404", attempts: 1, status: 404)
        #expect(once.description == "https://bank.gov.ua/x: HTTP 404")
        let thrice = HTTPError(url: "https://bank.gov.ua/x", reason: "HTTP 503", attempts: 3, status: 503)
        #expect(thrice.description == "https://bank.gov.ua/x: HTTP 503 (after 3 attempts)")
    }

    @Test func smtpErrorSaysWhoStillGotTheMessage() {
        var error = SMTPError(url: "smtp://127.0.0.1:2525", reason: "550 mailbox unavailable", attempts: 2)
        #expect(error.description == "smtp://127.0.0.1:2525: 550 mailbox unavailable (after 2 attempts)")
        error.delivered = ["a@example.com", "b@example.com"]
        error.undelivered = ["c@example.com"]
        #expect(
            error.description
                == "smtp://127.0.0.1:2525: 550 mailbox unavailable (after 2 attempts); delivered to 2 of 3 recipients"
        )
    }

    @Test func libcurlUnavailableNamesTheLibraryAndTheFix() {
        let error = LibCurlUnavailableError(reason: "not found")
        #expect(error.description == "cannot load libcurl (\(LibCurl.soname)): not found; install libcurl4")
    }

    @Test func transferErrorsInWords() {
        #expect(TransferError.timedOut(seconds: 30).description == "no complete answer within 30 s")
        #expect(TransferError.tooLarge(limit: 1024).description == "the response is larger than the 1024-byte limit")
        #expect(TransferError.refused("no password over plain http").description == "no password over plain http")
    }
}
