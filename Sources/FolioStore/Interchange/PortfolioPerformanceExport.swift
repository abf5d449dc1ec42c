import FolioCore
import FolioImport
import Foundation

extension Store {
    /// The portfolio as Portfolio Performance's CSV export (`PortfolioPerformanceFormat`): a file per
    /// currency of money (`P (USD).csv`, its cash account) and one for its securities (`P.csv`), the
    /// broker's id of each row as its `Note`. A currency bought with another is a transfer between their
    /// accounts at the trade's rate. A trade settled through an exchange beside it (the broker's AutoFX,
    /// its id the trade's with `/fx`) and paying its fee in the currency given for it is one row in that
    /// currency's account, the price in `Gross Amount`, as Portfolio Performance records such a trade:
    /// `folio import pp-csv` reads it back as the same trade and exchange. Amounts are written without
    /// binary noise (`ExactDecimal`). What the format cannot hold is named in `differences`, by kind: a
    /// trade priced in a coin, a fee paid in another currency than the price's with no exchange beside
    /// it (a Fees row of its own) or in a coin (left out), an exchange's or a transfer's fee (a Fees
    /// row), a transfer of a coin or one that did not complete, and a split.
    public func exportPortfolioPerformance(portfolio name: String) throws -> InterchangeExport {
        PortfolioPerformanceExport(rows: try ExportRows(self, portfolio: name)).build()
    }
}

struct PortfolioPerformanceExport {
    let rows: ExportRows

    private struct Line {
        var time: Date, type: String, value: Decimal, currency: AssetCode
        var gross: (amount: Decimal, currency: AssetCode, rate: Double)? = nil
        var fees: Decimal = 0, taxes: Decimal = 0, shares: Double? = nil, security: AssetCode? = nil, note: String?
    }

    /// The exchange that settled `t` in the currency of its fee, by its id (`BrokerEntry.settlement`): for
    /// a buy, that currency given for exactly the trade's amount in the price's; for a sale, the
    /// proceeds given for it. Nil when `t` has none.
    private func settlement(of t: Trade, exchanges: [String: Trade]) -> (exchange: Trade, paid: Decimal)? {
        guard let id = t.externalID, let e = exchanges[id + "/fx"], e.time == t.time, e.side == .buy, e.fee == 0
        else {
            return nil
        }
        let gross = ExactDecimal.product(t.quantity, t.price)
        switch t.side {
        case .buy:
            guard e.asset == t.priceCurrency, e.priceCurrency == t.feeCurrency, ExactDecimal.of(e.quantity) == gross
            else { return nil }
            return (e, ExactDecimal.product(e.quantity, e.price))
        case .sell:
            guard e.asset == t.feeCurrency, e.priceCurrency == t.priceCurrency,
                ExactDecimal.product(e.quantity, e.price) == gross
            else { return nil }
            return (e, ExactDecimal.of(e.quantity))
        }
    }

    func build() -> InterchangeExport {
        let exchanges = Dictionary(
            rows.trades.filter { rows.isMoney($0.asset) && $0.externalID != nil }.map { ($0.externalID ?? "", $0) }
        ) { a, _ in a }
        var settled = Set<Int64>()
        var settlements: [Int64: (exchange: Trade, paid: Decimal)] = [:]
        for t in rows.trades where t.fee != 0 && t.feeCurrency != t.priceCurrency && rows.isMoney(t.feeCurrency) {
            guard rows.isMoney(t.priceCurrency), !rows.isMoney(t.asset),
                let s = settlement(of: t, exchanges: exchanges)
            else { continue }
            settlements[t.id] = s
            settled.insert(s.exchange.id)
        }
        var draft = Draft(rows: rows, differences: rows.outOfBounds)
        for t in rows.trades where !settled.contains(t.id) { draft.add(t, settlement: settlements[t.id]) }
        for c in rows.cash { draft.add(c) }
        let (accounts, securities, differences) = (draft.accounts, draft.securities, draft.differences)
        var files = accounts.sorted { $0.key < $1.key }.map { currency, lines in
            (PortfolioPerformanceFormat.fileName("\(rows.portfolio.name) (\(currency))"), csv(lines))
        }
        if !securities.isEmpty {
            files.append((PortfolioPerformanceFormat.fileName(rows.portfolio.name), csv(securities)))
        }
        return InterchangeExport(files: files, differences: differences.lines)
    }

