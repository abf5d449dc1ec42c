import FolioCore
import FolioTestSupport
import Foundation
import GRDB
import Testing

@testable import FolioImport
@testable import FolioStore

/// A portfolio's trades come in time order, then id, however the store reads them: through the time
/// index, or in the table's order and sorted (when the portfolio holds most of the table).
@Suite struct TradeOrderTests {
    enum FileOrder: String, CaseIterable { case inTime, newestFirst, shuffled }

    /// `count` trades over a few hundred instants (so that many share one), written in `order`.
    private func tradesFile(_ count: Int, order: FileOrder, seed: UInt64, in directory: URL, name: String) throws -> URL
    {
        var random = SplitMix64(seed: seed)
        let assets = ["AAPL", "MSFT", "BTC", "ETH"]
        var rows = (0..<count).map { i in
            let minute = i / 20
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
            let side = random.next() % 3 == 0 ? "sell" : "buy"
            return
                "\(ISOTime.format(time)),\(side),\(assets[Int(random.next() % 4)]),\(1 + random.next() % 9),\(100 + random.next() % 50),USD,0.5,USD,\(name)-\(i)"
        }
        switch order {
        case .inTime: break
        case .newestFirst: rows.reverse()
        case .shuffled: rows = random.shuffled(rows)
        }
        return try TestPaths.write(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency,id\n" + rows.joined(separator: "\n") + "\n",
            "\(name).csv",
            in: directory
        )
    }

    private func idsInTimeOrder(_ store: Store, _ portfolio: Portfolio) throws -> [Int64] {
        try store.read { db in
            try Int64.fetchAll(
                db,
                sql: "SELECT id FROM trade WHERE portfolio_id = ? ORDER BY time_ms, id",
                arguments: [portfolio.id]
            )
        }
    }

    @Test(arguments: FileOrder.allCases) func bothReadsGiveTheTradesInTimeOrder(order: FileOrder) throws {
        let t = try TemporaryStore()
        let big = try t.store.addPortfolio(name: "Big", baseCurrency: "USD")
        _ = try t.store.addPortfolio(name: "Other", baseCurrency: "USD")
        _ = try t.store.importFiles(
            [try tradesFile(6_000, order: order, seed: 3, in: t.directory, name: "big")],
            kind: .trades,
            options: ImportOptions(portfolio: "Big")
        )
        // Big holds the whole table: read in the table's order.
        let inTableOrder = try t.store.trades(portfolio: big)
        #expect(inTableOrder.count == 6_000)
        #expect(inTableOrder.map(\.id) == (try idsInTimeOrder(t.store, big)))

        // Big is now under half of the table: read through the time index. Both reads agree, field by field.
        _ = try t.store.importFiles(
            [try tradesFile(7_000, order: .inTime, seed: 4, in: t.directory, name: "other")],
            kind: .trades,
            options: ImportOptions(portfolio: "Other")
        )
        let throughTheIndex = try t.store.trades(portfolio: big)
        #expect(throughTheIndex == inTableOrder)
    }
}
