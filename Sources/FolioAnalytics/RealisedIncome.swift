import Foundation
import FolioCore

/// Which bought lots a sale is matched against.
public enum CostBasisMethod: String, Hashable, Sendable, CaseIterable {
    /// First in, first out: the oldest lots are sold first (the default, and what most tax rules use).
    case fifo
    /// Every unit costs the running average of what is held.
    case average
    /// Last in, first out: the newest lots are sold first.
    case lifo
}

/// Income of one position: an asset traded in one price currency.
public struct PositionIncome: Hashable, Sendable {
    public var asset: AssetCode
    /// The currency the trades were priced in; every amount below is in it.
    public var currency: AssetCode
    /// Quantity still held by the matched lots.
    public var quantity: Double
    /// What the held quantity cost.
    public var costBasis: Double
    /// Cost per unit held; nil when nothing is held.
    public var averageCost: Double? { quantity > 0 ? costBasis / quantity : nil }
    /// Proceeds of sales (net of fees) minus the cost of the units sold.
    public var realised: Double
    /// Price at the as-of time; nil when its quote is missing or no rates were given.
    public var marketPrice: Double?
    /// Held quantity × market price − cost basis.
    public var unrealised: Double?
    /// Units sold beyond what was held: no cost is known, so they realise nothing (see diagnostics of
    /// `HoldingsReplay` for when the balance went negative).
    public var unmatchedSold: Double
    /// `realised` converted to the base currency at each sale's time.
    public var realisedInBase: Double?
    /// `unrealised` converted to the base currency at the as-of time.
    public var unrealisedInBase: Double?
}

/// Realised and unrealised income per position and for the portfolio, by a cost-basis method.
///
/// Fees: a fee in the price currency adds to a buy's cost and reduces a sale's proceeds; a fee in the
/// asset itself reduces the units a buy delivers, or adds to the units a sale gives up; a fee in any
/// other currency is converted to the price currency at the trade's time (it is reported missing when it
/// cannot be). Worked example: buy 5 at 120, buy 10 at 110, sell 5 at 130 realises 50 by FIFO,
/// 5 × (130 − 1700/15) = 83.33 by average cost and 5 × (130 − 110) = 100 by LIFO.
public struct RealisedIncome: Hashable, Sendable {
    public var method: CostBasisMethod
    public var asOf: Date
    public var base: AssetCode?
    /// Positions by asset, then currency.
    public var positions: [PositionIncome]
    /// Sums of the positions in `base`; nil when any part is missing.
    public var realisedInBase: Double?
    public var unrealisedInBase: Double?
    public var missing: [MissingQuote]
    /// Every sale in time order with the income it realised, for realised income over time.
    public var sales: [Sale]

    /// The income one sale realised.
    public struct Sale: Hashable, Sendable {
        public var tradeID: Int64
        public var time: Date
        public var asset: AssetCode
        public var currency: AssetCode
        /// In `currency`.
        public var realised: Double
        /// Converted at the sale's time; nil without rates or when the quote is missing.
        public var realisedInBase: Double?
    }

