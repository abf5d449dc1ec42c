import FolioCore
import Foundation

extension Store {
    /// The portfolio as Portfolio Performance's CSV export (`PortfolioPerformanceFormat`): a file per
    /// currency of money (`P (USD).csv`, its cash account) and one for its securities (`P.csv`). A
    /// currency bought with another is a transfer between their accounts at the trade's rate. Amounts
    /// are written with every digit Folio holds (Portfolio Performance rounds them to the cent when it
    /// reads them). What the format cannot hold is named in `differences`: a trade priced in a coin, a
    /// fee paid in another currency than the price's (written as a Fees row of its own) or in a coin
    /// (left out), a transfer's fee (a Fees row), a transfer of a coin or one that did not complete,
    /// and a split.
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

    func build() -> InterchangeExport {
        var accounts: [AssetCode: [Line]] = [:]
        var securities: [Line] = []
        var differences = rows.outOfBounds
        func d(_ value: Double) -> Decimal { ExactDecimal.of(value) }
        func fee(_ time: Date, _ amount: Double, _ currency: AssetCode, _ note: String?) {
            accounts[currency, default: []].append(
                Line(time: time, type: "Fees", value: -d(amount), currency: currency, note: note)
            )
        }
        for t in rows.trades {
            guard rows.isMoney(t.priceCurrency) else {
                differences.append(
                    "\(ExportRows.name(t)): priced in \(t.priceCurrency), which Portfolio Performance takes only as a security; left out"
                )
                continue
            }
            var tradeFee = d(t.fee)
            if t.fee != 0 && t.feeCurrency != t.priceCurrency {
                tradeFee = 0
                if rows.isMoney(t.feeCurrency) {
                    differences.append(
                        "\(ExportRows.name(t)): its fee \(ExactDecimal.text(t.fee)) \(t.feeCurrency) is written as a Fees row, Portfolio Performance's fees being in the account's currency"
                    )
                    fee(t.time, t.fee, t.feeCurrency, t.externalID)
                } else {
                    differences.append(
                        "\(ExportRows.name(t)): its fee \(ExactDecimal.text(t.fee)) \(t.feeCurrency) is paid in a coin, which Portfolio Performance cannot hold; left out"
                    )
                }
            }
            let gross = d(t.quantity) * d(t.price)
            if rows.isMoney(t.asset) {
                // One currency for another: a transfer out of the account paying, into the one paid.
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
                if tradeFee != 0 { fee(t.time, t.fee, t.feeCurrency, t.externalID) }
                continue
            }
            let cash = t.side == .buy ? -(gross + tradeFee) : gross - tradeFee
            let type = t.side == .buy ? "Buy" : "Sell"
            accounts[t.priceCurrency, default: []].append(
                Line(
                    time: t.time,
                    type: type,
                    value: cash,
                    currency: t.priceCurrency,
                    fees: tradeFee,
                    shares: t.quantity,
                    security: t.asset,
                    note: t.externalID
                )
            )
            securities.append(
                Line(
                    time: t.time,
                    type: type,
                    value: -cash,
                    currency: t.priceCurrency,
                    fees: tradeFee,
                    shares: t.quantity,
                    security: t.asset,
                    note: t.externalID
                )
            )
        }
        for c in rows.cash {
            guard c.status == .completed else {
                differences.append(
                    "\(ExportRows.name(c)): \(c.status.rawValue), left out: Portfolio Performance keeps only what happened"
                )
                continue
            }
            if c.kind == .split {
                differences.append(
                    "\(ExportRows.name(c)): a split is a security's event in Portfolio Performance, not a transaction; left out"
                )
                continue
            }
            guard rows.isMoney(c.currency) else {
                differences.append(
                    "\(ExportRows.name(c)): in \(c.currency), which Portfolio Performance takes only as a security; left out"
                )
                continue
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
                    differences.append(
                        "\(ExportRows.name(c)): its fee \(ExactDecimal.text(c.fee)) \(c.currency) is written as a Fees row"
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
        var files = accounts.sorted { $0.key < $1.key }.map { currency, lines in
            (PortfolioPerformanceFormat.fileName("\(rows.portfolio.name) (\(currency))"), csv(lines))
        }
        if !securities.isEmpty {
            files.append((PortfolioPerformanceFormat.fileName(rows.portfolio.name), csv(securities)))
        }
        return InterchangeExport(files: files, differences: differences)
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
