import FolioCore
import Foundation

/// Degiro's `Account.csv`: `Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id`,
/// newest first, one row per movement of one currency, named by its description in the interface's
/// language (English, Dutch, German, Italian, French, Spanish and Portuguese words are known):
///
/// - deposits and withdrawals (`iDEAL Deposit`, `flatex terugstorting`…), by the sign of the change;
/// - `Dividend` with the `Dividend Tax` of the same product and minute: one dividend less its tax;
/// - `FX Credit` and `FX Debit` (`Valuta Creditering`/`Debitering`) of one order, or of one minute: one
///   exchange;
/// - interest received, and costs of the account (interest paid, the exchange connection fee);
/// - trades and their fees are `Transactions.csv`'s: here they are named and left;
/// - reservations (a deposit's, released by a later row), cash sweeps between Degiro and flatex's bank
///   and money market fund conversions move nothing the account owns: named and left.
struct DegiroAccount {
    let file: String
    private var rows: [Row] = []

    struct Row {
        var line: Int, timeMs: Int64, security: BrokerSecurity, description: String
        /// The change of the account's money, signed; nil on a row that moves none.
        var change: Money?
        var orderID: String
        var location: String
        /// The ISIN field as written: only a dividend needs it to be one (the cash sweep's is `NLFLATEXACNT`).
        var isinText: String
    }

    init(file: String) { self.file = file }

    mutating func read(_ row: RowFields) throws {
        let description = row.string(5)
        guard !description.isEmpty else {
            throw row.fail("Description", "found nothing, expected what the row is, such as Dividend or iDEAL Deposit")
        }
        let change = try row.optionalAmount(8, "Change").map {
            try row.currency(7, "Change currency (column 8)").money($0)
        }
        rows.append(
            Row(
                line: row.line,
                timeMs: try DegiroImporter.time(row, date: 0, time: 1),
                security: BrokerSecurity(
                    ticker: nil,
                    isin: ISIN(row.string(4)),
                    name: row.string(3).isEmpty ? nil : row.string(3)
                ),
                description: description,
                change: change,
                orderID: row.string(11),
                location: row.location,
                isinText: row.string(4)
            )
        )
    }

    mutating func continueOrderID(_ rest: String) {
        guard !rows.isEmpty else { return }
        rows[rows.count - 1].orderID += rest
    }

    enum Kind: Equatable {
        case deposit, withdrawal, dividend, dividendTax, fxCredit, fxDebit, interest, accountFee, tradeFee, trade,
            withinAccount, reservation, other
    }

    /// What a description says, in any of the languages Degiro writes.
    static func kind(_ description: String) -> Kind {
        let d = description.lowercased()
        func has(_ words: String...) -> Bool { words.contains { d.contains($0) } }
        if has("reserv") { return .reservation }
        if has(
            "cash sweep",
            "overboeking",
            "geldrekening",
            "cash account",
            "money market fund",
            "processed flatex withdrawal",
            "geldmarktfonds"
        ) {
            return .withinAccount
        }
        if [
            "buy ", "sell ", "koop ", "verkoop ", "kauf ", "verkauf ", "acquisto ", "vendita ", "achat ", "vente ",
            "compra ", "venta ",
        ]
        .contains(where: { d.hasPrefix($0) }) || has("productwijziging", "product change") {
            return .trade
        }
        // English statements have said both `DEGIRO Transaction and/or third party fees` and, before,
        // `DEGIRO Transaction Fee`.
        if has(
            "transaction and/or third",
            "transaction fee",
            "transactiekosten",
            "transaktionsgebühr",
            "costi di transazione",
            "commissioni di transazione",
            "frais de transaction",
            "frais de courtage",
            "costes de transacción",
            "custos de transação",
            "autofx"
        ) {
            return .tradeFee
        }
        if has(
            "fx credit",
            "valuta creditering",
            "währungswechsel (einbuchung)",
            "accredito valuta",
            "crédit de change"
        ) {
            return .fxCredit
        }
        if has("fx debit", "valuta debitering", "währungswechsel (ausbuchung)", "addebito valuta", "débit de change") {
            return .fxDebit
        }
        if has("dividend tax", "dividendbelasting", "dividendensteuer", "ritenuta", "impôts sur dividende", "retención")
        {
            return .dividendTax
        }
        if has("dividend", "dividendo") { return .dividend }
        if has("withdrawal", "terugstorting", "auszahlung", "prelievo", "retrait", "retirada") { return .withdrawal }
        if has("deposit", "storting", "einzahlung", "deposito", "versement", "ingreso", "depósito") { return .deposit }
        if has("interest", "rente", "zinsen", "interesse", "intérêts", "intereses", "juros") { return .interest }
        if has(
            "connection fee",
            "connectivity",
            "aansluitingskosten",
            "verbindungsgebühr",
            "costi di connessione",
            "frais de connexion"
        ) {
            return .accountFee
        }
        return .other
    }

