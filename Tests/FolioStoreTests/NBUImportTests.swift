import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

@Suite struct NBUImportTests {
    static let raw = TestPaths.sample("nbu/raw")

    /// Every recorded body: how many rates it holds and how many rows are not currencies (`"cc":"___"`).
    @Test(arguments: [
        ("19960902.json", 59, 0), ("20080101.json", 62, 1), ("20150206.json", 58, 1), ("20150207.json", 58, 1),
        ("20150208.json", 58, 1), ("20220224.json", 60, 0), ("20220225.json", 60, 0), ("20220226.json", 60, 0),
        ("20220227.json", 60, 0), ("20220302.json", 0, 0), ("20220721.json", 62, 0),
    ])
    func importsEveryRecordedBody(_ name: String, _ rates: Int, _ ignored: Int) throws {
        let t = try TemporaryStore()
        let file = Self.raw.appendingPathComponent(name)
        let first = try t.store.importFiles([file], kind: .nbuJSON)
        #expect(first[0].inserted == rates)
        #expect(first[0].ignored == ignored)
        #expect(try t.count("quote", where: "market = 'nbu' AND source = 'nbu'") == rates)
        let again = try t.store.importFiles([file], kind: .nbuJSON)
        #expect(again[0].inserted == 0)
        #expect(again[0].duplicates == rates)
        #expect(try t.count("quote") == rates)
    }

    /// The lines `folio import` prints: a file's counts, its ignored rows' reasons indented under them.
    @Test func summaryLines() throws {
        let t = try TemporaryStore()
        let files = ["20080101.json", "20220224.json"].map { Self.raw.appendingPathComponent($0) }
        let lines = try t.store.importFiles(files, kind: .nbuJSON).flatMap(\.lines)
        #expect(
            lines == [
                "\(files[0].path): read 63, inserted 62, skipped 0 as duplicates, ignored 1",
                "  [33]: cc \"___\" is not a currency code (r030 255), row skipped",
                "\(files[1].path): read 60, inserted 60, skipped 0 as duplicates",
            ]
        )
        #expect(
            try t.store.importFiles([files[1]], kind: .nbuJSON)[0].lines == [
                "\(files[1].path): read 60, inserted 0, skipped 60 as duplicates"
            ]
        )
    }

    @Test func ratesAreUAHPerUnitOnTheirDay() throws {
        let t = try TemporaryStore()
        _ = try t.store.importFiles(
            ["19960902.json", "20220224.json", "20220226.json"].map { Self.raw.appendingPathComponent($0) },
            kind: .nbuJSON
        )
        let usd = try t.store.quotes(asset: "USD", currency: "UAH", market: .nbu)
        #expect(usd.map { Day($0.time).iso } == ["1996-09-02", "2022-02-24", "2022-02-26"])
        #expect(usd.map(\.price) == [1.761, 29.2549, 29.2549])
        #expect(try t.store.assets().first { $0.code == "USD" }?.name == "Долар США")
        #expect(try t.store.assets().first { $0.code == "USD" }?.kind == .fiat)
    }

    @Test func periodBodiesUseTheRatePerUnit() throws {
        let t = try TemporaryStore()
        let body = """
            [{"exchangedate":"01.02.2022","r030":392,"cc":"JPY","txt":"Єна","enname":"Yen","rate":2.4552,"units":10,"rate_per_unit":0.24552,"group":"2","calcdate":"31.01.2022"},
             {"exchangedate":"02.02.2022","r030":392,"cc":"JPY","txt":"Єна","enname":"Yen","rate":2.4601,"units":10,"group":"2","calcdate":"01.02.2022"}]
            """
        let file = try TestPaths.write(body, "period.json", in: t.directory)
        _ = try t.store.importFiles([file], kind: .nbuJSON)
        let prices = try t.store.quotes(asset: "JPY").map(\.price)
        #expect(prices.count == 2)
        #expect(prices[0] == 0.24552)
        #expect(abs(prices[1] - 0.24601) < 1e-12)
    }

    @Test func theNonJSONErrorBodyIsRejectedAndWritesNothing() throws {
        let t = try TemporaryStore()
        let good = Self.raw.appendingPathComponent("20220224.json")
        let bad = try TestPaths.write("[{ Wrong date format }]", "bad-date.json", in: t.directory)
        #expect {
            _ = try t.store.importFiles([good, bad], kind: .nbuJSON)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix(bad.path + ": not JSON") && message.contains("Wrong date format")
        }
        #expect(try t.count("quote") == 0)
        #expect(try t.count("asset") == 0)
    }

    @Test(arguments: [
        (#"{"cc":"USD"}"#, "expected an array"),
        (#"[{"cc":"USD","rate":"x","exchangedate":"24.02.2022"}]"#, "[0].rate: found \"x\""),
        (#"[{"cc":"USD","rate":0,"exchangedate":"24.02.2022"}]"#, "[0].rate"),
        (#"[{"cc":"USD","rate":29.1,"exchangedate":"2022-02-24"}]"#, "[0].exchangedate"),
        (#"[{"rate":29.1,"exchangedate":"24.02.2022"}]"#, "[0].cc: missing"),
        (#"[1]"#, "[0]: found 1"),
    ])
    func malformedBodiesNameTheField(_ body: String, _ expected: String) throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(body, "x.json", in: t.directory)
        #expect {
            _ = try t.store.importFiles([file], kind: .nbuJSON)
        } throws: { error in
            "\(error)".contains(expected)
        }
        #expect(try t.count("quote") == 0)
    }
}
