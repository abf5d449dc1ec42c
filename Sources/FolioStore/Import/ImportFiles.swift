import FolioCore
import FolioImport
import Foundation
internal import GRDB

extension Store {
    /// Imports `files` as `kind` in one transaction: every row of every file, or nothing.
    /// Re-importing a file adds nothing; its rows count as duplicates. A row whose key is stored with
    /// other values is reported, and replaces the stored row with `options.replace`.
    public func importFiles(
        _ files: [URL],
        kind: ImportKind,
        options: ImportOptions = ImportOptions()
    ) throws -> [ImportSummary] {
        try kind.check(options)
        return try write { db in
            let sink = try StoreSink(db: db, conflicts: options.replace ? .replace : .report)
            var portfolioID: Int64?
            var created: String?
            // Without a portfolio, an import that needs one is refused by its importer before it reads a line.
            if kind.needsPortfolio, let name = options.portfolio {
                if let base = options.newPortfolioBase,
                    try Int64.fetchOne(db, sql: "SELECT id FROM portfolio WHERE name = ?", arguments: [name]) == nil
                {
                    portfolioID = try Store.insertPortfolio(name: name, baseCurrency: base, db).id
                    created = "created portfolio \"\(name)\" with base currency \(base)"
                } else {
                    let portfolio = try Store.portfolio(named: name, db)
                    // A portfolio keeps the base it was created with: a --base that differs is a mistake
                    // about which portfolio this is, not a wish to change it.
                    if let base = options.newPortfolioBase, base != portfolio.baseCurrency {
                        throw ArgumentError(
                            "--base",
                            "portfolio \"\(name)\" has base currency \(portfolio.baseCurrency), not \(base); leave --base out to import into it, or give a new --portfolio to create one in \(base)"
                        )
                    }
                    portfolioID = portfolio.id
                }
            }
            var summaries = try files.map { url in
                var summary = ImportSummary(file: url.path, kind: kind.rawValue, replaces: options.replace)
                sink.beginFile()
                try kind.read(
                    ImportInput(url: url, sink: sink, options: options, portfolioID: portfolioID, kind: kind),
                    &summary
                )
                summary.writtenTrades = sink.takeWrittenTrades().map {
                    WrittenTrade(file: url.path, id: $0.id, line: $0.line)
                }
                summary.writtenCashTransactions = sink.takeWrittenCashTransactions()
                return summary
            }
            try sink.finish()
            if let created, !summaries.isEmpty { summaries[0].notes.insert(created, at: 0) }
            if let portfolioID {
                let warnings = try TradeChecks.warnings(
                    db,
                    portfolioID: portfolioID,
                    written: summaries.flatMap(\.writtenTrades)
                )
                for i in summaries.indices { summaries[i].warnings += warnings[summaries[i].file] ?? [] }
            }
            return summaries
        }
    }
}
