import FolioCore
import FolioSources
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport

/// The kinds are declared once (`ImportKind.allCases`); what lists them elsewhere is checked against them.
@Suite struct ImportKindTests {
    /// docs/import.md's table of import kinds names every kind `folio import` takes, each once, in order.
    @Test func theManualsTableListsEveryKind() throws {
        let manual = try String(
            contentsOf: TestPaths.projectRoot.appendingPathComponent("docs/import.md"),
            encoding: .utf8
        )
        let section = try #require(manual.components(separatedBy: "## Import kinds\n").dropFirst().first)
        let rows = section.split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        let named = rows.flatMap { row in
            (row.split(separator: "|").first ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
        }
        let kinds = ImportKind.allCases.map(\.rawValue) + SavedAnswer.allCases.map(\.rawValue)
        #expect(named.sorted() == kinds.sorted())
        #expect(Set(named).count == named.count)
    }

    @Test func everyKindHasAUniqueNameHelpAndExtension() {
        let names = ImportKind.allCases.map(\.rawValue) + SavedAnswer.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for kind in ImportKind.allCases {
            #expect(ImportKind(rawValue: kind.rawValue) == kind)
            #expect(!kind.help.isEmpty && kind.help.allSatisfy { !$0.isEmpty && $0.count <= 60 }, "\(kind)")
            #expect(["csv", "json"].contains(kind.fileExtension), "\(kind)")
        }
        #expect(ImportKind(rawValue: "monobank-json") == nil)
    }
}

/// A format read with no database: what the importer hands its sink, in the file's order.
@Suite struct ImportWithoutStoreTests {
    @Test func revolutsStatementIsReadIntoTypedEntries() throws {
        let sink = RecordingSink()
        let url = TestPaths.sample("brokers/revolut-statement.csv")
        var summary = ImportSummary(file: url.path, kind: ImportKind.revolut.rawValue)
        try ImportKind.revolut.read(
            ImportInput(url: url, sink: sink, options: ImportOptions(), portfolioID: 7, kind: .revolut),
            &summary
        )
        #expect(summary.read == 13 && summary.inserted == 11 && summary.ignored == 2)
        #expect(
            sink.trades.map { "\($0.side.rawValue) \(QuantityText.describe($0.quantity)) \($0.asset)" } == [
                "buy 4 AAPL", "buy 2.5 MSFT", "buy 10.5 O", "buy 0.5 NVDA", "sell 1 MSFT",
            ]
        )
        #expect(sink.trades.allSatisfy { $0.portfolioID == 7 && $0.priceCurrency == .usd })
        #expect(
            sink.cash.map { "\($0.kind.rawValue) \(QuantityText.describe($0.amount))" } == [
                "deposit 2500", "dividend 0.82", "fee 0.24", "dividend 2.29", "withdrawal 300", "split 0",
            ]
        )
        // NVDA's split added 4.5 shares to the 0.5 held: a ratio the importer found from the entries before it.
        #expect(sink.cash.last?.ratio == 10)
    }

    @Test func aTradesFileNeedsItsPortfolio() throws {
        let sink = RecordingSink()
        let folder = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try TestPaths.write(
            "time,side,asset,quantity,price,price_currency\n2024-01-02,buy,AAPL,1,185.5,USD\n",
            "trades.csv",
            in: folder
        )
        var summary = ImportSummary(file: url.path, kind: "trades")
        let input = ImportInput(url: url, sink: sink, options: ImportOptions(), portfolioID: nil, kind: .trades)
        #expect(throws: ArgumentError.self) { try ImportKind.trades.read(input, &summary) }
        #expect(sink.trades.isEmpty)
    }
}
