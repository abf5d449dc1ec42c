import FolioCore
import FolioImport
import Foundation

extension Store {
    /// The portfolio as Ghostfolio's export JSON (`GhostfolioFormat`): one account per currency of money,
    /// trades, dividends, interest and fees as activities (the broker's id as the activity's `id` and
    /// `comment`), deposits and withdrawals as the accounts' balance history at their times. Tax withheld
    /// from a dividend or interest is the activity's fee, where Ghostfolio's users keep it. What Ghostfolio
    /// cannot hold is named in `differences`, by kind: a trade priced in a coin, a fee paid in another
    /// currency than the price's (a FEE activity of its own, its comment the trade's id, so that `folio
    /// import ghostfolio` puts it back) or in a coin (left out), a fee beside tax withheld, the ids of
    /// transfers, a transfer of a coin or one that did not complete, and a split.
    public func exportGhostfolio(portfolio name: String) throws -> InterchangeExport {
        let rows = try ExportRows(self, portfolio: name)
        return GhostfolioExport(rows: rows).build()
    }
}

struct GhostfolioExport {
    let rows: ExportRows

    private struct Activity {
        var time: Date, type: String, symbol: String, quantity: Double, unitPrice: Double, fee: Double,
            currency: AssetCode, id: String?, comment: String?
        var manual: Bool
    }

    func build() -> InterchangeExport {
        var draft = Draft(rows: rows, differences: rows.outOfBounds)
        for t in rows.trades { draft.add(t) }
        for c in rows.cash { draft.add(c) }
        var differences = draft.differences
        // A balance history holds one balance an instant: transfers of one currency at one instant
        // (DSX's moves between its sub-accounts, out of one and into the other) come back as their sum.
        let transferRows = rows.cash.filter {
            ($0.kind == .deposit || $0.kind == .withdrawal) && $0.status == .completed && rows.isMoney($0.currency)
        }
        let sameInstant = Dictionary(grouping: transferRows) { "\($0.time.timeIntervalSince1970)|\($0.currency)" }
        for c in transferRows where sameInstant["\(c.time.timeIntervalSince1970)|\(c.currency)", default: []].count > 1
        {
            differences.add(
                .transfer,
                "of one currency at one instant, which the balance history holds as their sum: they come back as one",
                ExportRows.name(c)
            )
        }
        // Stable, so that rows of one instant keep the order the ledger gives them.
        let activities = draft.activities.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(
            \.element
        )
        return InterchangeExport(
            files: [("\(rows.portfolio.name).json", json(activities, draft.transfers, draft.manual))],
            differences: differences.lines
        )
    }

    /// The activities, transfers and manual profiles written so far, and what they could not hold.
    private struct Draft {
        let rows: ExportRows
        var differences: InterchangeDifferences
        var activities: [Activity] = []
        var transfers: [(time: Date, currency: AssetCode, amount: Decimal)] = []
        var manual: [String: (name: String, currency: AssetCode, isin: ISIN?, cash: Bool)] = [:]

        /// A trade as a BUY or SELL, its fee in another currency an activity of its own.
        mutating func add(_ t: Trade) {
            guard rows.isMoney(t.priceCurrency) else {
                differences.add(
                    .trade,
                    "priced in a coin, which Ghostfolio takes only as a security: left out",
                    ExportRows.name(t)
                )
                return
            }
            var fee = t.fee
            if t.fee != 0 && t.feeCurrency != t.priceCurrency {
                fee = 0
                if !rows.isMoney(t.feeCurrency) {
                    differences.add(
                        .trade,
                        "with a fee paid in a coin, which Ghostfolio cannot hold: the fee left out",
                        ExportRows.name(t)
                    )
                } else if t.externalID == nil {
                    differences.add(
                        .trade,
                        "with a fee in another currency than the price's: the fee is a FEE activity, which comes back as a fee of the account, the trade having no id to tie it to",
                        ExportRows.name(t)
                    )
                    accountFee(t.time, t.fee, t.feeCurrency, id: nil, comment: nil)
                } else {
                    // Ghostfolio's fee is in the activity's currency: the fee is an activity of its own,
                    // tied to its trade by the trade's id as its comment (`GhostfolioImporter` ties it back).
                    differences.add(
                        .trade,
                        "with a fee in another currency than the price's: the fee is a FEE activity, its comment the trade's id, which folio import ghostfolio puts back in the trade",
                        ExportRows.name(t)
                    )
                    accountFee(t.time, t.fee, t.feeCurrency, id: nil, comment: t.externalID)
                }
            }
            let isManual = profile(t.asset, t.priceCurrency)
            activities.append(
                Activity(
                    time: t.time,
                    type: t.side == .buy ? "BUY" : "SELL",
                    symbol: t.asset.rawValue,
                    quantity: t.quantity,
                    unitPrice: t.price,
                    fee: fee,
                    currency: t.priceCurrency,
                    id: t.externalID,
                    comment: t.externalID,
                    manual: isManual
                )
            )
        }

