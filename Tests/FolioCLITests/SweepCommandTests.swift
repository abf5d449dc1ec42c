import FolioTestSupport
import Foundation
import GRDB
import Testing

/// Issue 41's sweeps that need the real `folio`: each sample of `samples/brokers` written with CR alone
/// between lines, cut mid-row, and given twice in one command; and every file of the corpus
/// (`Tests/Fixtures/sweeps`, where a crash found later is dropped). Each command ends by exit 0 or by a
/// one-line error, never by a signal; what it accepted is stored within bounds (the SQLite file is read)
/// and both exports of it are valid. `InputSweepTests` changes every cell of the same samples.
@Suite struct SweepCommandTests {
    static let corpus = TestPaths.projectRoot.appendingPathComponent("Tests/Fixtures/sweeps")
    /// Corpus folders of files `folio import` does not read: `folio-fuzz` targets of their own.
    static let readByNoImport: Set<String> = [
        "jobs", "fetch-config", "report-definition", "smtp-config", "mail-record",
    ]

    /// Import kinds that go into no portfolio.
    static let withoutPortfolio: Set = ["quotes", "stock-csv", "nbu-json", "budget", "csv", "monobank-json"]

    /// Runs `arguments`, and checks how it ended and, when it was an import that succeeded, what it stored
    /// and both exports of `portfolio`.
    static func check(
        _ s: ImportScratch,
        _ arguments: [String],
        importing portfolio: String? = nil,
        _ what: String
    ) throws {
        let result = try s.folio(arguments)
        #expect(result.signal == nil, "\(what): ended by signal \(result.signal ?? 0): \(result.stderr)")
        guard result.status == 0 else {
            #expect(
                result.status == 1 && result.stderr.hasPrefix("Error: ")
                    && result.stderr.filter { $0 == "\n" }.count == 1
                    && !result.stderr.contains("SQLite error"),
                "\(what): \(result.stderr)"
            )
            return
        }
        guard let portfolio else { return }
        let beyond = try DatabaseQueue(path: s.db).read { db in try SweepChecks.beyondBounds(db, portfolio: portfolio) }
        #expect(beyond.isEmpty, "\(what): stored beyond bounds: \(beyond)")
        let ghostfolio = try s.folio(["export", "ghostfolio", "--portfolio", portfolio])
        #expect(ghostfolio.status == 0 && ghostfolio.signal == nil, "\(what): \(ghostfolio.stderr)")
        #expect(SweepChecks.ghostfolioProblems(ghostfolio.stdout).isEmpty, "\(what): ghostfolio")
        let out = s.directory.appendingPathComponent("pp-\(portfolio)")
        let pp = try s.folio(["export", "pp-csv", "--portfolio", portfolio, "--out", out.path])
        #expect(pp.status == 0 && pp.signal == nil, "\(what): \(pp.stderr)")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(SweepChecks.portfolioPerformanceProblems(text).isEmpty, "\(what): pp-csv \(name)")
        }
    }

    @Test(arguments: SampleMutations.samples)
    func aSampleCutMidRowWithCROnlyOrGivenTwiceIsReadOrRefusedInOneLine(_ sample: SampleMutations.Sample) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let ext = sample.url.pathExtension
        for (i, variant) in try SampleMutations.fileVariants(sample).enumerated() {
            let file = try s.file("\(variant.name).\(ext)", variant.text)
            try Self.check(
                s,
                ["import", sample.kind, "--portfolio", "v\(i)", "--base", sample.base, file],
                importing: "v\(i)",
                "\(sample.file) \(variant.name)"
            )
        }
        // Twice in one command stores what one file stores.
        let once = try s.importing(sample.kind, [sample.url.path], portfolio: "once", base: sample.base)
        let twice = try s.importing(
            sample.kind,
            [sample.url.path, sample.url.path],
            portfolio: "twice",
            base: sample.base
        )
        #expect(once.status == 0 && twice.status == 0, "\(twice.stderr)")
        #expect(try s.ledger("twice") == s.ledger("once"))
        try Self.check(s, ["trades", "list"], "\(sample.file) twice")
    }

    /// Every file of the corpus, each as its directory says: an import of that kind, or a rates file.
    @Test func theCorpusIsReadOrRefusedInOneLine() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        #expect(try s.folio(["portfolio", "add", "U", "--base", "UAH"]).status == 0)
        // Files of the formats no command imports (a jobs file, a mail record…) are replayed through
        // their fuzz targets (`FuzzRegressionTests`).
        let kinds = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
            !$0.hasSuffix(".md") && !Self.readByNoImport.contains($0)
        }
        var replayed = 0
        for kind in kinds.sorted() {
            let folder = Self.corpus.appendingPathComponent(kind)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let file = folder.appendingPathComponent(name).path
                replayed += 1
                if kind == "tax-rates" {
                    try Self.check(
                        s,
                        ["table", "tax-year", "--portfolio", "U", "--year", "2024", "--tax-rates", file],
                        "\(kind)/\(name)"
                    )
                } else if Self.withoutPortfolio.contains(kind) {
                    try Self.check(s, ["import", kind, file], "\(kind)/\(name)")
                } else {
                    try Self.check(
                        s,
                        ["import", kind, "--portfolio", "c\(replayed)", "--base", "EUR", file],
                        importing: "c\(replayed)",
                        "\(kind)/\(name)"
                    )
                }
            }
        }
        #expect(replayed >= 7)
    }
}
