import FolioCore
import Foundation

/// The Cash Transactions section of an IB Flex Query, by `Type`:
///
/// - `Dividends` and `Payment In Lieu Of Dividends` with the `Withholding Tax` of the same payment
///   (its `ActionID`, else the same symbol, day and currency) are one dividend less its tax. IB
///   corrects a payment by reversing it (a negative dividend, a tax given back) and paying it again:
///   the amounts of one payment are added up, and one that adds up to nothing is named and left.
/// - `Broker Interest Received` and `Bond Interest Received` are interest; `Broker Interest Paid`,
///   `Other Fees`, `Advisor Fees` and `Commission Adjustments` that cost money are fees of the account.
/// - `Deposits/Withdrawals`, by the sign of `Amount`.
/// - Anything else, and summary rows (`LevelOfDetail` SUMMARY), is counted and named.
///
/// `TransactionID` is the external id (of the dividend row, for a dividend and its tax). A row repeated
/// with its TransactionID (a query run over overlapping periods, a file pasted twice) is one row: it is
/// counted as a duplicate, not added to the payment again; the same id with other values is refused.
struct IBKRFlexCash {
    let file: String
    private var entries: [BrokerEntry] = []
    /// Each TransactionID met, with its row's fields and line, to tell a repeat from a clash.
    private var seen: [String: (fields: [String], line: Int)] = [:]
    /// Rows that repeat an earlier one.
    private(set) var repeated = 0

    init(file: String) { self.file = file }
    /// Rows of one dividend payment, in the order first met.
    private var payments: [String: [(row: BrokerEntry, amount: Double, isTax: Bool, location: String)]] = [:]
    private var order: [String] = []

    struct Columns {
        var type, amount, currency: Int
        var dateTime: Int?, settleDate: Int?, transactionID: Int?, symbol: Int?, isin: Int?, description: Int?,
            actionID: Int?, level: Int?

        init(_ h: CSVHeader) throws {
            type = try h.required("Type")
            amount = try h.required("Amount")
            currency = try h.required("CurrencyPrimary", "Currency")
            dateTime = try h.optional("DateTime", "Date/Time")
            settleDate = try h.optional("SettleDate", "ReportDate")
            transactionID = try h.optional("TransactionID")
            symbol = try h.optional("Symbol")
            isin = try h.optional("ISIN")
            description = try h.optional("Description")
            actionID = try h.optional("ActionID")
            level = try h.optional("LevelOfDetail")
            if dateTime == nil && settleDate == nil { _ = try h.required("DateTime", "SettleDate") }
        }
    }

    mutating func read(_ row: RowFields, _ c: Columns, _ ignored: inout IgnoredRows) throws {
        let type = row.string(c.type)
        if let level = c.level, !row.isBlank(level), row.string(level).uppercased() == "SUMMARY" {
            return ignored.add("\(type) (SUMMARY)", at: row.location, "a summary; Folio imports the DETAIL rows")
        }
        let id = row.string(c.transactionID)
        if !id.isEmpty {
            let fields = (0..<row.fields.count).map { row.fields.string($0) }
            if let earlier = seen[id] {
                guard earlier.fields == fields else {
                    throw row.fail(
                        "TransactionID",
                        "found \(RowFields.shown(id)), the id of line \(earlier.line) with other values, expected an id of its own"
                    )
                }
                repeated += 1
                return
            }
            seen[id] = (fields, row.line)
        }
        let signed = try row.currency(c.currency, "CurrencyPrimary").money(try row.number(c.amount, "Amount"))
        let amount = signed.amount
        let money = Money(abs(amount), signed.currency)
        let useDateTime = c.dateTime.map { !row.isBlank($0) } ?? false
        let time = try IBKRFlexImporter.time(
            row,
            row.string(useDateTime ? c.dateTime : c.settleDate),
            useDateTime ? "DateTime" : "SettleDate"
        )
        let entry = BrokerEntry(
            event: .accountFee(money),
            timeMs: time,
            id: id.isEmpty ? nil : id,
            file: file,
            line: row.line
        )
        switch type.lowercased() {
        case "dividends", "payment in lieu of dividends", "withholding tax":
            let security = try IBKRFlexImporter.security(row, symbol: c.symbol, isin: c.isin, description: nil)
            let key =
                row.string(c.actionID).isEmpty
                ? "\(security.isin?.rawValue ?? security.ticker ?? "")|\(Day(Date(unixMilliseconds: time)).iso)|\(money.currency)"
                : row.string(c.actionID)
            if payments[key] == nil { order.append(key) }
            payments[key, default: []].append(
                (
                    entry.with(.dividend(security, gross: money, tax: 0)), amount,
                    type.lowercased() == "withholding tax",
                    row.location
                )
            )
        case "broker interest received", "bond interest received":
            guard amount > 0 else {
                return ignored.add(type, at: row.location, "interest given back; Folio records interest received")
            }
            entries.append(entry.with(.interest(money, tax: 0)))
        case "broker interest paid", "other fees", "advisor fees", "commission adjustments":
            guard amount < 0 else { return ignored.add(type, at: row.location, "a refund; Folio records fees paid") }
            entries.append(entry)
        case "deposits/withdrawals", "deposits & withdrawals":
            guard amount != 0 else { return ignored.add(type, at: row.location, "moves no money") }
            entries.append(entry.with(.transfer(amount > 0 ? .deposit : .withdrawal, money, fee: 0)))
        default:
            ignored.add(
                type,
                at: row.location,
                "not a dividend, tax, interest, fee or transfer Folio reads in IB's cash transactions"
            )
        }
    }

    /// The section's entries, each dividend joined with its tax.
    func entries(_ ignored: inout IgnoredRows) throws -> [BrokerEntry] {
        var result = entries
        for key in order {
            let rows = payments[key] ?? []
            let gross = rows.filter { !$0.isTax }.reduce(0) { $0 + $1.amount }
            let tax = -rows.filter(\.isTax).reduce(0) { $0 + $1.amount }
            if abs(gross) < 1e-9 && abs(tax) < 1e-9 {
                for r in rows {
                    ignored.add("Dividends", at: r.location, "a payment and its reversal, adding up to nothing")
                }
                continue
            }
            guard let first = rows.first(where: { !$0.isTax }), gross > 0, tax >= -1e-9, tax <= gross else {
                throw ImportError(
                    file: file,
                    line: rows.first?.row.line,
                    field: "Amount",
                    message:
                        "found dividends of \(JSONNumber.describe(gross)) and tax of \(JSONNumber.describe(tax)) for one payment, expected a dividend above zero and a tax below it"
                )
            }
            guard case let .dividend(security, money, _, _) = first.row.event else { continue }
            // A tax is withheld from its dividend, in its currency: one in another is another payment's.
            for r in rows {
                guard case let .dividend(_, other, _, _) = r.row.event, other.currency != money.currency else {
                    continue
                }
                throw ImportError(
                    file: file,
                    line: r.row.line,
                    field: "CurrencyPrimary",
                    message:
                        "found \(other.currency), expected \(money.currency) as the dividend of line \(first.row.line ?? 0) it belongs to"
                )
            }
            result.append(first.row.with(.dividend(security, gross: Money(gross, money.currency), tax: max(0, tax))))
        }
        return result
    }
}