    /// The rows of each cash account's file and of the securities account's, and what they could not hold.
    private struct Draft {
        let rows: ExportRows
        var differences: InterchangeDifferences
        var accounts: [AssetCode: [Line]] = [:]
        var securities: [Line] = []

        func d(_ value: Double) -> Decimal { ExactDecimal.of(value) }

        /// A trade in the account of its price's currency, or (`settlement`) of the currency that paid for it.
        mutating func add(_ t: Trade, settlement: (exchange: Trade, paid: Decimal)?) {
            guard rows.isMoney(t.priceCurrency) else {
                differences.add(
                    .trade,
                    "priced in a coin, which Portfolio Performance takes only as a security: left out",
                    ExportRows.name(t)
                )
                return
            }
            let gross = ExactDecimal.product(t.quantity, t.price)
            if let s = settlement {
                // One row in the account of the currency given: the price's amount is its gross, and
                // the fee is in the account's currency, as Portfolio Performance keeps it.
                let tradeFee = d(t.fee)
                let cash = t.side == .buy ? -(s.paid + tradeFee) : s.paid - tradeFee
                let rate = ExactDecimal.double(gross) / ExactDecimal.double(s.paid)
                trade(t, in: t.feeCurrency, cash: cash, gross: (gross, t.priceCurrency, rate), fees: tradeFee)
                return
            }
            var tradeFee = d(t.fee)
            if t.fee != 0 && t.feeCurrency != t.priceCurrency {
                tradeFee = 0
                if rows.isMoney(t.feeCurrency) {
                    differences.add(
                        .trade,
                        "with a fee in another currency than the price's and no exchange beside it: the fee is a Fees row of its own, which comes back as a fee of the account",
                        ExportRows.name(t)
                    )
                    fee(t.time, t.fee, t.feeCurrency, t.externalID)
                } else {
                    differences.add(
                        .trade,
                        "with a fee paid in a coin, which Portfolio Performance cannot hold: the fee left out",
                        ExportRows.name(t)
                    )
                }
            }
            if rows.isMoney(t.asset) {
                exchange(t, gross: gross, fee: tradeFee)
                return
            }
            let cash = t.side == .buy ? -(gross + tradeFee) : gross - tradeFee
            trade(t, in: t.priceCurrency, cash: cash, gross: nil, fees: tradeFee)
        }

        /// One currency for another: a transfer out of the account paying, into the one paid.
        private mutating func exchange(_ t: Trade, gross: Decimal, fee tradeFee: Decimal) {
            let (from, to) =
                t.side == .buy
                ? ((gross, t.priceCurrency), (d(t.quantity), t.asset))
                : ((d(t.quantity), t.asset), (gross, t.priceCurrency))
            accounts[from.1, default: []].append(
                Line(
                    time: t.time,
                    type: "Transfer (Outbound)",
                    value: -from.0,
                    currency: from.1,
                    gross: (to.0, to.1, t.side == .buy ? t.price : 1 / t.price),
                    note: t.externalID
                )
            )
            accounts[to.1, default: []].append(
                Line(time: t.time, type: "Transfer (Inbound)", value: to.0, currency: to.1, note: t.externalID)
            )
            if tradeFee != 0 {
                differences.add(
                    .trade,
                    "of one currency for another with a fee, which Portfolio Performance's transfers do not have: the fee is a Fees row of its own, which comes back as a fee of the account",
                    ExportRows.name(t)
                )
                fee(t.time, t.fee, t.feeCurrency, t.externalID)
            }
        }

