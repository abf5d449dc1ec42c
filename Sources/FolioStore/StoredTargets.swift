import FolioCore
import Foundation
internal import GRDB

/// A portfolio's target mix as the database keeps it: what its lines name (`asset`, `kind` or
/// `class`), each line's weight in percent, each class's assets, and the bands. FolioInputs turns it
/// into FolioAnalytics' `PortfolioTargets`, which checks the weights; the store checks what only the
/// database knows: that every asset named exists.
public struct StoredTargets: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var name: String
        public var weight: Double
        public init(_ name: String, _ weight: Double) {
            self.name = name
            self.weight = weight
        }
    }

    public var basis: String
    public var lines: [Line]
    public var classes: [String: [AssetCode]]
    public var band: Double
    public var relativeBand: Double?

    public init(basis: String, lines: [Line], classes: [String: [AssetCode]], band: Double, relativeBand: Double?) {
        self.basis = basis
        self.lines = lines
        self.classes = classes
        self.band = band
        self.relativeBand = relativeBand
    }

    /// v6: one row of bands per portfolio, its lines in order, and the assets of each class.
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE target (
                    portfolio_id INTEGER PRIMARY KEY REFERENCES portfolio(id) ON DELETE CASCADE,
                    basis TEXT NOT NULL CHECK (basis IN ('asset','kind','class')),
                    band REAL NOT NULL CHECK (band >= 0),
                    relative_band REAL CHECK (relative_band >= 0)
                );
                CREATE TABLE target_line (
                    portfolio_id INTEGER NOT NULL REFERENCES target(portfolio_id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    weight REAL NOT NULL CHECK (weight >= 0),
                    PRIMARY KEY (portfolio_id, name)
                ) WITHOUT ROWID;
                CREATE TABLE target_class_asset (
                    portfolio_id INTEGER NOT NULL REFERENCES target(portfolio_id) ON DELETE CASCADE,
                    class TEXT NOT NULL,
                    asset_id INTEGER NOT NULL REFERENCES asset(id),
                    PRIMARY KEY (portfolio_id, asset_id)
                ) WITHOUT ROWID;
                """
        )
    }
}

extension Store {
    /// Sets the targets of portfolio `name`, replacing any it had. Refuses an asset the database does not
    /// know (by asset: a line; by class: a class's asset), changing nothing.
    public func setTargets(_ targets: StoredTargets, portfolio name: String) throws {
        try write { db in
            let portfolio = try Store.portfolio(named: name, db)
            func assetID(_ code: AssetCode, _ field: String) throws -> Int64 {
                guard
                    let id = try Int64.fetchOne(
                        db,
                        sql: "SELECT id FROM asset WHERE code = ?",
                        arguments: [code.rawValue]
                    )
                else {
                    // `stock=80` without `--by kind` reads as an asset called STOCK: say what was meant.
                    let kind = AssetKind(rawValue: code.rawValue.lowercased())
                    let hint = kind.map { "; \($0.rawValue) is a kind: --by kind" } ?? ""
                    throw ArgumentError(field, "unknown asset \(code) (see `folio info`)\(hint)")
                }
                return id
            }
            if targets.basis == "asset" {
                for line in targets.lines { _ = try assetID(AssetCode(line.name), line.name) }
            }
            // An asset in no class is a line under its own code: a class of that name would take it in.
            for name in targets.classes.keys.sorted()
            where try Bool.fetchOne(db, sql: "SELECT 1 FROM asset WHERE code = ?", arguments: [name]) == true {
                throw ArgumentError("--class \(name)", "\(name) is an asset's code; name the class otherwise")
            }
            try db.execute(sql: "DELETE FROM target WHERE portfolio_id = ?", arguments: [portfolio.id])
            try db.execute(
                sql: "INSERT INTO target (portfolio_id, basis, band, relative_band) VALUES (?, ?, ?, ?)",
                arguments: [portfolio.id, targets.basis, targets.band, targets.relativeBand]
            )
            for (position, line) in targets.lines.enumerated() {
                try db.execute(
                    sql: "INSERT INTO target_line (portfolio_id, position, name, weight) VALUES (?, ?, ?, ?)",
                    arguments: [portfolio.id, position, line.name, line.weight]
                )
            }
            for (name, assets) in targets.classes.sorted(by: { $0.key < $1.key }) {
                for asset in assets {
                    try db.execute(
                        sql: "INSERT INTO target_class_asset (portfolio_id, class, asset_id) VALUES (?, ?, ?)",
                        arguments: [portfolio.id, name, try assetID(asset, "--class \(name)")]
                    )
                }
            }
        }
    }

    /// The targets of portfolio `name`; nil when it has none.
    public func targets(portfolio name: String) throws -> StoredTargets? {
        try read { db in try Store.targets(of: try Store.portfolio(named: name, db).id, db) }
    }

    /// Every portfolio's targets, by portfolio name, for the portfolios that have some.
    public func allTargets() throws -> [(portfolio: String, targets: StoredTargets)] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT p.id, p.name FROM target t JOIN portfolio p ON p.id = t.portfolio_id ORDER BY p.name"
            )
            return try rows.compactMap { row in
                try Store.targets(of: row[0], db).map { (portfolio: row[1], targets: $0) }
            }
        }
    }

    /// Removes the targets of portfolio `name`; false when it had none.
    @discardableResult
    public func removeTargets(portfolio name: String) throws -> Bool {
        try write { db in
            let portfolio = try Store.portfolio(named: name, db)
            try db.execute(sql: "DELETE FROM target WHERE portfolio_id = ?", arguments: [portfolio.id])
            return db.changesCount > 0
        }
    }

    private static func targets(of portfolio: Int64, _ db: Database) throws -> StoredTargets? {
        guard
            let head = try Row.fetchOne(
                db,
                sql: "SELECT basis, band, relative_band FROM target WHERE portfolio_id = ?",
                arguments: [portfolio]
            )
        else { return nil }
        let lines = try Row.fetchAll(
            db,
            sql: "SELECT name, weight FROM target_line WHERE portfolio_id = ? ORDER BY position",
            arguments: [portfolio]
        ).map { StoredTargets.Line($0[0], $0[1]) }
        var classes: [String: [AssetCode]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT c.class, a.code FROM target_class_asset c JOIN asset a ON a.id = c.asset_id
                WHERE c.portfolio_id = ? ORDER BY c.class, a.code
                """,
            arguments: [portfolio]
        ) {
            classes[row[0], default: []].append(AssetCode(row[1] as String))
        }
        return StoredTargets(basis: head[0], lines: lines, classes: classes, band: head[1], relativeBand: head[2])
    }
}
