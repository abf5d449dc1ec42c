import FolioCore
import Foundation

/// Revolut's trading account statement (Invest › ⋯ › Documents › Brokerage account › Account
/// statement, as Excel/CSV): `Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate`,
/// ISO 8601 times, amounts with the currency's sign (`$52.07`, `-€0.01`) and quantities sometimes with
/// a decimal comma (`"0,766"`). Securities are named by ticker only. By `Type`:
///
/// - `BUY - MARKET`, `SELL - LIMIT`…: a trade of `Quantity` for `Total Amount`. Revolut rounds the
///   price it shows to the cent and takes its fees out of the total, so the trade is priced at the total
///   over the quantity: cash is then what Revolut says, to the cent.
/// - `CASH TOP-UP` and `CASH WITHDRAWAL`: a deposit and a withdrawal; `DIVIDEND`: a dividend of what
///   was paid (Revolut states it after withholding); `CUSTODY FEE`: a fee of the account.
/// - `STOCK SPLIT`: the shares it added (`Quantity`), so its ratio is found from what was held before.
/// - Anything else (transfers between Revolut's companies, tax corrections) is counted and named.
///
/// Signs are Revolut's: money in (a top-up, a dividend) and a trade's total above zero, money out (a
/// withdrawal, a fee) below; a row with the other sign is refused rather than read with its sign dropped.
struct RevolutImporter {
    let url: URL
    let ledger: BrokerLedger

    private struct Columns {
        var date, ticker, type, quantity, total, currency: Int
    }

    func run(_ summary: inout ImportSummary) throws {
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        try DelimitedFile(url: url).forEachRow(
            header: { header in
                var h = header
                h.expectedHint = "Revolut's Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate"
                return Columns(
                    date: try h.required("Date"),
                    ticker: try h.required("Ticker"),
                    type: try h.required("Type"),
                    quantity: try h.required("Quantity"),
                    total: try h.required("Total Amount"),
                    currency: try h.required("Currency")
                )
            },
            row: { row, c in
                summary.read += 1
                let entry = BrokerEntry(
                    event: .transfer(.deposit, Money(0, .usd), fee: 0),
                    timeMs: try row.time(c.date, "Date"),
                    id: nil,
                    file: url.path,
                    line: row.line
                )
                let statement = StatementRow(row: row, c: c)
                if let event = try statement.event() {
                    entries.append(entry.with(event))
                } else {
                    ignored.add(statement.type, at: row.location, statement.whyIgnored)
                }
            }
        )
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    /// One row of the statement, read by its `Type`.
    private struct StatementRow {
        let row: RowFields
        let c: Columns

        var type: String { row.string(c.type) }

        /// The row's event; nil for a type Folio does not read.
        func event() throws -> BrokerEntry.Event? {
            let upper = type.uppercased()
            if upper.hasPrefix("BUY") || upper.hasPrefix("SELL") {
                return try trade(upper.hasPrefix("BUY") ? .buy : .sell)
            }
            switch upper {
            case "CASH TOP-UP": return .transfer(.deposit, try total(negative: false), fee: 0)
            case "CASH WITHDRAWAL": return .transfer(.withdrawal, try total(negative: true), fee: 0)
            case "DIVIDEND": return .dividend(try security(), gross: try total(negative: false), tax: 0)
            case "CUSTODY FEE": return .accountFee(try total(negative: true))
            case "STOCK SPLIT": return .splitAdding(try security(), units: try row.amount(c.quantity, "Quantity"))
            default: return nil
            }
        }

        var whyIgnored: String {
            type.uppercased().hasPrefix("TRANSFER FROM")
                ? "holdings moved between Revolut's companies, not in or out of the account"
                : "not a trade, dividend, transfer, fee or split Folio reads in Revolut's statements"
        }

        /// A trade of `Quantity` priced at the total over it.
        private func trade(_ side: TradeSide) throws -> BrokerEntry.Event {
            let quantity = try row.amount(c.quantity, "Quantity")
            guard quantity > 0 else {
                throw row.fail(
                    "Quantity",
                    "found \(RowFields.shown(row.string(c.quantity))), expected the shares traded, above zero"
                )
            }
            let paid = try total(negative: false)
            return .trade(
                side,
                try security(),
                quantity: quantity,
                price: paid.amount / quantity,
                currency: paid.currency,
                fee: nil
            )
        }

        /// `Total Amount` with the sign Revolut writes for the type: money in is above zero, money out
        /// below (a withdrawal, a fee), and a trade's total above zero either way. Another sign is another
        /// event, not this one with its sign dropped.
        private func total(negative: Bool) throws -> Money {
            let amount = try row.amount(c.total, "Total Amount")
            guard negative ? amount < 0 : amount > 0 else {
                throw row.fail(
                    "Total Amount",
                    "found \(RowFields.shown(row.string(c.total))), expected an amount \(negative ? "below" : "above") zero for \(type)"
                )
            }
            return try row.currency(c.currency, "Currency").money(abs(amount))
        }

        private func security() throws -> BrokerSecurity {
            BrokerSecurity(ticker: try row.text(c.ticker, "Ticker"), isin: nil, name: nil)
        }
    }
}