        mutating func add(_ c: CashTransaction) {
            guard c.status == .completed else {
                differences.add(
                    .transaction,
                    "that did not complete: left out, Ghostfolio keeping only what happened",
                    ExportRows.name(c)
                )
                return
            }
            if c.kind != .split, !rows.isMoney(c.currency) {
                differences.add(
                    .transaction,
                    "in a coin, which Ghostfolio takes only as a security: left out",
                    ExportRows.name(c)
                )
                return
            }
            switch c.kind {
            case .deposit, .withdrawal:
                transfers.append((c.time, c.currency, ExactDecimal.of(c.kind == .deposit ? c.amount : -c.amount)))
                if c.externalID != nil {
                    differences.add(
                        .transfer,
                        "with the broker's id, which Ghostfolio's balance history does not hold: written without it",
                        ExportRows.name(c)
                    )
                }
                if c.fee != 0 {
                    differences.add(
                        .transfer,
                        "with a fee: the fee is a FEE activity, which comes back as a fee of the account",
                        ExportRows.name(c)
                    )
                    accountFee(c.time, c.fee, c.currency, id: nil, comment: c.externalID)
                }
            case .dividend, .interest:
                addIncome(c)
            case .fee:
                accountFee(c.time, c.amount + c.fee, c.currency, id: c.externalID, comment: c.externalID)
            case .split:
                differences.add(.split, "which Ghostfolio does not have: left out", ExportRows.name(c))
            }
        }

        /// A dividend or interest payment as an activity of one unit at its amount, tax withheld its fee.
        private mutating func addIncome(_ c: CashTransaction) {
            // A dividend is stored with the asset that paid it (`StoreSink`, the CHECK of its table).
            if c.kind == .dividend && c.asset == nil {
                differences.add(.dividend, "of no asset: left out", ExportRows.name(c))
                return
            }
            let noun: InterchangeDifferences.Noun = c.kind == .dividend ? .dividend : .interestPayment
            if c.fee != 0 {
                // Ghostfolio has one fee, which its users and converters give the tax withheld.
                differences.add(
                    noun,
                    c.tax == 0
                        ? "with a fee, which Ghostfolio holds as the activity's fee, where it keeps tax withheld: it comes back as tax withheld"
                        : "with a fee besides tax withheld, which Ghostfolio holds as one fee: written as their sum, which comes back as tax withheld",
                    ExportRows.name(c)
                )
            }
            let symbol: String
            let isManual: Bool
            if let asset = c.asset, c.kind == .dividend {
                (symbol, isManual) = (asset.rawValue, profile(asset, c.currency))
            } else {
                symbol = GhostfolioFormat.interestSymbol(c.currency)
                manual[symbol] = ("Interest", c.currency, nil, false)
                isManual = true
            }
            activities.append(
                Activity(
                    time: c.time,
                    type: c.kind == .dividend ? "DIVIDEND" : "INTEREST",
                    symbol: symbol,
                    quantity: 1,
                    unitPrice: c.amount,
                    fee: c.tax + c.fee,
                    currency: c.currency,
                    id: c.externalID,
                    comment: c.externalID,
                    manual: isManual
                )
            )
        }

        mutating func profile(_ asset: AssetCode, _ currency: AssetCode) -> Bool {
            let listing = rows.assets[asset]
            guard listing?.asset.kind != .stock, listing?.asset.kind != .etf else { return false }
            manual[asset.rawValue] = (
                listing?.asset.name ?? asset.rawValue, currency, listing?.isin, listing?.asset.kind == .fiat
            )
            return true
        }

        mutating func accountFee(_ time: Date, _ amount: Double, _ currency: AssetCode, id: String?, comment: String?) {
            manual[GhostfolioFormat.feeSymbol(currency)] = ("Account fee", currency, nil, false)
            activities.append(
                Activity(
                    time: time,
                    type: "FEE",
                    symbol: GhostfolioFormat.feeSymbol(currency),
                    quantity: 0,
                    unitPrice: 0,
                    fee: amount,
                    currency: currency,
                    id: id,
                    comment: comment,
                    manual: true
                )
            )
        }
    }