        mutating func add(_ c: CashTransaction) {
            guard c.status == .completed else {
                differences.add(
                    .transaction,
                    "that did not complete: left out, Portfolio Performance keeping only what happened",
                    ExportRows.name(c)
                )
                return
            }
            if c.kind == .split {
                differences.add(
                    .split,
                    "which Portfolio Performance keeps as a security's event, not a transaction: left out",
                    ExportRows.name(c)
                )
                return
            }
            guard rows.isMoney(c.currency) else {
                differences.add(
                    .transaction,
                    "in a coin, which Portfolio Performance takes only as a security: left out",
                    ExportRows.name(c)
                )
                return
            }
            let net = d(c.amount) - d(c.tax) - d(c.fee)
            switch c.kind {
            case .deposit, .withdrawal:
                let deposit = c.kind == .deposit
                accounts[c.currency, default: []].append(
                    Line(
                        time: c.time,
                        type: deposit ? "Deposit" : "Withdrawal",
                        value: deposit ? d(c.amount) : -d(c.amount),
                        currency: c.currency,
                        note: c.externalID
                    )
                )
                if c.fee != 0 {
                    differences.add(
                        .transfer,
                        "with a fee: the fee is a Fees row of its own, which comes back as a fee of the account",
                        ExportRows.name(c)
                    )
                    fee(c.time, c.fee, c.currency, c.externalID)
                }
            case .dividend:
                accounts[c.currency, default: []].append(
                    Line(
                        time: c.time,
                        type: "Dividend",
                        value: net,
                        currency: c.currency,
                        fees: d(c.fee),
                        taxes: d(c.tax),
                        security: c.asset,
                        note: c.externalID
                    )
                )
            case .interest:
                accounts[c.currency, default: []].append(
                    Line(
                        time: c.time,
                        type: "Interest",
                        value: net,
                        currency: c.currency,
                        fees: d(c.fee),
                        taxes: d(c.tax),
                        note: c.externalID
                    )
                )
            case .fee:
                fee(c.time, c.amount + c.fee, c.currency, c.externalID)
            case .split:
                break
            }
        }

        mutating func fee(_ time: Date, _ amount: Double, _ currency: AssetCode, _ note: String?) {
            accounts[currency, default: []].append(
                Line(time: time, type: "Fees", value: -d(amount), currency: currency, note: note)
            )
        }
        /// A trade in its cash account's file, `cash` as the account sees it, and its copy in the
        /// securities account's file, signed the other way.
        mutating func trade(
            _ t: Trade,
            in currency: AssetCode,
            cash: Decimal,
            gross: (amount: Decimal, currency: AssetCode, rate: Double)?,
            fees: Decimal
        ) {
            var line = Line(
                time: t.time,
                type: t.side == .buy ? "Buy" : "Sell",
                value: cash,
                currency: currency,
                gross: gross,
                fees: fees,
                shares: t.quantity,
                security: t.asset,
                note: t.externalID
            )
            accounts[currency, default: []].append(line)
            line.value = -cash
            securities.append(line)
        }
    }

    private func csv(_ lines: [Line]) -> String {
        let ordered = lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element
        )
        let text = ordered.map { l in
            let asset = l.security.flatMap { rows.assets[$0] }
            return [
                PortfolioPerformanceFormat.date(l.time), l.type, "\(l.value)", l.currency.rawValue,
                l.gross.map { "\($0.amount)" } ?? "", l.gross?.currency.rawValue ?? "",
                l.gross.map { ExactDecimal.text($0.rate) } ?? "",
                l.fees == 0 ? "" : "\(l.fees)", l.taxes == 0 ? "" : "\(l.taxes)", l.shares.map(ExactDecimal.text) ?? "",
                asset?.isin?.rawValue ?? "", "", l.security?.rawValue ?? "",
                l.security == nil ? "" : asset?.asset.name ?? "", l.note ?? "",
            ].map(PortfolioPerformanceFormat.field).joined(separator: ",")
        }
        return ([PortfolioPerformanceFormat.header.joined(separator: ",")] + text).joined(separator: "\r\n") + "\r\n"
    }
}
