import FolioCore
import Foundation

/// What one sale took from one purchase, first in, first out: a row of the tax year's sales.
public struct LotClosing: Hashable, Sendable {
    public let sale: Trade
    public let buy: Trade
    /// Units sold from the purchase, in the sale's units (after any split since the purchase).
    public let units: Double
    /// Units the purchase delivered, in its own units: its quantity less a fee taken in the asset.
    public let bought: Double
    /// Units now per unit bought: the product of the splits between the purchase and the sale.
    public let ratio: Double
    /// Units the sale took in all: its quantity plus a fee taken in the asset.
    public let sold: Double
}

/// The purchases of securities and the sales that close them, first in, first out, for the tax view.
///
/// Why not the ledger's `CostBasisBook`: its lots are a quantity and a cost in the base currency, which
/// is all income needs, while a declaration needs each closed lot's purchase — its id, day, price and
/// currency, converted at the NBU rate of its own day. Its cash holds lots too, so that exchanging
/// hryvnias for dollars and back realises the currency's gain; here exchanges are no investment
/// operation and currencies hold no lots. And a sale beyond what is held opens a short lot there,
/// where here it is a cost nobody knows, which the tax year refuses to make up.
struct TaxLots {
    private struct Lot {
        let buy: Trade
        var units: Double
        let bought: Double
        var ratio = 1.0
    }

    /// Every lot a sale closed, in replay order.
    private(set) var closings: [LotClosing] = []
    /// Sales of more units than were known to be held, with the units no known purchase covers.
    private(set) var overSales: [(sale: Trade, unknown: Double)] = []

    /// Replays the trades of assets `isSecurity` accepts and the splits among `cashTransactions`, up to
    /// `end`, in the ledger's order (`ReplayOrder`: a sale at the minute of its buy comes after it).
    init(trades: [Trade], cashTransactions: [CashTransaction], through end: Date, isSecurity: (AssetCode) -> Bool) {
        enum Event {
            case split(AssetCode, Double)
            case trade(Trade)
        }
        let events = LedgerEntry.inReplayOrder(trades: trades, cashTransactions: cashTransactions, through: end)
            .compactMap { entry -> Event? in
                switch entry {
                case let .cash(c):
                    guard c.kind == .split, let asset = c.asset, let ratio = c.ratio, isSecurity(asset) else {
                        return nil
                    }
                    return .split(asset, ratio)
                case let .trade(t):
                    return isSecurity(t.asset) ? .trade(t) : nil
                }
            }

        var open: [AssetCode: (lots: [Lot], head: Int)] = [:]
        for event in events {
            switch event {
            case let .split(asset, ratio):
                guard var book = open[asset] else { continue }
                for i in book.lots.indices[book.head...] {
                    book.lots[i].units *= ratio
                    book.lots[i].ratio *= ratio
                }
                open[asset] = book
            case let .trade(t):
                let feeInAsset = t.feeCurrency == t.asset ? t.fee : 0
                var book = open[t.asset] ?? ([], 0)
                switch t.side {
                case .buy:
                    let units = t.quantity - feeInAsset
                    if units > 0 { book.lots.append(Lot(buy: t, units: units, bought: units)) }
                case .sell:
                    let sold = t.quantity + feeInAsset
                    var remaining = sold
                    while remaining > 0, book.head < book.lots.count {
                        let take = min(remaining, book.lots[book.head].units)
                        let lot = book.lots[book.head]
                        closings.append(
                            LotClosing(
                                sale: t,
                                buy: lot.buy,
                                units: take,
                                bought: lot.bought,
                                ratio: lot.ratio,
                                sold: sold
                            )
                        )
                        book.lots[book.head].units -= take
                        remaining -= take
                        // A lot emptied up to rounding (0.1 + 0.2 − 0.3) is gone, as in `CostBasisBook`.
                        if book.lots[book.head].units <= take * 1e-12 { book.head += 1 }
                        if remaining <= sold * 1e-12 { remaining = 0 }
                    }
                    if remaining > 0 { overSales.append((t, remaining)) }
                }
                open[t.asset] = book
            }
        }
    }
}
