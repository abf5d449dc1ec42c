import FolioCore
import Foundation

/// `folio import ghostfolio`: Ghostfolio's export JSON (`GhostfolioFormat`), Folio's own or Ghostfolio's.
///
/// - `BUY` and `SELL` are trades of `symbol` (its ISIN and name from `assetProfiles`; a profile of class
///   CASH, or a currency's code, is that currency), `DIVIDEND` a dividend of quantity × unit price with
///   `fee` the tax withheld from it (where Ghostfolio's users and converters keep it), `INTEREST`
///   interest alike, `FEE` a fee of the account — or, without an `id` of its own and with the `id` of a
///   trade of that instant as its comment, that trade's fee in another currency (`folio export
///   ghostfolio` writes such a fee so). `ITEM` and `LIABILITY` are wealth outside markets: named and left,
///   as is an activity of no units, at no price, or of a manual security whose symbol is no asset code
///   (Ghostfolio names those by a UUID).
/// - An activity's `id` (Ghostfolio's UUID, or the broker's id `folio export ghostfolio` wrote) is its
///   external id, so that importing the file again adds nothing.
/// - Deposits and withdrawals are read from each account's `balances`: at each date, the balance less
///   the last one and less what the account's activities did to its cash since is money that came in
///   or went out. An activity in another currency than its account's is left out of that reckoning
///   (Ghostfolio converts it at its own rate) and named.
struct GhostfolioImporter {
    let url: URL
    let ledger: BrokerLedger

