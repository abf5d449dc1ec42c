import FolioCore
import Foundation

/// Freedom24's (Freedom Finance Europe's) broker report as JSON (Reports › Broker reports › a period ›
/// JSON; the Tradernet API's `getBrokerReport` returns the same object). Read by section:
///
/// - `trades.detailed`: `instr_type` 1 is a trade of a security (`instr_nm` `AAPL.US`, the market after
///   the point dropped; `issue_nb` its ISIN), `q` units at `p` in `curr_c`, its `commission` in
///   `commission_currency`; `instr_type` 6 is a currency exchange (`USD/EUR`: `q` of the first currency
///   for `summ` of the second). Other instruments (bonds, futures, options) are named and left.
/// - `cash_in_outs` (else `cash_flows.detailed`): `bank` movements are deposits and withdrawals;
///   dividends and their tax there are the corporate actions' own, and the rest (blocks of money for
///   orders and their release) moves nothing the account owns.
/// - `corporate_actions.detailed`: `dividend` is a dividend of `amount` less `tax_amount`. Freedom24
///   corrects a dividend by reverting it (`dividend_reverted`, the same `corporate_action_id` and amount)
///   and paying it again: the reverted one and its reversal are named and left.
/// - `commissions.detailed`: a trade's commission (`For trade: …`) is in the trade; any other (interest
///   on a negative balance, a withdrawal's fee) is a fee of the account.
/// - `securities_in_outs`: units moved in or out without money, named and left.
///
/// Times are as written (`2024-02-03 14:22:10`), stored as UTC.
struct Freedom24Importer {
    let url: URL
    let ledger: BrokerLedger

    static let timePatterns = ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"].map(DatePattern.fixed)

    /// The words of a trade's commission in each language of the report (the interface's).
    static let tradeCommission = [
        "for trade", "für eine transaktion", "per transactie", "za transakcję", "за сделку", "за угоду",
        "per operazione", "pour l'offre", "por trato", "para transação",
    ]

