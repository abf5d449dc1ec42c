import FolioStore
import Foundation
internal import GRDB

/// How cost grows with what the database stores rather than with what a page shows: the same commands
/// on the one-portfolio database of the process cases (`base`), on a copy with two million intraday
/// quotes of the stocks that portfolio holds (`2m-quotes`, as hourly or intraday fetches grow a real
/// database), and on a copy with a second portfolio of a million trades (`1m-trades`). The databases are
/// generated untimed by SQL, seeded by nothing random, so every machine measures the same rows. Each
/// case reports its child's time and peak memory; the `base` cases are the yardstick in the same run.
func scaleCases() -> [BenchCase] {
    func command(
        _ name: String,
        database: ScaleDatabase,
        _ arguments: @escaping (_ db: String, _ out: URL) -> [String],
        maxRuns: Int? = nil
    ) -> BenchCase {
        BenchCase(name: "scale-\(name)-\(database.rawValue)", maxRuns: maxRuns) { context in
            let db = try database.path(context)
            let out = context.outputDirectory.appendingPathComponent(
                "scale-\(name)-\(database.rawValue)" + (name == "report" ? ".pdf" : "")
            )
            return {
                try ChildProcess.run(context.folio, arguments(db, out))
                return fileSize(out) + directoryBytes(out)
            }
        }
    }
    let holdings = { (portfolio: String) in
        { (db: String, _: URL) in ["table", "holdings", "--db", db, "--portfolio", portfolio] }
    }
    let report = { (portfolio: String) in
        { (db: String, out: URL) in ["report", "portfolio", "--db", db, "--portfolio", portfolio, "--out", out.path] }
    }
    let batch = { (db: String, out: URL) -> [String] in
        let jobs = out.appendingPathExtension("yaml")
        try? ScaleDatabase.sampleJobs(output: out).write(to: jobs, atomically: true, encoding: .utf8)
        return ["batch", jobs.path, "--db", db, "--force"]
    }
    let held = BenchPortfolios.name(0)
    return [ScaleDatabase.base, .twoMillionQuotes].flatMap { database in
        [
            command("holdings", database: database, holdings(held)),
            command("report", database: database, report(held)),
            command("batch", database: database, batch),
        ]
    } + [
        command("holdings", database: .millionTrades, holdings(ScaleDatabase.tradesPortfolio), maxRuns: 3),
        command("report", database: .millionTrades, report(ScaleDatabase.tradesPortfolio), maxRuns: 3),
    ]
}

enum ScaleDatabase: String {
    case base
    case twoMillionQuotes = "2m-quotes"
    case millionTrades = "1m-trades"

    static let tradesPortfolio = "Trades 1M"
    static let extraQuotes = 2_000_000
    static let trades = 1_000_000

    /// The render list of samples/jobs.yaml: both report languages, the daily set, a donut and a year of
    /// dark bars, for every portfolio.
    static func sampleJobs(output: URL) -> String {
        """
        portfolios: all
        output: "\(output.path)/{portfolio}/{report}.{ext}"
        render:
          - report: portfolio
          - report: portfolio
            locale: uk
          - daily: true
          - chart: donut
            by: kind
            name: allocation-by-kind
          - chart: bars
            months: 12
            theme: dark
            name: months-dark
        """
    }

    /// Builds the database the first time a case asks for it in this run.
    func path(_ context: BenchContext) throws -> String {
        let path = context.scratchDirectory.appendingPathComponent("scale-\(rawValue).sqlite").path
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        if self == .base {
            try BenchPortfolios(count: 1).build(
                at: path,
                data: context.dataDirectory,
                scratch: context.scratchDirectory
            )
            return path
        }
        try FileManager.default.copyItem(atPath: try ScaleDatabase.base.path(context), toPath: path)
        let store = try Store(path: path, access: .write)
        try store.write { db in try self == .twoMillionQuotes ? Self.addIntradayQuotes(db) : Self.addTrades(db) }
        return path
    }

    /// Intraday quotes (market `intraday`) of every stock the portfolio traded, on each day it has a
    /// close, from 14:30 UTC every 145 seconds, as many a day as make two million in all.
    private static func addIntradayQuotes(_ db: Database) throws {
        let stocks = "SELECT DISTINCT asset_id FROM trade JOIN asset a ON a.id = trade.asset_id WHERE a.kind = 'stock'"
        let days =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM quote WHERE market = 'exchange' AND asset_id IN (\(stocks))
                    """
            ) ?? 0
        guard days > 0 else { throw BenchError("the base database holds no closes of the portfolio's stocks") }
        let perDay = (extraQuotes + days - 1) / days
        try db.execute(
            sql: """
                WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < \(perDay - 1))
                INSERT INTO quote (asset_id, currency_id, market, time_ms, price, bid, ask, source)
                SELECT q.asset_id, q.currency_id, 'intraday', q.time_ms + 52200000 + k.n * 145000, q.price * (1 + k.n * 0.0001), NULL, NULL, 'generated'
                FROM quote q, k WHERE q.market = 'exchange' AND q.asset_id IN (\(stocks))
                ORDER BY q.asset_id, q.time_ms, k.n LIMIT \(extraQuotes)
                """
        )
    }

    /// A USD portfolio of a million trades of ten large stocks, one every 150 seconds from March 2013
    /// (two buys for every sale, one share each), after one deposit that pays for all of them.
    private static func addTrades(_ db: Database) throws {
        let usd = "(SELECT id FROM asset WHERE code = 'USD')"
        try db.execute(
            sql: "INSERT INTO portfolio (name, base_currency_id) VALUES (?, \(usd))",
            arguments: [tradesPortfolio]
        )
        let portfolio = db.lastInsertedRowID
        try db.execute(
            sql: """
                INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, fee, status, external_id)
                VALUES (?, 1362000000000, 'deposit', \(usd), 1e9, 0, 'completed', 'deposit')
                """,
            arguments: [portfolio]
        )
        try db.execute(
            sql: """
                WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < \(trades - 1)),
                stocks AS (SELECT id, ROW_NUMBER() OVER (ORDER BY code) - 1 AS i FROM asset
                           WHERE code IN ('AAPL', 'MSFT', 'AMZN', 'GOOGL', 'JPM', 'BAC', 'XOM', 'JNJ', 'KO', 'NVDA'))
                INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id, external_id)
                SELECT ?, 1362132000000 + n * 150000, CASE WHEN n % 3 = 2 THEN 'sell' ELSE 'buy' END,
                       (SELECT id FROM stocks WHERE i = n % 10), 1, 100 + n % 50, \(usd), 0, \(usd), 'g' || n
                FROM k
                """,
            arguments: [portfolio]
        )
    }
}
