import FolioCore
import FolioTestSupport
import Foundation
import GRDB
import Testing

@testable import FolioImport
@testable import FolioStore

/// Issue 41's sweeps over `samples/brokers` (the brokers' files and the interchange formats), run on the
/// importers themselves — the code `folio import` runs, without a process per file, so that thousands of
/// variants take seconds (`SweepCommandTests` runs the file-level ones and the corpus through `folio`).
/// Each cell is blanked, each number made 1e308, -1e308, 1e-400, NaN, inf, -5 and 0, each JSON value made
/// null: every variant is refused in one line naming its file (never a raw SQLite error, never a trap,
/// which would end this test's process), or stored with every number within `NumberBounds`, and both
/// exports of what was stored are files their readers take.
@Suite struct InputSweepTests {
    @Test(arguments: SampleMutations.samples)
    func everyChangedCellIsRefusedInOneLineOrStoredWithinBounds(_ sample: SampleMutations.Sample) throws {
        let t = try TemporaryStore()
        let kind = try #require(ImportKind(rawValue: sample.kind))
        let variants = try SampleMutations.cellVariants(sample)
        let ext = sample.file.hasSuffix(".json") ? "json" : "csv"
        var outcomes = (accepted: 0, refused: 0)
        for (i, variant) in variants.enumerated() {
            let file = t.directory.appendingPathComponent("v\(i).\(ext)")
            try Data(variant.text.utf8).write(to: file)
            var options = ImportOptions(portfolio: "p\(i)")
            options.newPortfolioBase = AssetCode(sample.base)
            do {
                _ = try t.store.importFiles([file], kind: kind, options: options)
                outcomes.accepted += 1
            } catch let error as ImportError {
                outcomes.refused += 1
                let line = "\(error)"
                #expect(line.hasPrefix(file.path) && !line.contains("\n"), "\(variant.name): \(line)")
                continue
            } catch {
                Issue.record("\(sample.file) \(variant.name): not an import's refusal: \(error)")
                continue
            }
            try Self.checkStored(t, portfolio: "p\(i)", variant: "\(sample.file) \(variant.name)")
        }
        // The sweep covers the file: both outcomes happen, and every variant is one of them.
        #expect(
            outcomes.accepted > 0 && outcomes.refused > 0 && outcomes.accepted + outcomes.refused == variants.count,
            "\(outcomes) of \(variants.count)"
        )
    }

    /// What an accepted import stored is within bounds, and both exports of its portfolio are valid.
    static func checkStored(_ t: TemporaryStore, portfolio: String, variant: String) throws {
        let beyond = try t.store.read { db in try SweepChecks.beyondBounds(db, portfolio: portfolio) }
        #expect(beyond.isEmpty, "\(variant): \(beyond)")
        let ghostfolio = try t.store.exportGhostfolio(portfolio: portfolio)
        for (_, text) in ghostfolio.files {
            let problems = SweepChecks.ghostfolioProblems(text)
            #expect(problems.isEmpty, "\(variant): ghostfolio: \(problems)")
        }
        let pp = try t.store.exportPortfolioPerformance(portfolio: portfolio)
        for (name, text) in pp.files {
            let problems = SweepChecks.portfolioPerformanceProblems(text)
            #expect(problems.isEmpty, "\(variant): pp-csv \(name): \(problems)")
        }
    }
}