    func run(_ summary: inout ImportSummary) throws {
        var report = Report(object: try JSONRecord.document(url), file: url.path)
        let tradeIDs = try readTrades(&report)
        try readCashMovements(&report)
        let actions = try report.section("corporate_actions")
        report.read += actions.count
        let entry = report.entry
        let paid = try dividends(actions, &report.ignored, entry)
        report.entries += paid
        try readCommissions(&report, tradeIDs: tradeIDs)
        try readSecurityMoves(&report)
        summary.read += report.read
        try ledger.write(report.entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        report.ignored.report(into: &summary)
    }

    /// The report's sections as read so far: the entries, the rows left and named, the rows read.
    private struct Report {
        let object: [String: Any]
        let file: String
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        var read = 0

        /// The records of `key` (in its `inner` object, when given; a missing section is empty).
        func section(_ key: String, _ inner: String? = "detailed") throws -> [JSONRecord] {
            guard let inner else { return try JSONRecord.array(object[key], file: file, path: key) }
            guard let value = object[key], !(value is NSNull) else { return [] }
            guard let nested = value as? [String: Any] else {
                throw ImportError(
                    file: file,
                    field: key,
                    message: "found \(JSONNumber.describe(value)), expected an object holding \"\(inner)\""
                )
            }
            return try JSONRecord.array(nested[inner], file: file, path: "\(key).\(inner)")
        }

        func entry(_ r: JSONRecord, _ event: BrokerEntry.Event, time: String, id: String?) throws -> BrokerEntry {
            BrokerEntry(
                event: event,
                timeMs: try r.time(time, patterns: Freedom24Importer.timePatterns),
                id: id,
                file: file,
                line: nil,
                path: r.path
            )
        }

        mutating func ignore(_ type: String, _ r: JSONRecord, _ why: String) {
            ignored.add(type, at: "\(file): \(r.path)", why)
        }
    }

    /// `trades.detailed`: securities and currency exchanges; the ids of every trade, for the commissions.
    private func readTrades(_ report: inout Report) throws -> Set<String> {
        var tradeIDs: Set<String> = []
        for r in try report.section("trades") {
            report.read += 1
            tradeIDs.insert(r.string("trade_id"))
            switch r.string("instr_type") {
            case "1": report.entries.append(try report.entry(r, try trade(r), time: "date", id: try r.text("trade_id")))
            case "6":
                report.entries.append(try report.entry(r, try exchange(r), time: "date", id: try r.text("trade_id")))
            default:
                report.ignore(
                    "instr_type \(r.string("instr_type"))",
                    r,
                    "a bond, future or option: Folio imports securities and currencies"
                )
            }
        }
        return tradeIDs
    }

    /// `cash_in_outs` (bank deposits and withdrawals), else the older `cash_flows` of the same movements.
    private func readCashMovements(_ report: inout Report) throws {
        let cashInOuts = try report.section("cash_in_outs", nil)
        for r in cashInOuts {
            report.read += 1
            let type = r.string("type")
            if type == "bank", r.object["offbalance"] == nil || r.object["offbalance"] is NSNull {
                report.entries.append(
                    try report.entry(
                        r,
                        try transfer(r, "amount"),
                        time: "datetime",
                        id: r.string("id").isEmpty ? nil : "cash-" + r.string("id")
                    )
                )
            } else if type == "dividend" || type.hasPrefix("tax") {
                report.ignore(type, r, "the dividends and their tax are read from corporate_actions")
            } else {
                report.ignore(
                    type,
                    r,
                    type == "bank" ? "a sub-account off the balance" : "moves nothing the account owns"
                )
            }
        }
        for r in try report.section("cash_flows") {
            report.read += 1
            if !cashInOuts.isEmpty {
                report.ignore("cash_flows", r, "the same movements as cash_in_outs, which are read")
            } else if r.string("type_id") == "bank" {
                report.entries.append(try report.entry(r, try transfer(r, "amount"), time: "date", id: nil))
            } else {
                report.ignore(r.string("type_id"), r, "moves nothing the account owns")
            }
        }
    }

    /// `commissions.detailed`: a trade's commission is in the trade (and one of no trade in the report is
    /// refused rather than dropped); the others are fees of the account.
    private func readCommissions(_ report: inout Report, tradeIDs: Set<String>) throws {
        for r in try report.section("commissions") {
            report.read += 1
            let type = r.string("type")
            let sum = try r.number("sum")
            guard sum >= 0 else {
                throw r.fail("sum", "found \(JSONNumber.describe(sum)), expected a commission paid, zero or above")
            }
            if Self.tradeCommission.contains(where: { type.lowercased().hasPrefix($0) }) {
                // `For trade: 700111300`: in that trade's own commission, when the report holds the trade.
                let trade = String(type.split(whereSeparator: { $0 == ":" || $0 == " " }).last ?? "")
                guard tradeIDs.contains(trade) else {
                    throw r.fail(
                        "type",
                        "found \"\(type)\", expected a trade of this report (trades.detailed has no trade_id \(trade)); a commission is not dropped with its trade"
                    )
                }
                report.ignore("For trade", r, "in the trade's commission")
                continue
            }
            guard sum > 0 else {
                report.ignore(type, r, "moves no money")
                continue
            }
            report.entries.append(
                try report.entry(r, .accountFee(try r.currency("currency").money(sum)), time: "datetime", id: nil)
            )
        }
    }

    /// Units moved in or out without money: counted and named, since they have no price to book.
    private func readSecurityMoves(_ report: inout Report) throws {
        for key in ["securities_in_outs", "in_outs_securities"] {
            let rows = (report.object[key] is [Any]) ? try report.section(key, nil) : try report.section(key)
            for r in rows {
                report.read += 1
                report.ignore(key, r, "units moved in or out without money; record them as trades")
            }
        }
    }

    /// `AAPL.US`: the ticker, then the market (`BRK.B` keeps its class letter).
    static func ticker(_ name: String) -> String? {
        var ticker = name
        if let dot = ticker.lastIndex(of: "."), ticker.distance(from: dot, to: ticker.endIndex) > 2 {
            ticker = String(ticker[..<dot])
        }
        return ticker.isEmpty ? nil : ticker
    }

    private func trade(_ r: JSONRecord) throws -> BrokerEntry.Event {
        let side: TradeSide = try side(r)
        let quantity = try r.number("q")
        guard quantity > 0 else {
            throw r.fail("q", "found \(JSONNumber.describe(quantity)), expected the units traded, above zero")
        }
        let price = try r.optionalNumber("p") ?? (try r.number("summ") / quantity)
        guard price > 0 else {
            throw r.fail("p", "found \(JSONNumber.describe(price)), expected a price above zero")
        }
        let money = try r.currency("curr_c").money(price)
        let security = BrokerSecurity(
            ticker: Self.ticker(r.string("instr_nm")),
            isin: try r.isin("issue_nb"),
            name: nil
        )
        return .trade(
            side,
            security,
            quantity: quantity,
            price: money.amount,
            currency: money.currency,
            fee: try commission(r)
        )
    }

    /// `USD/EUR`, `buy`: `q` dollars bought for `summ` euros.
    private func exchange(_ r: JSONRecord) throws -> BrokerEntry.Event {
        let pair = r.string("instr_nm").split(separator: "/").compactMap { Denomination(String($0)) }
        guard pair.count == 2, pair[0].currency != pair[1].currency else {
            throw r.fail("instr_nm", "found \"\(r.string("instr_nm"))\", expected a currency pair such as USD/EUR")
        }
        let base = pair[0].money(try r.number("q"))
        let counter = pair[1].money(try r.number("summ"))
        guard base.amount > 0, counter.amount > 0 else {
            throw r.fail(
                "q",
                "found \(JSONNumber.describe(base.amount)) for \(JSONNumber.describe(counter.amount)), expected both above zero"
            )
        }
        return try side(r) == .buy
            ? .exchange(sold: counter, bought: base, fee: try commission(r))
            : .exchange(sold: base, bought: counter, fee: try commission(r))
    }

    private func side(_ r: JSONRecord) throws -> TradeSide {
        switch r.string("operation").lowercased() {
        case "buy": .buy
        case "sell": .sell
        default: throw r.fail("operation", "found \"\(r.string("operation"))\", expected buy or sell")
        }
    }

    private func commission(_ r: JSONRecord) throws -> Money? {
        guard let amount = try r.optionalNumber("commission"), amount != 0 else { return nil }
        guard amount > 0 else {
            throw r.fail(
                "commission",
                "found \(JSONNumber.describe(amount)), expected a commission paid, zero or above"
            )
        }
        let currency =
            r.string("commission_currency").isEmpty ? try r.currency("curr_c") : try r.currency("commission_currency")
        return currency.money(amount)
    }

    private func transfer(_ r: JSONRecord, _ key: String) throws -> BrokerEntry.Event {
        let amount = try r.number(key)
        guard amount != 0 else {
            throw r.fail(key, "found 0, expected the amount moved in (above zero) or out (below zero)")
        }
        return .transfer(amount > 0 ? .deposit : .withdrawal, try r.currency("currency").money(abs(amount)), fee: 0)
    }

    /// Dividends less their tax; a reverted dividend and its reversal cancel out.
    private func dividends(
        _ actions: [JSONRecord],
        _ ignored: inout IgnoredRows,
        _ entry: (JSONRecord, BrokerEntry.Event, String, String?) throws -> BrokerEntry
    ) throws -> [BrokerEntry] {
        var paid: [(record: JSONRecord, cancelled: Bool)] = []
        var entries: [BrokerEntry] = []
        for r in actions {
            switch r.string("type_id") {
            case "dividend":
                paid.append((r, false))
            case "dividend_reverted":
                let id = r.string("corporate_action_id")
                let amount = abs(try r.number("amount"))
                guard
                    let i = try paid.firstIndex(where: { p in
                        try !p.cancelled && p.record.string("corporate_action_id") == id
                            && abs(abs(try p.record.number("amount")) - amount) < 1e-9
                    })
                else {
                    throw r.fail(
                        "corporate_action_id",
                        "found a reversal of \(amount) for \"\(id)\" with no dividend of that amount before it"
                    )
                }
                paid[i].cancelled = true
                ignored.add("dividend", at: "\(r.file): \(paid[i].record.path)", "reverted below")
                ignored.add("dividend_reverted", at: "\(r.file): \(r.path)", "cancels the dividend above")
            default:
                ignored.add(
                    r.string("type_id"),
                    at: "\(r.file): \(r.path)",
                    "a corporate action other than a dividend; record a split with folio import transactions"
                )
            }
        }
        var seen: [String: Int] = [:]
        for (r, cancelled) in paid where !cancelled {
            let gross = try r.number("amount")
            guard gross > 0 else {
                throw r.fail(
                    "amount",
                    "found \(JSONNumber.describe(gross)), expected a dividend paid, above zero (a reversal is a dividend_reverted)"
                )
            }
            let tax = try r.optionalNumber("tax_amount") ?? 0
            guard tax >= 0, tax <= gross else {
                throw r.fail(
                    "tax_amount",
                    "found \(JSONNumber.describe(tax)), expected a tax withheld from zero to the dividend \(JSONNumber.describe(gross))"
                )
            }
            let security = BrokerSecurity(ticker: Self.ticker(r.string("ticker")), isin: try r.isin("isin"), name: nil)
            var id = r.string("corporate_action_id")
            if !id.isEmpty {
                let n = seen[id, default: 0] + 1
                seen[id] = n
                id = "ca-" + id + (n > 1 ? "/\(n)" : "")
            }
            let currency = try r.currency("currency")
            entries.append(
                try entry(
                    r,
                    .dividend(security, gross: currency.money(gross), tax: currency.money(tax).amount),
                    "date",
                    id.isEmpty ? nil : id
                )
            )
        }
        return entries
    }
}
