import Foundation
import FolioCore

/// Each bank's latest cash and card buy and sell rates per currency, with the best of each column marked:
/// the highest price a bank pays (buy) and the lowest it asks (sell).
struct BankRates {
    struct Row {
        var bank: String
        var currency: AssetCode
        /// cash buy, cash sell, card buy, card sell
        var rates: [Double?]
    }

    let rows: [Row]
    /// Per currency and column, the best rate (for marking).
    let best: [AssetCode: [Double?]]

    static let markets: [Market] = [.cash, .card]

    init(quotes: [Quote], asOf: Day) {
        struct Key: Hashable { var bank: String; var currency: AssetCode; var market: Market }
        var latest: [Key: Quote] = [:]
        for q in quotes where q.time <= asOf.end && Self.markets.contains(q.market) {
            let key = Key(bank: q.source, currency: q.asset, market: q.market)
            if let old = latest[key], old.time >= q.time { continue }
            latest[key] = q
        }
        let banks = Set(latest.keys.map { "\($0.bank)\u{0}\($0.currency.rawValue)" }).sorted()
        var rows: [Row] = []
        for id in banks {
            let parts = id.split(separator: "\u{0}", omittingEmptySubsequences: false)
            let bank = String(parts[0]), currency = AssetCode(String(parts[1]))
            var rates: [Double?] = []
            for market in Self.markets {
                let q = latest[Key(bank: bank, currency: currency, market: market)]
                rates += [q?.bid, q?.ask]
            }
            rows.append(Row(bank: bank, currency: currency, rates: rates))
        }
        var best: [AssetCode: [Double?]] = [:]
        for currency in Set(rows.map(\.currency)) {
            let mine = rows.filter { $0.currency == currency }
            best[currency] = (0..<4).map { column in
                let values = mine.compactMap { $0.rates[column] }
                return column % 2 == 0 ? values.max() : values.min()
            }
        }
        self.rows = rows.sorted { ($0.currency.rawValue, $0.bank) < ($1.currency.rawValue, $1.bank) }
        self.best = best
    }
}
