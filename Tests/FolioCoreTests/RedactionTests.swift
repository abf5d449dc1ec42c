import Foundation
import Testing

@testable import FolioCore

@Suite struct RedactionTests {
    @Test func replacesEverySecretAndTheLongerOneWhole() {
        let redaction = Redaction(secrets: ["CG-demo-key-123", "CG-demo", nil, "pw"])
        let echoed = #"{"error":"bad header x-cg-demo-api-key: CG-demo-key-123","hint":"CG-demo"}"#
        #expect(redaction.apply(echoed) == #"{"error":"bad header x-cg-demo-api-key: ***","hint":"***"}"#)
    }

    /// A configured user or password is a known exact string: hidden whatever its length, though one
    /// shorter than four characters only where it stands alone (it would garble every word holding it).
    @Test func shortSecretsAreReplacedWhereTheyStandAlone() {
        let redaction = Redaction(secrets: ["bob", "pw", ""])
        #expect(
            redaction.apply("550 no mail for bob@example.com (user bob, pw)")
                == "550 no mail for ***@example.com (user ***, ***)"
        )
        #expect(redaction.apply("bobsled pwd upbob") == "bobsled pwd upbob")
        let bytes = Data("MAIL FROM bob; bobby; pw".utf8)
        #expect(String(decoding: redaction.redacting(bytes), as: UTF8.self) == "MAIL FROM ***; bobby; ***")
    }

    @Test func removesPasswordsOfURLsAndSecretParametersInsideText() {
        let text = "cannot reach smtp://bob:s3cret@mail.example.com:587 (see https://x.test/a?ids=1&apikey=ZZZ9&b=2)"
        #expect(
            Redaction().apply(text)
                == "cannot reach smtp://bob:***@mail.example.com:587 (see https://x.test/a?ids=1&apikey=***&b=2)"
        )
    }

    @Test func escapesControlCharactersAndKeepsOneLine() {
        let body = "\u{1B}[2J\u{1B}[31mred\u{07}\nnext\tline\u{9B}"
        #expect(Redaction().apply(body) == "\\x1B[2J\\x1B[31mred\\x07 next line\\x9B")
        #expect(Redaction().apply("Ціна ₴ 41,5") == "Ціна ₴ 41,5")
    }

    @Test func redactsURLsByTheirParts() {
        #expect(
            Redaction.url("https://api.example.com/v3/x?ids=bitcoin&x_cg_demo_api_key=abc123")
                == "https://api.example.com/v3/x?ids=bitcoin&x_cg_demo_api_key=***"
        )
        #expect(Redaction.url("smtp://user:pw@mail.example.com:587") == "smtp://user:***@mail.example.com:587")
        #expect(Redaction.url("https://bank.gov.ua/x?date=20220224&json") == "https://bank.gov.ua/x?date=20220224&json")
    }
}

@Suite struct RedactionOfBytesTests {
    @Test func secretsAreReplacedInTheBytesBeforeAnyCut() {
        let secret = "CG-" + String(repeating: "k3y", count: 50)
        let body = Data("you sent: x-cg-demo-api-key: \(secret)\nand again \(secret)".utf8)
        let redacted = Redaction(secrets: [secret]).redacting(body)
        #expect(String(decoding: redacted, as: UTF8.self) == "you sent: x-cg-demo-api-key: ***\nand again ***")
        #expect(Redaction().redacting(body) == body)
    }
}