    /// The accounts' balances after each transfer, by the one reading of activities' cash both directions share.
    private func accounts(
        _ activities: [Activity],
        _ transfers: [(time: Date, currency: AssetCode, amount: Decimal)]
    ) -> [String] {
        let currencies = Set(activities.map(\.currency) + transfers.map(\.currency)).sorted()
        return currencies.map { currency in
            var events: [(time: Date, change: Decimal, transfer: Bool)] = transfers.filter { $0.currency == currency }
                .map { ($0.time, $0.amount, true) }
            for a in activities where a.currency == currency {
                // Every type this export writes moves cash (`cashChange` is nil only for others).
                guard
                    let change = GhostfolioFormat.cashChange(
                        type: a.type,
                        quantity: a.quantity,
                        unitPrice: a.unitPrice,
                        fee: a.fee
                    )
                else { continue }
                events.append((a.time, change, false))
            }
            events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
                \.element
            )
            var balance = Decimal(0)
            var balances: [(Date, Decimal)] = []
            var i = 0
            while i < events.count {
                let time = events[i].time
                var transferred = false
                while i < events.count && events[i].time == time {
                    balance += events[i].change
                    transferred = transferred || events[i].transfer
                    i += 1
                }
                if transferred { balances.append((time, balance)) }
            }
            let history = balances.reversed().map {
                "{\"date\":\(JSONString.quoted(GhostfolioFormat.date($0.0))),\"value\":\($0.1)}"
            }
            return """
                {"balance":\(balance),"balances":[\(history.joined(separator: ","))],"comment":\(JSONString.quoted("Folio portfolio \(rows.portfolio.name)")),\
                "currency":"\(currency)","id":"\(GhostfolioFormat.accountID(portfolio: rows.portfolio.name, currency: currency))","isExcluded":false,\
                "name":\(JSONString.quoted("\(rows.portfolio.name) (\(currency))")),"platformId":null}
                """
        }
    }

    private func json(
        _ activities: [Activity],
        _ transfers: [(time: Date, currency: AssetCode, amount: Decimal)],
        _ manual: [String: (name: String, currency: AssetCode, isin: ISIN?, cash: Bool)]
    ) -> String {
        let last = (activities.map(\.time) + transfers.map(\.time)).max() ?? Date(timeIntervalSince1970: 0)
        let profiles = manual.sorted { $0.key < $1.key }.map { symbol, p in
            """
            {"assetClass":\(p.cash ? "\"LIQUIDITY\"" : "null"),"assetSubClass":\(p.cash ? "\"CASH\"" : "null"),"comment":null,"countries":[],\
            "currency":"\(p.currency)","dataSource":"MANUAL","isin":\(p.isin.map { "\"\($0)\"" } ?? "null"),"marketData":[],\
            "name":\(JSONString.quoted(p.name)),"sectors":[],"symbol":\(JSONString.quoted(symbol)),"symbolMapping":{},"url":null}
            """
        }
        let lines = activities.map { a in
            """
            {"accountId":"\(GhostfolioFormat.accountID(portfolio: rows.portfolio.name, currency: a.currency))",\
            "comment":\(a.comment.map(JSONString.quoted) ?? "null"),"fee":\(ExactDecimal.text(a.fee)),\
            "id":\(a.id.map(JSONString.quoted) ?? "null"),"quantity":\(ExactDecimal.text(a.quantity)),\
            "type":"\(a.type)","unitPrice":\(ExactDecimal.text(a.unitPrice)),"currency":"\(a.currency)","dataSource":"\(a.manual ? "MANUAL" : "YAHOO")",\
            "date":"\(GhostfolioFormat.date(a.time))","symbol":\(JSONString.quoted(a.symbol)),"tags":[]}
            """
        }
        func list(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        return """
            {
              "meta": {"date":"\(GhostfolioFormat.date(last))","version":"folio \(FolioVersion.current)"},
              "accounts": \(list(accounts(activities, transfers))),
              "assetProfiles": \(list(profiles)),
              "platforms": [],
              "tags": [],
              "activities": \(list(lines)),
              "user": {"settings":{"currency":"\(rows.portfolio.baseCurrency)"}}
            }

            """
    }
}