    /// The rows as entries; pairs joined, the rest named in `ignored`.
    func entries(_ ignored: inout IgnoredRows) throws -> [BrokerEntry] {
        var entries: [BrokerEntry] = []
        var dividends: [String: [Row]] = [:]
        var exchanges: [String: [Row]] = [:]
        var order: [String] = []
        func entry(_ row: Row, _ event: BrokerEntry.Event, id: String? = nil) -> BrokerEntry {
            BrokerEntry(event: event, timeMs: row.timeMs, id: id, file: file, line: row.line)
        }
        for row in rows {
            let kind = Self.kind(row.description)
            guard let change = row.change, change.amount != 0 || kind == .trade else {
                ignored.add(row.description, at: row.location, "moves no money")
                continue
            }
            let (amount, currency) = (change.amount, change.currency)
            let money = Money(abs(amount), currency)
            switch kind {
            case .deposit, .withdrawal:
                entries.append(entry(row, .transfer(amount > 0 ? .deposit : .withdrawal, money, fee: 0)))
            case .interest:
                entries.append(entry(row, amount > 0 ? .interest(money, tax: 0) : .accountFee(money)))
            case .accountFee where amount < 0, .tradeFee where row.orderID.isEmpty && amount < 0:
                entries.append(entry(row, .accountFee(money)))
            case .dividend, .dividendTax:
                let key = "\(row.timeMs)|\(row.security.isin?.rawValue ?? row.security.name ?? "")|\(currency)"
                if dividends[key] == nil { order.append("d" + key) }
                dividends[key, default: []].append(row)
            case .fxCredit, .fxDebit:
                let key = row.orderID.isEmpty ? "\(row.timeMs)" : row.orderID
                if exchanges[key] == nil { order.append("x" + key) }
                exchanges[key, default: []].append(row)
            case .trade:
                ignored.add(
                    String(row.description.split(separator: " ").first ?? "").trimmingCharacters(in: [":"]),
                    at: row.location,
                    "a trade: Folio reads it from Transactions.csv"
                )
            case .tradeFee:
                ignored.add(row.description, at: row.location, "a trade's fee: Folio reads it from Transactions.csv")
            case .reservation:
                ignored.add(row.description, at: row.location, "a reservation, released by a later row")
            case .withinAccount:
                ignored.add(
                    row.description,
                    at: row.location,
                    "money moved between Degiro and flatex's bank, within the account"
                )
            case .accountFee, .other:
                ignored.add(
                    row.description,
                    at: row.location,
                    "not a transfer, dividend, exchange, interest or fee Folio knows in Degiro's statements"
                )
            }
        }
        for key in order {
            if key.hasPrefix("d"), let rows = dividends[String(key.dropFirst())] {
                entries.append(try dividend(rows, entry))
            } else if let rows = exchanges[String(key.dropFirst())] {
                entries += try exchange(rows, entry)
            }
        }
        return entries
    }

    /// A dividend and the tax withheld from it, both rows of one product at one minute.
    private func dividend(
        _ rows: [Row],
        _ entry: (Row, BrokerEntry.Event, String?) -> BrokerEntry
    ) throws -> BrokerEntry {
        func sum(_ kind: Kind) -> Double {
            rows.filter { Self.kind($0.description) == kind }.reduce(0) { $0 + ($1.change?.amount ?? 0) }
        }
        let gross = sum(.dividend)
        let tax = -sum(.dividendTax)
        guard let first = rows.first, let currency = first.change?.currency else {
            throw ImportError(file: file, field: "Change", message: "found a dividend without its amount")
        }
        if first.security.isin == nil && !first.isinText.isEmpty {
            throw ImportError(
                file: file,
                line: first.line,
                field: "ISIN",
                message:
                    "found \(RowFields.shown(first.isinText)), expected an ISIN such as US0378331005 (with its check digit)"
            )
        }
        guard gross > 0, tax >= 0, tax <= gross else {
            throw ImportError(
                file: file,
                line: first.line,
                field: "Change",
                message:
                    "found a dividend of \(JSONNumber.describe(gross)) and a tax of \(JSONNumber.describe(tax)) \(currency) for \(first.security.name ?? "?") at this minute, expected a dividend above zero and a tax below it"
            )
        }
        return entry(first, .dividend(first.security, gross: Money(gross, currency), tax: tax), nil)
    }

    /// Credits and debits of one order (or one minute), taken in pairs in the file's order.
    private func exchange(
        _ rows: [Row],
        _ entry: (Row, BrokerEntry.Event, String?) -> BrokerEntry
    ) throws -> [BrokerEntry] {
        let credits = rows.filter { Self.kind($0.description) == .fxCredit }
        let debits = rows.filter { Self.kind($0.description) == .fxDebit }
        guard credits.count == debits.count else {
            throw ImportError(
                file: file,
                line: rows.first?.line,
                field: "Description",
                message:
                    "found \(credits.count) FX credits and \(debits.count) FX debits for one exchange, expected one of each"
            )
        }
        return try zip(credits, debits).enumerated().map { i, pair in
            let (creditRow, debitRow) = pair
            guard let credit = creditRow.change, let debit = debitRow.change, credit.amount > 0, debit.amount < 0,
                credit.currency != debit.currency
            else {
                let said = [creditRow, debitRow].map { r in
                    r.change.map { "\(JSONNumber.describe($0.amount)) \($0.currency)" } ?? "nothing"
                }
                throw ImportError(
                    file: file,
                    line: creditRow.line,
                    field: "Change",
                    message:
                        "found \(said[0]) credited for \(said[1]), expected money in for money out in another currency"
                )
            }
            let id = creditRow.orderID.isEmpty ? nil : creditRow.orderID + "/fx" + (i == 0 ? "" : "\(i + 1)")
            return entry(
                creditRow,
                .exchange(sold: Money(-debit.amount, debit.currency), bought: credit, fee: nil),
                id
            )
        }
    }
}
