import FolioCore
import Foundation
internal import GRDB

extension Store {
    /// The portfolio as Ghostfolio's export JSON (`GhostfolioFormat`): one account per currency of money,
    /// trades, dividends, interest and fees as activities, deposits and withdrawals as the accounts'
    /// balance history at their times. What Ghostfolio cannot hold is named in `differences`: a trade
    /// priced in a coin, a fee paid in another currency than the price's (written as a FEE activity of
    /// its own) or in the asset bought (left out), tax withheld (written as the activity's fee), a
    /// transfer of a coin or one that did not complete, and a split.
    public func exportGhostfolio(portfolio name: String) throws -> InterchangeExport {
        let rows = try ExportRows(self, portfolio: name)
        return GhostfolioExport(rows: rows).build()
    }
}

struct GhostfolioExport {
    let rows: ExportRows

    private struct Activity {
        var time: Date, type: String, symbol: String, quantity: Double, unitPrice: Double, fee: Double,
            currency: AssetCode, comment: String?
        var manual: Bool
    }

    func build() -> InterchangeExport {
        var activities: [Activity] = []
        var differences = rows.outOfBounds
        var transfers: [(time: Date, currency: AssetCode, amount: Decimal)] = []
        var manual: [String: (name: String, currency: AssetCode, isin: ISIN?, cash: Bool)] = [:]
        func profile(_ asset: AssetCode, _ currency: AssetCode) -> Bool {
            let listing = rows.assets[asset]
            guard listing?.asset.kind != .stock, listing?.asset.kind != .etf else { return false }
            manual[asset.rawValue] = (
                listing?.asset.name ?? asset.rawValue, currency, listing?.isin, listing?.asset.kind == .fiat
            )
            return true
        }
        func accountFee(_ time: Date, _ amount: Double, _ currency: AssetCode, _ comment: String?) {
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
                    comment: comment,
                    manual: true
                )
            )
        }

        for t in rows.trades {
            guard rows.isMoney(t.priceCurrency) else {
                differences.append(
                    "\(ExportRows.name(t)): priced in \(t.priceCurrency), which Ghostfolio takes only as a security; left out"
                )
                continue
            }
            var fee = t.fee
            if t.fee != 0 && t.feeCurrency != t.priceCurrency {
                fee = 0
                if rows.isMoney(t.feeCurrency) {
                    differences.append(
                        "\(ExportRows.name(t)): its fee \(ExactDecimal.text(t.fee)) \(t.feeCurrency) is written as a FEE activity, Ghostfolio's fees being in the price's currency"
                    )
                    accountFee(t.time, t.fee, t.feeCurrency, t.externalID)
                } else {
                    differences.append(
                        "\(ExportRows.name(t)): its fee \(ExactDecimal.text(t.fee)) \(t.feeCurrency) is paid in a coin, which Ghostfolio cannot hold; left out"
                    )
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
                    comment: t.externalID,
                    manual: isManual
                )
            )
        }
        for c in rows.cash {
            guard c.status == .completed else {
                differences.append(
                    "\(ExportRows.name(c)): \(c.status.rawValue), left out: Ghostfolio keeps only what happened"
                )
                continue
            }
            if c.kind != .split, !rows.isMoney(c.currency) {
                differences.append(
                    "\(ExportRows.name(c)): in \(c.currency), which Ghostfolio takes only as a security; left out"
                )
                continue
            }
            switch c.kind {
            case .deposit, .withdrawal:
                transfers.append((c.time, c.currency, ExactDecimal.of(c.kind == .deposit ? c.amount : -c.amount)))
                if c.fee != 0 {
                    differences.append(
                        "\(ExportRows.name(c)): its fee \(ExactDecimal.text(c.fee)) \(c.currency) is written as a FEE activity"
                    )
                    accountFee(c.time, c.fee, c.currency, c.externalID)
                }
            case .dividend:
                // A dividend is stored with the asset that paid it (`ImportSink`, the CHECK of its table).
                guard let asset = c.asset else {
                    differences.append("\(ExportRows.name(c)): a dividend of no asset; left out")
                    continue
                }
                if c.tax != 0 {
                    differences.append(
                        "\(ExportRows.name(c)): tax withheld \(ExactDecimal.text(c.tax)) \(c.currency) is written as the activity's fee, Ghostfolio having no tax"
                    )
                }
                let isManual = profile(asset, c.currency)
                activities.append(
                    Activity(
                        time: c.time,
                        type: "DIVIDEND",
                        symbol: asset.rawValue,
                        quantity: 1,
                        unitPrice: c.amount,
                        fee: c.tax + c.fee,
                        currency: c.currency,
                        comment: c.externalID,
                        manual: isManual
                    )
                )
            case .interest:
                if c.tax != 0 {
                    differences.append(
                        "\(ExportRows.name(c)): tax withheld \(ExactDecimal.text(c.tax)) \(c.currency) is written as the activity's fee, Ghostfolio having no tax"
                    )
                }
                manual[GhostfolioFormat.interestSymbol(c.currency)] = ("Interest", c.currency, nil, false)
                activities.append(
                    Activity(
                        time: c.time,
                        type: "INTEREST",
                        symbol: GhostfolioFormat.interestSymbol(c.currency),
                        quantity: 1,
                        unitPrice: c.amount,
                        fee: c.tax + c.fee,
                        currency: c.currency,
                        comment: c.externalID,
                        manual: true
                    )
                )
            case .fee:
                accountFee(c.time, c.amount + c.fee, c.currency, c.externalID)
            case .split:
                differences.append("\(ExportRows.name(c)): Ghostfolio has no splits; left out")
            }
        }
        // A balance history holds one balance an instant: transfers of one currency at one instant
        // (DSX's moves between its sub-accounts, out of one and into the other) come back as their sum.
        let transferRows = rows.cash.filter {
            ($0.kind == .deposit || $0.kind == .withdrawal) && $0.status == .completed && rows.isMoney($0.currency)
        }
        for (_, group) in Dictionary(grouping: transferRows, by: { "\($0.time.timeIntervalSince1970)|\($0.currency)" })
        where group.count > 1 {
            let sum = group.reduce(Decimal(0)) { $0 + ExactDecimal.of($1.kind == .deposit ? $1.amount : -$1.amount) }
            for c in group.sorted(by: { $0.id < $1.id }) {
                differences.append(
                    "\(ExportRows.name(c)): one of \(group.count) transfers of \(c.currency) at that instant; the balance history holds their sum, \(sum)"
                )
            }
        }
        // Stable, so that rows of one instant keep the order the ledger gives them.
        activities = activities.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element
        )
        return InterchangeExport(
            files: [("\(rows.portfolio.name).json", json(activities, transfers, manual))],
            differences: differences
        )
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
                        quantity: ExactDecimal.of(a.quantity),
                        unitPrice: ExactDecimal.of(a.unitPrice),
                        fee: ExactDecimal.of(a.fee)
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
            "comment":\(a.comment.map(JSONString.quoted) ?? "null"),"fee":\(ExactDecimal.text(a.fee)),"quantity":\(ExactDecimal.text(a.quantity)),\
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
