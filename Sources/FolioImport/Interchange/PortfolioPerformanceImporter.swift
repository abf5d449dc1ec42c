import FolioCore
import Foundation

/// `folio import pp-csv`: Portfolio Performance's CSV export of transactions (`PortfolioPerformanceFormat`),
/// its cash accounts' files and its securities accounts' files, in English or German, `,` or `;`
/// between fields (the delimiter of the interface's language), numbers as that language writes them
/// (`1,234.56`, `1.234,56`). Columns are read by name.
///
/// - Deposit, Withdrawal: transfers; Interest (its `Value` after `Taxes` and `Fees`): interest; Interest
///   Charge and Fees: fees of the account; Dividend: a dividend of the security (its `Value` after tax).
/// - Buy and Sell in a cash account's file: trades of `Shares` of the security (its `Ticker Symbol`,
///   `ISIN`, `Security Name`) at what they cost before `Fees` and `Taxes`; when `Gross Amount` is in
///   another currency, the price is in that currency and an exchange of the account's money for it is
///   written beside the trade. In a securities account's file (a buy's `Value` above zero) a trade is
///   the copy of its cash account's: named and left, as are Deliveries (units without money).
/// - Transfer (Outbound) with a `Gross Amount` in another currency: an exchange; the Transfer (Inbound)
///   that is its other side, and transfers between accounts of one currency, are named and left.
/// - Taxes, Tax Refund and Fees Refund not tied to a dividend Folio cannot hold: named and left.
/// - A row's `Note` that is an id — one word with a digit in it, as an order number or a UUID is; not
///   a description such as `Überweisung` or `Sparplan; Januar` — is its external id (`folio export
///   pp-csv` writes the broker's id there), so that importing the file again adds nothing; an id the
///   file repeats is numbered from its second row on (`A17/2`), as Degiro's parts of one order are.
struct PortfolioPerformanceImporter {
    let url: URL
    let ledger: BrokerLedger

    private struct Columns {
        var date, type, value: Int
        var time, currency, gross, grossCurrency, fees, taxes, shares, isin, ticker, name, note: Int?
    }

