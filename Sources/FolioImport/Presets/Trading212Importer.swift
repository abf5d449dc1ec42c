import FolioCore
import Foundation

/// Trading 212's history export (History › Export; the public API's `/history/exports` writes the
/// same columns). Columns are read by name: Trading 212 writes only the ones the period needs, in an
/// order that has changed over the years (`Notes` and `ID` moved after `Name` in 2025), names the time
/// `Time` or `Time (UTC)`, and older files put the account's currency in a header (`Total (EUR)`).
///
/// Every amount of money the account saw is `Total` in the account's currency (`Currency (Total)`); a
/// security's price and a dividend per share are in the security's currency. So:
///
/// - `Market buy`, `Limit sell`, `Stop buy`… are trades of `No. of shares`. In the account's currency
///   the price is what the account paid or got for them (`Total` less or plus the fees), so that cash is
///   exact to the cent; in another currency the trade keeps `Price / share` and an exchange of `Total`
///   for `No. of shares × Price / share` is written beside it (`BrokerEntry.settlement`). Fees are
///   the columns Trading 212 charges per trade (currency conversion fee, stamp duty, FINRA fee, French
///   transaction tax…), in their own currencies.
/// - `Dividend (…)` is what the account received: `Total` net, `Withholding tax` withheld (converted at
///   the row's `Exchange rate` when it is in the security's currency), their sum gross, all in the
///   account's currency; a row whose `No. of shares × Price / share` agrees with neither is named.
/// - `Deposit`, `Card credit` are deposits; `Withdrawal`, `Card debit` withdrawals; `Interest on cash`,
///   `Lending interest` and `Spending cashback` interest; `Currency conversion` an exchange (from the
///   `Currency conversion from/to amount` columns, or the note `0.01 GBP -> 0.01 EUR` of older files).
/// - `Stock split close` and the `Stock split open` after it are one split, new shares per old.
/// - Prices in pence (`GBX`) are read as pounds.
///
/// Any other action is counted and named (`IgnoredRows`).
struct Trading212Importer {
    let url: URL
    let ledger: BrokerLedger

    private struct Columns {
        var action, time: Int
        var isin, ticker, name, shares, price, priceCurrency, totalCurrency: Int?
        var tax, taxCurrency, notes, id, fromAmount, fromCurrency, toAmount, toCurrency, exchangeRate: Int?
        /// Headers that hold a fee a trade is charged, with the column of its currency, or the currency
        /// the header names (`Stamp duty (GBP)`).
        var fees: [(name: String, column: Int, currency: Int?, named: Denomination?)] = []
        /// `Total (EUR)`: the account's currency in the header of older files.
        var totalNamed: Denomination?
        var total: Int
    }

    /// Columns of charges per trade, as Trading 212 names them.
    static let feeNames = [
        "Currency conversion fee", "Stamp duty reserve tax", "Stamp duty", "Finra fee", "French transaction tax",
        "Transaction fee", "PTM levy",
    ]