    func run(_ summary: inout ImportSummary) throws {
        let file = url.path
        let document = try JSONRecord.document(url)
        guard document["activities"] != nil else {
            throw ImportError(
                file: file,
                field: "activities",
                message: "found nothing, expected Ghostfolio's export with meta, accounts and activities"
            )
        }
        var profiles: [String: (isin: ISIN?, name: String?, cash: Bool)] = [:]
        for p in try JSONRecord.array(document["assetProfiles"], file: file, path: "assetProfiles") {
            let name = p.string("name")
            profiles[p.string("symbol")] = (
                try p.isin("isin"), name.isEmpty ? nil : name, p.string("assetSubClass") == "CASH"
            )
        }
        var accounts: [String: (currency: AssetCode, record: JSONRecord)] = [:]
        for a in try JSONRecord.array(document["accounts"], file: file, path: "accounts") {
            accounts[a.string("id")] = (try a.currency("currency").currency, a)
        }
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        var changes: [String: [(time: Int64, change: Decimal)]] = [:]
        /// Trades by instant and id, and fees that name a trade of their instant by their comment.
        var trades: [String: Int] = [:]
        var tradeFees: [(key: String, entry: BrokerEntry, fee: Money)] = []
        for a in try JSONRecord.array(document["activities"], file: file, path: "activities") {
            summary.read += 1
            let type = a.string("type")
            let time = try a.time("date")
            let denomination = try a.currency("currency")
            let currency = denomination.currency
            let quantity = try a.optionalNumber("quantity") ?? 0
            let unitPrice = denomination.money(try a.optionalNumber("unitPrice") ?? 0).amount
            let fee = denomination.money(try a.optionalNumber("fee") ?? 0).amount
            let location = "\(file): \(a.path)"
            guard quantity >= 0, unitPrice >= 0, fee >= 0 else {
                throw a.fail(
                    "quantity",
                    "found quantity \(quantity), unit price \(unitPrice) and fee \(fee), expected none below zero"
                )
            }
            let id = a.string("id")
            let entry = BrokerEntry(
                event: .accountFee(Money(fee, currency)),
                timeMs: time,
                id: id.isEmpty ? nil : id,
                file: file,
                line: nil,
                path: a.path
            )
            let symbol = a.string("symbol")
            let profile = profiles[symbol]
            let security: BrokerSecurity? =
                profile?.cash == true || KnownAssets.kind(of: AssetCode(symbol)) == .fiat
                ? BrokerSecurity(code: AssetCode(symbol))
                : AssetCode.isValid(symbol)
                    ? BrokerSecurity(ticker: symbol, isin: profile?.isin, name: profile?.name) : nil
            switch type {
            case "BUY", "SELL":
                guard quantity > 0, unitPrice > 0 else {
                    ignored.add(type, at: location, "of no units or at no price")
                    continue
                }
                guard let security else {
                    ignored.add(type, at: location, "of a manual security whose symbol is no asset code")
                    continue
                }
                if let id = entry.id { trades["\(time)|\(id)"] = entries.count }
                entries.append(
                    entry.with(
                        .trade(
                            type == "BUY" ? .buy : .sell,
                            security,
                            quantity: quantity,
                            price: unitPrice,
                            currency: currency,
                            fee: fee == 0 ? nil : Money(fee, currency)
                        )
                    )
                )
            case "DIVIDEND":
                guard let security else {
                    ignored.add(type, at: location, "of a manual security whose symbol is no asset code")
                    continue
                }
                guard quantity * unitPrice > fee else {
                    throw a.fail("fee", "found \(fee), expected less than the dividend \(quantity * unitPrice)")
                }
                entries.append(
                    entry.with(.dividend(security, gross: Money(quantity * unitPrice, currency), tax: fee))
                )
            case "INTEREST":
                guard quantity * unitPrice > fee else {
                    throw a.fail("fee", "found \(fee), expected less than the interest \(quantity * unitPrice)")
                }
                entries.append(entry.with(.interest(Money(quantity * unitPrice, currency), tax: fee)))
            case "FEE":
                guard fee + quantity * unitPrice > 0 else {
                    ignored.add(type, at: location, "of no money")
                    continue
                }
                let comment = a.string("comment")
                if entry.id == nil, quantity * unitPrice == 0, !comment.isEmpty {
                    tradeFees.append(("\(time)|\(comment)", entry, Money(fee, currency)))
                } else {
                    entries.append(entry.with(.accountFee(Money(fee + quantity * unitPrice, currency))))
                }
            default:
                ignored.add(type, at: location, "wealth outside markets, or a type Folio does not read")
                continue
            }
            if let account = accounts[a.string("accountId")] {
                if account.currency == currency,
                    let change = GhostfolioFormat.cashChange(
                        type: type,
                        quantity: quantity,
                        unitPrice: unitPrice,
                        fee: fee
                    )
                {
                    changes[a.string("accountId"), default: []].append((time, change))
                } else {
                    summary.notes.append(
                        "\(a.path) in \(currency) is on an account in \(account.currency): left out of the deposits read from its balances"
                    )
                }
            }
        }
        // A trade's fee in another currency than its price's, tied to it by the trade's id; any other
        // is a fee of the account.
        for f in tradeFees {
            if let i = trades.removeValue(forKey: f.key),
                case let .trade(side, security, quantity, price, currency, nil) = entries[i].event
            {
                entries[i].event = .trade(
                    side,
                    security,
                    quantity: quantity,
                    price: price,
                    currency: currency,
                    fee: f.fee
                )
            } else {
                entries.append(f.entry.with(.accountFee(f.fee)))
            }
        }
        for (id, account) in accounts.sorted(by: { $0.key < $1.key }) {
            entries += try transfers(account.record, currency: account.currency, changes: changes[id] ?? [], &ignored)
        }
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    /// The deposits and withdrawals an account's balance history holds beyond its activities.
    private func transfers(
        _ account: JSONRecord,
        currency: AssetCode,
        changes: [(time: Int64, change: Decimal)],
        _ ignored: inout IgnoredRows
    ) throws -> [BrokerEntry] {
        let history = try JSONRecord.array(
            account.object["balances"],
            file: account.file,
            path: "\(account.path).balances"
        )
        if history.isEmpty {
            // A balance its activities explain needs no history; any other says nothing of when money came in.
            let balance = ExactDecimal.of(try account.optionalNumber("balance") ?? 0)
            if balance != changes.reduce(Decimal(0), { $0 + $1.change }) {
                ignored.add(
                    "balance",
                    at: "\(account.file): \(account.path)",
                    "a balance without its history says nothing of when money came in"
                )
            }
            return []
        }
        let points = try history.map {
            (record: $0, time: try $0.time("date"), value: ExactDecimal.of(try $0.number("value")))
        }
        .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var entries: [BrokerEntry] = []
        var expected = Decimal(0)
        var i = 0
        let ordered = changes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element
        )
        for point in points {
            while i < ordered.count && ordered[i].time <= point.time {
                expected += ordered[i].change
                i += 1
            }
            let moved = point.value - expected
            expected = point.value
            guard moved != 0 else { continue }
            let amount = ExactDecimal.double(moved < 0 ? -moved : moved)
            entries.append(
                BrokerEntry(
                    event: .transfer(moved > 0 ? .deposit : .withdrawal, Money(amount, currency), fee: 0),
                    timeMs: point.time,
                    id: nil,
                    file: account.file,
                    line: nil,
                    path: point.record.path
                )
            )
        }
        return entries
    }
}
