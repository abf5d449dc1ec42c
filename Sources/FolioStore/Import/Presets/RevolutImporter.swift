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
struct RevolutImporter {
    let url: URL
    let ledger: BrokerLedger

    func run(_ summary: inout ImportSummary) throws {
        var c: (date: Int, ticker: Int, type: Int, quantity: Int, total: Int, currency: Int)?
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        try DelimitedFile(url: url).forEachRow(
            header: { header in
                var h = header
                h.expectedHint = "Revolut's Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate"
                c = (
                    try h.required("Date"), try h.required("Ticker"), try h.required("Type"),
                    try h.required("Quantity"),
                    try h.required("Total Amount"), try h.required("Currency")
                )
            },
            row: { row in
                let c = c!
                summary.read += 1
                let type = row.string(c.type)
                let entry = BrokerEntry(
                    event: .transfer(.deposit, Money(0, .usd), fee: 0),
                    timeMs: try row.time(c.date, "Date"),
                    id: nil,
                    file: url.path,
                    line: row.line
                )
                let upper = type.uppercased()
                let total = {
                    Money(abs(try row.amount(c.total, "Total Amount")), try row.currency(c.currency, "Currency"))
                }
                let security = { () throws -> BrokerSecurity in
                    let ticker = try row.text(c.ticker, "Ticker")
                    return BrokerSecurity(ticker: ticker, isin: nil, name: nil)
                }
                if upper.hasPrefix("BUY") || upper.hasPrefix("SELL") {
                    let quantity = abs(try row.amount(c.quantity, "Quantity"))
                    let paid = try total()
                    guard quantity > 0, paid.amount > 0 else {
                        throw row.fail(
                            "Total Amount",
                            "found \(paid.amount) for \(quantity) shares, expected both above zero"
                        )
                    }
                    entries.append(
                        entry.with(
                            .trade(
                                upper.hasPrefix("BUY") ? .buy : .sell,
                                try security(),
                                quantity: quantity,
                                price: paid.amount / quantity,
                                currency: paid.currency,
                                fee: nil
                            )
                        )
                    )
                    return
                }
                switch upper {
                case "CASH TOP-UP", "CASH WITHDRAWAL":
                    let money = try total()
                    guard money.amount > 0 else { throw row.fail("Total Amount", "found 0, expected the amount moved") }
                    entries.append(
                        entry.with(.transfer(upper == "CASH TOP-UP" ? .deposit : .withdrawal, money, fee: 0))
                    )
                case "DIVIDEND":
                    entries.append(entry.with(.dividend(try security(), gross: try total(), tax: 0)))
                case "CUSTODY FEE":
                    entries.append(entry.with(.accountFee(try total())))
                case "STOCK SPLIT":
                    entries.append(
                        entry.with(.splitAdding(try security(), units: try row.amount(c.quantity, "Quantity")))
                    )
                default:
                    let why =
                        upper.hasPrefix("TRANSFER FROM")
                        ? "holdings moved between Revolut's companies, not in or out of the account"
                        : "not a trade, dividend, transfer, fee or split Folio reads in Revolut's statements"
                    ignored.add(type, at: row.location, why)
                }
            }
        )
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }
}