    /// Income of the trades at or before `asOf`. With `rates` and `base`, unrealised income and the
    /// portfolio totals in the base currency are computed too.
    public init(trades: [Trade], method: CostBasisMethod = .fifo, asOf: Date,
                rates: CrossRates? = nil, base: AssetCode? = nil) {
        let ordered = trades.filter { $0.time <= asOf }.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        var books: [CurrencyPair: CostBasisBook] = [:]
        var missing: [MissingQuote] = []
        var realisedBase: [CurrencyPair: CompensatedSum] = [:]
        var realisedBaseKnown: [CurrencyPair: Bool] = [:]
        var sales: [Sale] = []
        for trade in ordered {
            let key = CurrencyPair(trade.asset, trade.priceCurrency)
            var book = books[key] ?? CostBasisBook(method: method)
            var feeInPrice = 0.0, feeInAsset = 0.0
            if trade.fee != 0 {
                if trade.feeCurrency == trade.priceCurrency {
                    feeInPrice = trade.fee
                } else if trade.feeCurrency == trade.asset {
                    feeInAsset = trade.fee
                } else if let rates {
                    switch rates.rate(from: trade.feeCurrency, to: trade.priceCurrency, at: trade.time) {
                    case let .success(rate): feeInPrice = rate.convert(trade.fee)
                    case let .failure(why): missing.append(why)
                    }
                } else {
                    missing.append(MissingQuote(pair: CurrencyPair(trade.feeCurrency, trade.priceCurrency), markets: [],
                                                at: trade.time, reason: .noRoute))
                }
            }
            switch trade.side {
            case .buy:
                book.buy(quantity: trade.quantity - feeInAsset, cost: trade.quantity * trade.price + feeInPrice)
            case .sell:
                let realised = book.sell(quantity: trade.quantity + feeInAsset, proceeds: trade.quantity * trade.price - feeInPrice)
                var sale = Sale(tradeID: trade.id, time: trade.time, asset: trade.asset, currency: trade.priceCurrency,
                                realised: realised, realisedInBase: nil)
                defer { sales.append(sale) }
                if let rates, let base {
                    switch rates.rate(from: trade.priceCurrency, to: base, at: trade.time) {
                    case let .success(rate):
                        sale.realisedInBase = rate.convert(realised)
                        realisedBase[key, default: CompensatedSum()] += rate.convert(realised)
                    case let .failure(why):
                        missing.append(why)
                        realisedBaseKnown[key] = false
                    }
                }
            }
            books[key] = book
        }

        var positions: [PositionIncome] = []
        for (key, book) in books.sorted(by: { $0.key < $1.key }) {
            var p = PositionIncome(asset: key.asset, currency: key.currency, quantity: book.quantity,
                                   costBasis: book.cost, realised: book.realised.value, marketPrice: nil,
                                   unrealised: nil, unmatchedSold: book.unmatched, realisedInBase: nil, unrealisedInBase: nil)
            if let rates {
                if book.quantity == 0 {
                    p.unrealised = 0
                } else {
                    switch rates.rate(from: key.asset, to: key.currency, at: asOf) {
                    case let .success(rate):
                        p.marketPrice = rate.value
                        p.unrealised = rate.convert(book.quantity) - book.cost
                    case let .failure(why): missing.append(why)
                    }
                }
                if let base {
                    if realisedBaseKnown[key] ?? true { p.realisedInBase = realisedBase[key]?.value ?? 0 }
                    if let u = p.unrealised {
                        switch rates.rate(from: key.currency, to: base, at: asOf) {
                        case let .success(rate): p.unrealisedInBase = rate.convert(u)
                        case let .failure(why): missing.append(why)
                        }
                    }
                }
            }
            positions.append(p)
        }
        func total(_ values: [Double?]) -> Double? {
            values.contains(where: { $0 == nil }) ? nil : values.map { $0! }.compensatedSum()
        }
        self.method = method
        self.asOf = asOf
        self.base = base
        self.positions = positions
        self.realisedInBase = rates != nil && base != nil ? total(positions.map(\.realisedInBase)) : nil
        self.unrealisedInBase = rates != nil && base != nil ? total(positions.map(\.unrealisedInBase)) : nil
        self.missing = missing
        self.sales = sales
    }

    /// The position of `asset` (the first by currency), throwing when there is none.
    public func position(_ asset: AssetCode) throws(AnalyticsError) -> PositionIncome {
        guard let p = positions.first(where: { $0.asset == asset }) else { throw .unknownAsset(asset, argument: "asset") }
        return p
    }
}

extension RealisedIncome {
    /// Table `income`: one row per position, then the portfolio total in the base currency.
    public var table: ResultTable {
        let baseName = (base?.rawValue ?? "base").lowercased()
        var rows: [[ResultTable.Cell?]] = positions.map { p in
            [.text(p.asset.rawValue), .text(p.currency.rawValue), .number(p.quantity), .number(p.costBasis),
             .finite(p.averageCost), .finite(p.marketPrice), .number(p.realised), .finite(p.unrealised),
             .finite(p.realisedInBase), .finite(p.unrealisedInBase)]
        }
        rows.append([.text("Total"), base.map { .text($0.rawValue) }, nil, nil, nil, nil, nil, nil,
                     .finite(realisedInBase), .finite(unrealisedInBase)])
        return ResultTable(
            columns: [
                .init("asset", .text), .init("currency", .text), .init("quantity", .number, decimals: 8),
                .init("cost_basis", .number), .init("average_cost", .number, decimals: 4),
                .init("market_price", .number, decimals: 4), .init("realised", .number), .init("unrealised", .number),
                .init("realised_\(baseName)", .number), .init("unrealised_\(baseName)", .number),
            ],
            rows: rows
        )
    }
}