    static let timePatterns = ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "dd/MM/yyyy HH:mm:ss"].map(DatePattern.fixed)

    func run(_ summary: inout ImportSummary) throws {
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        /// A split's close waits for its open.
        var closes: [String: (shares: Double, location: String, line: Int)] = [:]
        try DelimitedFile(url: url).forEachRow(
            header: columns,
            row: { row, c in
                summary.read += 1
                let action = row.string(c.action)
                let lower = action.lowercased()
                let entry = BrokerEntry(
                    event: .transfer(.deposit, Money(0, .usd), fee: 0),
                    timeMs: try time(row, c),
                    id: row.string(c.id).isEmpty ? nil : row.string(c.id),
                    file: url.path,
                    line: row.line
                )
                switch lower {
                case _ where lower.hasSuffix(" buy") || lower.hasSuffix(" sell"):
                    entries += try trade(row, c, entry, side: lower.hasSuffix(" buy") ? .buy : .sell)
                case _ where lower.hasPrefix("dividend ("):
                    // A few hundredths of a share can earn less than a cent.
                    if try total(row, c).amount == 0 {
                        ignored.add(action, at: row.location, "pays 0.00 in the account's currency")
                        return
                    }
                    let (dividend, warning) = try dividend(row, c, entry)
                    entries.append(dividend)
                    if let warning { summary.warnings.append(warning) }
                case "deposit", "card credit", "withdrawal", "card debit":
                    let total = try self.total(row, c)
                    let kind: CashTransactionKind =
                        lower == "deposit" || lower == "card credit" ? .deposit : .withdrawal
                    guard (total.amount > 0) == (kind == .deposit), total.amount != 0 else {
                        throw row.fail(
                            "Total",
                            "found \(total.amount), expected a \(kind == .deposit ? "positive" : "negative") amount for \"\(action)\""
                        )
                    }
                    entries.append(entry.with(.transfer(kind, Money(abs(total.amount), total.currency), fee: 0)))
                case "interest on cash", "lending interest", "spending cashback":
                    let total = try positiveTotal(row, c, action)
                    entries.append(entry.with(.interest(total, tax: 0)))
                case "currency conversion":
                    entries.append(entry.with(try conversion(row, c)))
                case "stock split close":
                    closes[splitKey(row, c)] = (
                        try row.positive(try need(c.shares, "No. of shares", row), "No. of shares"), row.location,
                        row.line
                    )
                case "stock split open":
                    let key = splitKey(row, c)
                    guard let close = closes.removeValue(forKey: key) else {
                        throw row.fail(
                            "Action",
                            "found \"\(action)\" without the \"Stock split close\" of \(key) before it"
                        )
                    }
                    let opened = try row.positive(try need(c.shares, "No. of shares", row), "No. of shares")
                    entries.append(entry.with(.split(try security(row, c), ratio: opened / close.shares)))
                default:
                    ignored.add(action, at: row.location, Self.why(lower))
                }
            }
        )
        if let (key, close) = closes.first {
            throw ImportError(
                file: url.path,
                line: close.line,
                field: "Action",
                message: "found \"Stock split close\" of \(key) without the \"Stock split open\" after it"
            )
        }
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    private func columns(_ header: CSVHeader) throws -> Columns {
        var h = header
        h.expectedHint =
            "Trading 212's Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,…,Total,Currency (Total)"
        var total = try h.optional("Total")
        var totalNamed: Denomination?
        // Older files: `Total (EUR)`, `Currency conversion fee (EUR)`.
        var namedFees: [(name: String, column: Int, currency: Int?, named: Denomination?)] = []
        for (i, name) in header.names.enumerated() {
            guard let open = name.lastIndex(of: "("), name.hasSuffix(")") else { continue }
            let base = name[..<open].trimmingCharacters(in: .whitespaces)
            let code = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
            guard code.count == 3, code.allSatisfy(\.isUppercase), let denomination = Denomination(code) else {
                continue
            }
            if base == "Total", total == nil { (total, totalNamed) = (i, denomination) }
            if Self.feeNames.contains(base) { namedFees.append((base, i, nil, denomination)) }
        }
        var c = Columns(
            action: try h.required("Action"),
            time: try h.required("Time", "Time (UTC)"),
            total: try total ?? h.required("Total")
        )
        c.totalNamed = totalNamed
        c.fees = namedFees
        c.isin = try h.optional("ISIN")
        c.ticker = try h.optional("Ticker")
        c.name = try h.optional("Name")
        c.shares = try h.optional("No. of shares")
        c.price = try h.optional("Price / share")
        c.priceCurrency = try h.optional("Currency (Price / share)")
        c.totalCurrency = try h.optional("Currency (Total)")
        c.tax = try h.optional("Withholding tax")
        c.exchangeRate = try h.optional("Exchange rate")
        c.taxCurrency = try h.optional("Currency (Withholding tax)")
        c.notes = try h.optional("Notes")
        c.id = try h.optional("ID")
        c.fromAmount = try h.optional("Currency conversion from amount")
        c.fromCurrency = try h.optional("Currency (Currency conversion from amount)")
        c.toAmount = try h.optional("Currency conversion to amount")
        c.toCurrency = try h.optional("Currency (Currency conversion to amount)")
        for name in Self.feeNames {
            if let column = try h.optional(name) {
                c.fees.append((name, column, try h.optional("Currency (\(name))"), nil))
            }
        }
        return c
    }

    private func need(_ column: Int?, _ name: String, _ row: RowFields) throws -> Int {
        guard let column else { throw row.fail(name, "the file has no \"\(name)\" column, which this row needs") }
        return column
    }

    private func time(_ row: RowFields, _ c: Columns) throws -> Int64 {
        try row.time(row.string(c.time), "Time", patterns: Self.timePatterns)
    }

    /// `Total` in the account's currency.
    private func total(_ row: RowFields, _ c: Columns) throws -> Money {
        let amount = try row.amount(c.total, "Total")
        return try (c.totalNamed ?? row.currency(c.totalCurrency, "Currency (Total)")).money(amount)
    }

    private func positiveTotal(_ row: RowFields, _ c: Columns, _ action: String) throws -> Money {
        let total = try self.total(row, c)
        guard total.amount > 0 else {
            throw row.fail("Total", "found \(total.amount), expected a positive amount for \"\(action)\"")
        }
        return total
    }

    private func security(_ row: RowFields, _ c: Columns) throws -> BrokerSecurity {
        let ticker = row.string(c.ticker)
        return BrokerSecurity(
            ticker: ticker.isEmpty ? nil : ticker,
            isin: try row.isin(c.isin, "ISIN"),
            name: row.string(c.name).isEmpty ? nil : row.string(c.name)
        )
    }

    private func splitKey(_ row: RowFields, _ c: Columns) -> String {
        row.string(c.isin).isEmpty ? row.string(c.ticker) : row.string(c.isin)
    }

    /// The price per share in its currency, pence read as pounds.
    private func price(_ row: RowFields, _ c: Columns) throws -> Money {
        let price = try row.positive(try need(c.price, "Price / share", row), "Price / share")
        return try row.currency(c.priceCurrency, "Currency (Price / share)").money(price)
    }

    /// The row's fees in the account's currency (summed), and in any other currency (one each).
    private func fees(_ row: RowFields, _ c: Columns, account: AssetCode) throws -> (inAccount: Double, others: [Money])
    {
        var inAccount = 0.0
        var others: [Money] = []
        for fee in c.fees {
            guard let amount = try row.optionalAmount(fee.column, fee.name), amount != 0 else { continue }
            let fee = try (fee.named ?? row.currency(fee.currency, "Currency (\(fee.name))")).money(abs(amount))
            if fee.currency == account { inAccount += fee.amount } else { others.append(fee) }
        }
        return (inAccount, others)
    }

    private func trade(_ row: RowFields, _ c: Columns, _ entry: BrokerEntry, side: TradeSide) throws -> [BrokerEntry] {
        let shares = try row.positive(try need(c.shares, "No. of shares", row), "No. of shares")
        let price = try self.price(row, c)
        let total = try self.total(row, c)
        guard total.amount > 0 else {
            throw row.fail("Total", "found \(total.amount), expected what the trade cost or paid, above zero")
        }
        let fees = try self.fees(row, c, account: total.currency)
        // What the shares themselves cost or paid, in the account's currency.
        let net = side == .buy ? total.amount - fees.inAccount : total.amount + fees.inAccount
        guard net > 0 else { throw row.fail("Total", "found \(total.amount), less than the fees \(fees.inAccount)") }
        let security = try security(row, c)
        let fee = fees.inAccount > 0 ? Money(fees.inAccount, total.currency) : nil
        var result: [BrokerEntry] = []
        if price.currency == total.currency {
            result.append(
                entry.with(
                    .trade(side, security, quantity: shares, price: net / shares, currency: total.currency, fee: fee)
                )
            )
        } else {
            let gross = Money(shares * price.amount, price.currency)
            // Shares worth less than a cent at their price would be nearly free, and the exchange that
            // pays for them would vanish with them: the price is wrong, not the total.
            guard gross.amount >= 0.005 else {
                throw row.fail(
                    "Price / share",
                    "found \(RowFields.shown(row.string(c.price))), expected the price of one share: \(JSONNumber.describe(shares)) shares at it are worth less than a cent, for \(JSONNumber.describe(net)) \(total.currency)"
                )
            }
            let settled = Money(net, total.currency)
            let trade = entry.with(
                .trade(side, security, quantity: shares, price: price.amount, currency: price.currency, fee: fee)
            )
            let exchange = entry.settlement(of: gross, by: settled, paying: side == .buy)
            result = side == .buy ? [exchange, trade].compactMap { $0 } : [trade, exchange].compactMap { $0 }
        }
        for (i, other) in fees.others.enumerated() {
            var e = entry.with(.accountFee(other))
            e.id = entry.id.map { "\($0)/fee\(i + 1)" }
            result.append(e)
        }
        return result
    }

    /// What the account received, as the row says it: the net is `Total` in the account's currency, the
    /// tax withheld is `Withholding tax` (in the account's currency, or in the security's converted at the
    /// row's own `Exchange rate`), and the gross is their sum. `No. of shares × Price / share` is a check:
    /// a row where it agrees with neither the net nor the gross (within 1 %, at the row's rate) is named
    /// in a warning, and what was received is booked all the same. Trading 212 writes `Not available` as
    /// most dividends' rate: the tax is then converted at the rate the row implies (its shares × per
    /// share less the tax, for the net), which leaves nothing to check.
    private func dividend(_ row: RowFields, _ c: Columns, _ entry: BrokerEntry) throws -> (BrokerEntry, String?) {
        let net = try positiveTotal(row, c, row.string(c.action))
        let security = try security(row, c)
        // What the shares paid by the row's per-share figure, in the security's currency.
        var shares = 0.0
        var perShare: Money?
        // The row's rate is of the price's currency as written: 86.09 GBX a euro is 0.8609 GBP.
        var unit = 1.0
        if let column = c.shares, !row.isBlank(column), !row.isBlank(c.price) {
            shares = try row.positive(column, "No. of shares")
            perShare = try price(row, c)
            unit = try row.currency(c.priceCurrency, "Currency (Price / share)").unit
        }
        let given =
            row.string(c.exchangeRate).lowercased() == "not available"
            ? nil : try row.optionalAmount(c.exchangeRate, "Exchange rate").flatMap { $0 > 0 ? $0 * unit : nil }
        let paid = perShare.map { Money(shares * $0.amount, $0.currency) }
        let withheld = abs(try row.optionalAmount(c.tax, "Withholding tax") ?? 0)
        let taxed = withheld == 0 ? nil : try row.currency(c.taxCurrency, "Currency (Withholding tax)").money(withheld)
        /// Units of `currency` per unit of the account's: the row's (the rate of the security's currency),
        /// or the one its figures imply.
        func rate(of currency: AssetCode) throws -> Double {
            if let given, perShare == nil || perShare?.currency == currency { return given }
            if let paid, paid.currency == currency, paid.amount > (taxed?.amount ?? 0) {
                return (paid.amount - (taxed?.amount ?? 0)) / net.amount
            }
            throw row.fail(
                "Exchange rate",
                "found \(RowFields.shown(row.string(c.exchangeRate))), expected the rate of \(currency) to \(net.currency) that converts this dividend's tax"
            )
        }
        func inAccount(_ money: Money) throws -> Double {
            money.currency == net.currency ? money.amount : money.amount / (try rate(of: money.currency))
        }
        // To a millionth of a cent, as tables write amounts: the gross less the tax is then the net to the
        // digit in every file that writes both (Portfolio Performance's, Ghostfolio's).
        func millionthOfACent(_ x: Double) -> Double { (x * 1e8).rounded() / 1e8 }
        let tax = millionthOfACent(try taxed.map(inAccount) ?? 0)
        let gross = millionthOfACent(net.amount + tax)
        let dividend = entry.with(.dividend(security, gross: Money(gross, net.currency), tax: tax))
        guard let paid, let perShare, paid.currency == net.currency || given != nil else { return (dividend, nil) }
        let paidInAccount = try inAccount(paid)
        guard ![net.amount, gross].contains(where: { abs(paidInAccount - $0) <= 0.01 * $0 }) else {
            return (dividend, nil)
        }
        func figure(_ x: Double) -> String { QuantityText.describe((x * 100).rounded() / 100) }
        let atRate = paid.currency == net.currency ? "" : " at its rate \(QuantityText.describe(given ?? 1))"
        return (
            dividend,
            "\(row.location): a dividend of \(QuantityText.describe(shares)) × \(QuantityText.describe(perShare.amount)) \(paid.currency) is \(figure(paidInAccount)) \(net.currency)\(atRate), "
                + "which agrees with neither the \(figure(net.amount)) received nor the \(figure(gross)) before tax; "
                + "booked as received"
        )
    }

    private func conversion(_ row: RowFields, _ c: Columns) throws -> BrokerEntry.Event {
        let from: Money
        let to: Money
        if let f = c.fromAmount, let t = c.toAmount, !row.isBlank(f) {
            from = try row.currency(c.fromCurrency, "Currency (Currency conversion from amount)").money(
                abs(try row.amount(f, "Currency conversion from amount"))
            )
            to = try row.currency(c.toCurrency, "Currency (Currency conversion to amount)").money(
                abs(try row.amount(t, "Currency conversion to amount"))
            )
        } else {
            // Older files say it in the note: `0.01 GBP -> 0.01 EUR`.
            let parts = row.string(c.notes).split(separator: " ").map(String.init)
            guard parts.count == 5, parts[2] == "->", let a = BrokerNumber.parse(parts[0]),
                let b = BrokerNumber.parse(parts[3]), NumberBounds.contains(a), NumberBounds.contains(b),
                let fromDenomination = Denomination(parts[1]), let toDenomination = Denomination(parts[4])
            else {
                throw row.fail(
                    "Notes",
                    "found \(RowFields.shown(row.string(c.notes))), expected a conversion such as \"100.00 EUR -> 108.50 USD\""
                )
            }
            (from, to) = (fromDenomination.money(abs(a)), toDenomination.money(abs(b)))
        }
        guard from.amount > 0, to.amount > 0, from.currency != to.currency else {
            throw row.fail(
                "Currency conversion from amount",
                "found \(from.amount) \(from.currency) for \(to.amount) \(to.currency), expected two amounts above zero in two currencies"
            )
        }
        let fees = try self.fees(row, c, account: from.currency)
        return .exchange(
            sold: from,
            bought: to,
            fee: fees.inAccount > 0 ? Money(fees.inAccount, from.currency) : fees.others.first
        )
    }

    /// Why an action is not taken, for the ones Trading 212 users meet.
    static func why(_ action: String) -> String {
        switch action {
        case "stock distribution", "scrip stock dividends", "equity rights":
            "shares received without a payment; Folio records trades at their price"
        case "transfer in", "transfer out":
            "shares moved from or to another broker; record them there or as trades"
        case "dividend adjustment", "result adjustment":
            "a correction Trading 212 does not tie to a dividend or trade"
        default:
            "not a trade, dividend, interest, transfer, conversion or split Folio reads in Trading 212's files"
        }
    }
}
