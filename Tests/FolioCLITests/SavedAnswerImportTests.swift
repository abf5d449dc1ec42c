import Foundation
import GRDB
import Testing

/// Answers saved from Monobank and PrivatBank enter the database through the parsers `folio fetch`
/// uses, and the demo's bank rates make the market report's page by market.
@Suite struct SavedAnswerImportTests {
    static let monobank = """
        [{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateBuy":38.15,"rateSell":38.5996},
         {"currencyCodeA":826,"currencyCodeB":980,"date":1704837673,"rateCross":46.63}]
        """
    static let privatbank = #"[{"ccy":"EUR","base_ccy":"UAH","buy":"40.60000","sale":"41.66667"}]"#

    func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func savedAnswersAreStoredAsAFetchStoresThem() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let mono = try write(Self.monobank, "mono.json", in: directory)
        let privat = try write(Self.privatbank, "privat.json", in: directory)

        let first = try FolioProcess.run(["import", "monobank-json", mono, "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "\(mono): read 2, inserted 2, skipped 0 as duplicates\n")
        #expect(
            try FolioProcess.run(["import", "monobank-json", mono, "--db", db]).stdout
                == "\(mono): read 2, inserted 0, skipped 2 as duplicates\n"
        )
        let stored = try FolioProcess.run([
            "table", "prices", "--asset", "USD", "--currency", "UAH", "--market", "card", "--format", "csv", "--db", db,
        ])
        #expect(stored.stdout.contains("2024-01-09T22:01:13Z"), "\(stored.stdout)\(stored.stderr)")

        let cash = try FolioProcess.run([
            "import", "privatbank-json", "--market", "cash", "--time", "2024-01-10T09:00:00Z", privat, "--db", db,
        ])
        #expect(cash.status == 0 && cash.stdout.contains("inserted 1"), "\(cash.stderr)")
        let eur = try FolioProcess.run([
            "table", "prices", "--asset", "EUR", "--currency", "UAH", "--market", "cash", "--format", "csv", "--db", db,
        ])
        #expect(
            eur.stdout.contains("2024-01-10T09:00:00Z") && eur.stdout.contains("41.133335"),
            "\(eur.stdout)\(eur.stderr)"
        )
        // No fetch was logged: an old answer says nothing about when the bank was last asked.
        let logged = try DatabaseQueue(path: db).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM fetch_log") }
        #expect(logged == 0)
    }

    @Test func privatBankAnswersNeedTheirMarketAndTime() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let privat = try write(Self.privatbank, "privat.json", in: directory)
        let noMarket = try FolioProcess.run([
            "import", "privatbank-json", "--time", "2024-01-10T09:00:00Z", privat, "--db", db,
        ])
        #expect(
            noMarket.status != 0 && noMarket.stderr.contains("--market")
                && noMarket.stderr.split(separator: "\n").count == 1,
            "\(noMarket.stderr)"
        )
        let noTime = try FolioProcess.run(["import", "privatbank-json", "--market", "card", privat, "--db", db])
        #expect(noTime.status != 0 && noTime.stderr.contains("--time"), "\(noTime.stderr)")
        let monoWithTime = try FolioProcess.run([
            "import", "monobank-json", "--time", "2024-01-10T09:00:00Z", privat, "--db", db,
        ])
        #expect(monoWithTime.status != 0 && monoWithTime.stderr.contains("--time"), "\(monoWithTime.stderr)")
    }

    /// A throttled answer saved by mistake is refused with the file named, and nothing of the command
    /// is stored, the good file before it included.
    @Test func aFileThatIsNotTheSourcesAnswerWritesNothing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let good = try write(Self.monobank, "good.json", in: directory)
        let bad = try write(#"{"errorDescription":"Too many requests"}"#, "bad.json", in: directory)
        let result = try FolioProcess.run(["import", "monobank-json", good, bad, "--db", db])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: \(bad): expected an array of rates"), "\(result.stderr)")
        #expect(try FolioProcess.run(["import", "monobank-json", good, "--db", db]).stdout.contains("inserted 2"))
    }

    /// Done when: the demo's market report shows several markets with buy and sell for USD and EUR, in
    /// both languages.
    @Test(arguments: [
        ("en", ["NBU", "card · Monobank", "card · PrivatBank", "cash · PrivatBank", "Spread"]),
        ("uk", ["НБУ", "картка · Monobank", "картка · ПриватБанк", "готівка · ПриватБанк", "Спред"]),
    ])
    func theDemoMarketReportShowsRatesByMarket(locale: String, names: [String]) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("market.pdf").path
        let made = try FolioProcess.run([
            "report", "market", "--locale", locale, "--out", pdf, "--db", try DemoDatabase.path(),
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let text = try FolioProcess.tool("pdftotext", ["-layout", "-f", "1", "-l", "1", pdf, "-"]).stdout
        let lines = text.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        for currency in ["USD", "EUR"] {
            for name in names.dropLast() {
                #expect(lines.contains { $0.hasPrefix(currency + " " + name + " ") }, "\(currency) \(name) in\n\(text)")
            }
        }
        #expect(text.contains(names.last!))
        // The best buy and best sell of each currency are set in bold (poppler's XML writes <b>), not marked
        // with a character inside the figure.
        #expect(!text.contains("•"), "\(text)")
        let xml = try FolioProcess.tool("pdftohtml", ["-xml", "-i", "-stdout", "-f", "1", "-l", "1", pdf]).stdout
        let bold = xml.components(separatedBy: "<b>").dropFirst().compactMap {
            $0.components(separatedBy: "</b>").first
        }
        let figures = bold.filter { !$0.isEmpty && $0.allSatisfy { $0.isNumber || ".,\u{202F}".contains($0) } }
        #expect(figures.count == 4, "\(bold)")  // USD's and EUR's best buy and best sell
    }
}