    func run(_ summary: inout ImportSummary) throws {
        var file = DelimitedFile(url: url)
        let firstLine = try Self.firstLine(url)
        if firstLine.filter({ $0 == ";" }).count > firstLine.filter({ $0 == "," }).count {
            file.delimiter = UInt8(ascii: ";")
        }
        let german = firstLine.contains("Datum")
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        var notes: [String: Int] = [:]
        try file.forEachRow(
            header: { header in
                var h = header
                h.expectedHint =
                    "Portfolio Performance's Date,Type,Value,Transaction Currency,…,Shares,ISIN,WKN,Ticker Symbol,Security Name,Note"
                var c = Columns(
                    date: try h.required("Date", "Datum"),
                    type: try h.required("Type", "Typ"),
                    value: try h.required("Value", "Wert")
                )
                c.time = try h.optional("Time", "Uhrzeit")
                c.currency = try h.optional("Transaction Currency", "Buchungswährung")
                c.gross = try h.optional("Gross Amount", "Bruttobetrag")
                c.grossCurrency = try h.optional("Currency Gross Amount", "Währung Bruttobetrag")
                c.fees = try h.optional("Fees", "Gebühren")
                c.taxes = try h.optional("Taxes", "Steuern")
                c.shares = try h.optional("Shares", "Stück")
                c.isin = try h.optional("ISIN")
                c.ticker = try h.optional("Ticker Symbol", "Ticker-Symbol")
                c.name = try h.optional("Security Name", "Wertpapiername")
                c.note = try h.optional("Note", "Notiz")
                return c
            },
            row: { row, c in
                summary.read += 1
                var id: String?
                if case let note = row.string(c.note), Self.isID(note) {
                    let n = notes[note, default: 0] + 1
                    notes[note] = n
                    id = n == 1 ? note : "\(note)/\(n)"
                }
                let line = try Line(row, c, id: id, german: german, file: url.path)
                if let read = try read(line, &ignored) { entries += read }
            }
        )
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    /// One row of the file: its type and the amounts every type has, read.
    private struct Line {
        let row: RowFields
        let c: Columns
        let german: Bool
        let type: String
        let kind: PortfolioPerformanceFormat.Kind
        let value: Decimal
        let currency: Denomination
        let fees: Decimal
        let taxes: Decimal
        /// The row's instant, id and place, for the entries it makes.
        let entry: BrokerEntry

        init(_ row: RowFields, _ c: Columns, id: String?, german: Bool, file: String) throws {
            self.row = row
            self.c = c
            self.german = german
            type = row.string(c.type)
            guard let kind = PortfolioPerformanceFormat.kinds[type] else {
                throw row.fail(
                    german ? "Typ" : "Type",
                    "found \(RowFields.shown(type)), expected a type such as Deposit, Buy or Dividend"
                )
            }
            self.kind = kind
            guard let value = try Self.number(row, c.value, "Value", german: german) else {
                throw row.fail("Value", "found nothing, expected the amount of the transaction")
            }
            self.value = value
            currency = try row.currency(c.currency, "Transaction Currency")
            fees = abs(try Self.number(row, c.fees, "Fees", german: german) ?? 0)
            taxes = abs(try Self.number(row, c.taxes, "Taxes", german: german) ?? 0)
            var time = try row.time(c.date, "Date")
            if let t = c.time, !row.isBlank(t), let seconds = ISOTime.parse("1970-01-01T" + row.string(t)) {
                time += Int64((seconds.timeIntervalSince1970 * 1000).rounded())
            }
            entry = BrokerEntry(
                event: .accountFee(Money(0, currency.currency)),
                timeMs: time,
                id: id,
                file: file,
                line: row.line
            )
        }

        /// A number as the file's language writes it, within `NumberBounds`; nil when the cell is empty.
        static func number(_ row: RowFields, _ column: Int?, _ field: String, german: Bool) throws -> Decimal? {
            guard let column, !row.isBlank(column) else { return nil }
            let text = row.string(column)
            let value = PortfolioPerformanceFormat.number(text, german: german)
            _ = try row.bounded(
                value.map(ExactDecimal.double),
                text: text,
                field,
                example: german ? "-1.234,56" : "-1,234.56"
            )
            return value
        }

        func number(_ column: Int?, _ field: String) throws -> Decimal? {
            try Self.number(row, column, field, german: german)
        }

        func money(_ amount: Decimal) -> Money { currency.money(ExactDecimal.double(amount)) }

        func security() throws -> BrokerSecurity {
            let ticker = row.string(c.ticker)
            let name = row.string(c.name)
            return BrokerSecurity(
                ticker: ticker.isEmpty ? nil : ticker,
                isin: try row.isin(c.isin, "ISIN"),
                name: name.isEmpty ? nil : name
            )
        }
    }

    /// The entries of `line` by its type; nil when the row is left (and named).
    private func read(_ line: Line, _ ignored: inout IgnoredRows) throws -> [BrokerEntry]? {
        let (entry, value, fees, taxes, row) = (line.entry, line.value, line.fees, line.taxes, line.row)
        switch line.kind {
        case .deposit, .withdrawal:
            guard value != 0 else { throw row.fail("Value", "found 0, expected the amount moved") }
            return [
                entry.with(.transfer(line.kind == .deposit ? .deposit : .withdrawal, line.money(abs(value)), fee: 0))
            ]
        case .interest:
            return [
                entry.with(
                    .interest(
                        line.money(abs(value) + taxes + fees),
                        tax: ExactDecimal.double(taxes),
                        fee: ExactDecimal.double(fees)
                    )
                )
            ]
        case .interestCharge, .fees:
            return [entry.with(.accountFee(line.money(abs(value))))]
        case .dividend:
            return [
                entry.with(
                    .dividend(
                        try line.security(),
                        gross: line.money(abs(value) + taxes + fees),
                        tax: ExactDecimal.double(taxes),
                        fee: ExactDecimal.double(fees)
                    )
                )
            ]
        case .buy, .sell:
            return try trade(line, &ignored)
        case .transferOut:
            return try transferOut(line, &ignored)
        case .transferIn:
            ignored.add(
                line.type,
                at: row.location,
                "the other side of a transfer; Folio reads its Transfer (Outbound)"
            )
            return nil
        case .deliveryIn, .deliveryOut:
            ignored.add(line.type, at: row.location, "units moved without money; record them as trades")
            return nil
        case .taxes, .taxRefund, .feesRefund:
            ignored.add(
                line.type,
                at: row.location,
                "a tax or refund of its own, which Folio's ledger does not hold"
            )
            return nil
        }
    }

    /// A buy or sale from its cash account's file, with the exchange beside it when it was paid in another
    /// currency than the security's (`Gross Amount` in `Currency Gross Amount`).
    private func trade(_ line: Line, _ ignored: inout IgnoredRows) throws -> [BrokerEntry]? {
        let (entry, value, fees, taxes, row, c) = (line.entry, line.value, line.fees, line.taxes, line.row, line.c)
        let isBuy = line.kind == .buy
        // A buy takes money from its cash account and gives units to its securities account.
        if isBuy == (value > 0) {
            ignored.add(
                line.type,
                at: row.location,
                "a securities account's copy of a trade; Folio reads it from its cash account's file"
            )
            return nil
        }
        guard let sharesColumn = c.shares, let shares = try line.number(sharesColumn, "Shares"), shares > 0 else {
            throw row.fail("Shares", "found \(RowFields.shown(row.string(c.shares))), expected the units traded")
        }
        let paid = isBuy ? abs(value) - fees - taxes : abs(value) + fees + taxes
        guard paid > 0 else {
            throw row.fail(
                "Value",
                "found \(RowFields.shown(row.string(c.value))) with fees \(fees) and taxes \(taxes), expected what the shares cost, above zero"
            )
        }
        let fee = fees + taxes == 0 ? nil : line.money(fees + taxes)
        let side: TradeSide = isBuy ? .buy : .sell
        if let grossAmount = try line.number(c.gross, "Gross Amount"), !row.isBlank(c.grossCurrency),
            case let grossCurrency = try row.currency(c.grossCurrency, "Currency Gross Amount"),
            grossCurrency != line.currency
        {
            let price = grossCurrency.money(ExactDecimal.double(grossAmount / shares))
            let trade = entry.with(
                .trade(
                    side,
                    try line.security(),
                    quantity: ExactDecimal.double(shares),
                    price: price.amount,
                    currency: price.currency,
                    fee: fee
                )
            )
            let exchange = entry.settlement(
                of: grossCurrency.money(ExactDecimal.double(grossAmount)),
                by: line.money(paid),
                paying: isBuy
            )
            return isBuy ? [exchange, trade].compactMap { $0 } : [trade, exchange].compactMap { $0 }
        }
        return [
            entry.with(
                .trade(
                    side,
                    try line.security(),
                    quantity: ExactDecimal.double(shares),
                    price: line.money(paid / shares).amount,
                    currency: line.currency.currency,
                    fee: fee
                )
            )
        ]
    }

    /// A transfer out to an account of another currency is an exchange; within one currency, nothing moves.
    private func transferOut(_ line: Line, _ ignored: inout IgnoredRows) throws -> [BrokerEntry]? {
        let row = line.row
        guard let grossAmount = try line.number(line.c.gross, "Gross Amount"), !row.isBlank(line.c.grossCurrency),
            case let other = try row.currency(line.c.grossCurrency, "Currency Gross Amount"), other != line.currency
        else {
            ignored.add(line.type, at: row.location, "between two accounts of one currency, within the portfolio")
            return nil
        }
        return [
            line.entry.with(
                .exchange(
                    sold: line.money(abs(line.value)),
                    bought: other.money(ExactDecimal.double(abs(grossAmount))),
                    fee: nil
                )
            )
        ]
    }

    /// Whether a note is an id rather than words: one word, with a digit in it.
    static func isID(_ note: String) -> Bool {
        !note.isEmpty && !note.contains(where: { $0.isWhitespace || $0 == ";" || $0 == "," })
            && note.contains(where: \.isNumber)
    }

    /// The file's first line, to see which delimiter and language it is written in.
    static func firstLine(_ url: URL) throws -> String {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw ImportError(file: url.path, message: FileError(path: url.path, error: error).reason)
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? nil
        return String(decoding: head ?? Data(), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            ?? ""
    }
}

extension PortfolioPerformanceFormat {
    /// A number as the interface's language writes it: German `-1.234,56`, English `-1,234.56`.
    /// Grouping only between groups of three digits, so that a number of the other language
    /// (`1.070,00` in an English file) is refused rather than read as 1.07.
    static func number(_ text: String, german: Bool) -> Decimal? {
        let (group, point): (Character, Character) = german ? (".", ",") : (",", ".")
        let t = text.trimmingCharacters(in: .whitespaces)
        let parts = t.split(separator: point, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.count == 1 || !parts[1].contains(group) else { return nil }
        let groups = parts[0].split(separator: group, omittingEmptySubsequences: false)
        guard groups.dropFirst().allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isNumber) }) else { return nil }
        let plain = groups.joined() + (parts.count == 2 ? "." + parts[1] : "")
        guard DecimalText.parse(plain) != nil else { return nil }
        return Decimal(string: plain)
    }
}
