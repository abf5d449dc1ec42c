import FolioCore
import Foundation
internal import GRDB

extension Store {
    /// Creates a portfolio; its base currency becomes an asset if it is not one yet.
    @discardableResult
    public func addPortfolio(name: String, baseCurrency: AssetCode) throws -> Portfolio {
        try write { db in try Store.insertPortfolio(name: name, baseCurrency: baseCurrency, db) }
    }

    /// `addPortfolio` within a transaction that does more (an import that creates its portfolio).
    static func insertPortfolio(name: String, baseCurrency: AssetCode, _ db: Database) throws -> Portfolio {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        // A name is printed in lists, logs and mail subjects: no control characters (escaped in the error).
        guard !trimmed.isEmpty, trimmed.count <= 200,
            trimmed.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control })
        else {
            throw ArgumentError(
                "NAME",
                "a portfolio name is 1–200 characters, none of them a control character, found \"\(Redaction.escapingControlCharacters(name))\""
            )
        }
        // Every value of the portfolio is reported in it: a typo (XXX, USDD) would surface pages later.
        guard KnownAssets.isBaseCurrency(baseCurrency) else {
            throw ArgumentError(
                "--base",
                "expected an ISO 4217 currency code (UAH, USD, EUR…), a metal or a known coin, found \"\(baseCurrency)\""
            )
        }
        if try Int64.fetchOne(db, sql: "SELECT id FROM portfolio WHERE name = ?", arguments: [trimmed]) != nil {
            throw StoreError.duplicatePortfolio(trimmed)
        }
        var registry = AssetRegistry()
        let currencyID = try registry.id(of: baseCurrency, kindHint: .fiat, in: db)
        try db.execute(
            sql: "INSERT INTO portfolio (name, base_currency_id) VALUES (?, ?)",
            arguments: [trimmed, currencyID]
        )
        return Portfolio(id: db.lastInsertedRowID, name: trimmed, baseCurrency: baseCurrency)
    }

    /// Removes a portfolio with its trades and cash transactions (quotes stay: they are shared).
    public func removePortfolio(name: String) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM portfolio WHERE name = ?", arguments: [name])
            if db.changesCount == 0 { throw try Store.unknownPortfolio(name, db) }
        }
    }

    public func portfolios() throws -> [Portfolio] {
        try read { db in try Store.portfolios(db, whereClause: "", arguments: []) }
    }

    /// The portfolio named `name`, or `StoreError.unknownPortfolio`.
    public func portfolio(named name: String) throws -> Portfolio {
        try read { db in try Store.portfolio(named: name, db) }
    }

    static func portfolio(named name: String, _ db: Database) throws -> Portfolio {
        guard let found = try portfolios(db, whereClause: "WHERE p.name = ?", arguments: [name]).first else {
            throw try unknownPortfolio(name, db)
        }
        return found
    }

    /// No portfolio is called `name`: the error names the one the user most likely meant, if any.
    static func unknownPortfolio(_ name: String, _ db: Database) throws -> StoreError {
        let names = try String.fetchAll(db, sql: "SELECT name FROM portfolio ORDER BY id")
        return .unknownPortfolio(name, nearest: NearMatch.best(name, among: names))
    }

    private static func portfolios(
        _ db: Database,
        whereClause: String,
        arguments: StatementArguments
    ) throws -> [Portfolio] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT p.id, p.name, a.code FROM portfolio p JOIN asset a ON a.id = p.base_currency_id
                \(whereClause) ORDER BY p.name
                """,
            arguments: arguments
        ).map { Portfolio(id: $0[0], name: $0[1], baseCurrency: AssetCode($0[2] as String)) }
    }
}
