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

    private typealias Profile = (isin: ISIN?, name: String?, cash: Bool)

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
        var profiles: [String: Profile] = [:]
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
        var book = Book()
        var changes: [String: [(time: Int64, change: Decimal)]] = [:]
        for a in try JSONRecord.array(document["activities"], file: file, path: "activities") {
            summary.read += 1
            let activity = try Activity(a, profiles: profiles)
            guard try book.add(activity), let account = accounts[a.string("accountId")] else { continue }
            if account.currency == activity.currency,
                let change = GhostfolioFormat.cashChange(
                    type: activity.type,
                    quantity: activity.quantity,
                    unitPrice: activity.unitPrice,
                    fee: activity.fee
                )
            {
                changes[a.string("accountId"), default: []].append((activity.time, change))
            } else {
                summary.notes.append(
                    "\(a.path) in \(activity.currency) is on an account in \(account.currency): left out of the deposits read from its balances"
                )
            }
        }
        book.attachTradeFees()
        for (id, account) in accounts.sorted(by: { $0.key < $1.key }) {
            let moved = try transfers(
                account.record,
                currency: account.currency,
                changes: changes[id] ?? [],
                &book.ignored
            )
            book.entries += moved
        }
        try ledger.write(book.entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        book.ignored.report(into: &summary)
    }

    /// One activity as the file states it, its numbers checked.
    private struct Activity {
        let record: JSONRecord
        let type: String
        let time: Int64
        let currency: AssetCode
        let quantity, unitPrice, fee: Double
        /// The activity's id, instant and place, for the entry it makes.
        let entry: BrokerEntry
        /// nil for a manual security, whose symbol is no asset code.
        let security: BrokerSecurity?

        init(_ a: JSONRecord, profiles: [String: Profile]) throws {
            record = a
            type = a.string("type")
            time = try a.time("date")
            let denomination = try a.currency("currency")
            currency = denomination.currency
            quantity = try a.optionalNumber("quantity") ?? 0
            unitPrice = denomination.money(try a.optionalNumber("unitPrice") ?? 0).amount
            fee = denomination.money(try a.optionalNumber("fee") ?? 0).amount
            guard quantity >= 0, unitPrice >= 0, fee >= 0 else {
                throw a.fail(
                    "quantity",
                    "found quantity \(quantity), unit price \(unitPrice) and fee \(fee), expected none below zero"
                )
            }
            let id = a.string("id")
            entry = BrokerEntry(
                event: .accountFee(Money(fee, currency)),
                timeMs: time,
                id: id.isEmpty ? nil : id,
                file: a.file,
                line: nil,
                path: a.path
            )
            let symbol = a.string("symbol")
            let profile = profiles[symbol]
            security =
                profile?.cash == true || KnownAssets.kind(of: AssetCode(symbol)) == .fiat
                ? BrokerSecurity(code: AssetCode(symbol))
                : AssetCode.isValid(symbol)
                    ? BrokerSecurity(ticker: symbol, isin: profile?.isin, name: profile?.name) : nil
        }

        var location: String { "\(record.file): \(record.path)" }
        var worth: Double { quantity * unitPrice }
    }

    /// The entries read so far, with the trades a later fee may belong to.
    private struct Book {
        var entries: [BrokerEntry] = []
        var ignored = IgnoredRows()
        /// Trades by instant and id, and fees that name a trade of their instant by their comment.
        var trades: [String: Int] = [:]
        var tradeFees: [(key: String, entry: BrokerEntry, fee: Money)] = []

        /// Books `a` by its type; false when it is left (and named) rather than booked.
        mutating func add(_ a: Activity) throws -> Bool {
            switch a.type {
            case "BUY", "SELL": return trade(a)
            case "DIVIDEND": return try dividend(a)
            case "INTEREST":
                guard a.worth > a.fee else {
                    throw a.record.fail("fee", "found \(a.fee), expected less than the interest \(a.worth)")
                }
                entries.append(a.entry.with(.interest(Money(a.worth, a.currency), tax: a.fee)))
                return true
            case "FEE": return fee(a)
            default:
                ignored.add(a.type, at: a.location, "wealth outside markets, or a type Folio does not read")
                return false
            }
        }

        private mutating func trade(_ a: Activity) -> Bool {
            guard a.quantity > 0, a.unitPrice > 0 else {
                ignored.add(a.type, at: a.location, "of no units or at no price")
                return false
            }
            guard let security = a.security else {
                ignored.add(a.type, at: a.location, "of a manual security whose symbol is no asset code")
                return false
            }
            if let id = a.entry.id { trades["\(a.time)|\(id)"] = entries.count }
            entries.append(
                a.entry.with(
                    .trade(
                        a.type == "BUY" ? .buy : .sell,
                        security,
                        quantity: a.quantity,
                        price: a.unitPrice,
                        currency: a.currency,
                        fee: a.fee == 0 ? nil : Money(a.fee, a.currency)
                    )
                )
            )
            return true
        }

        /// Quantity × unit price, `fee` the tax withheld from it.
        private mutating func dividend(_ a: Activity) throws -> Bool {
            guard let security = a.security else {
                ignored.add(a.type, at: a.location, "of a manual security whose symbol is no asset code")
                return false
            }
            guard a.worth > a.fee else {
                throw a.record.fail("fee", "found \(a.fee), expected less than the dividend \(a.worth)")
            }
            entries.append(a.entry.with(.dividend(security, gross: Money(a.worth, a.currency), tax: a.fee)))
            return true
        }

        /// A fee of the account, or (without an id, naming a trade of its instant by its comment) that trade's.
        private mutating func fee(_ a: Activity) -> Bool {
            guard a.fee + a.worth > 0 else {
                ignored.add(a.type, at: a.location, "of no money")
                return false
            }
            let comment = a.record.string("comment")
            if a.entry.id == nil, a.worth == 0, !comment.isEmpty {
                tradeFees.append(("\(a.time)|\(comment)", a.entry, Money(a.fee, a.currency)))
            } else {
                entries.append(a.entry.with(.accountFee(Money(a.fee + a.worth, a.currency))))
            }
            return true
        }

        /// A trade's fee in another currency than its price's, tied to it by the trade's id; any other is
        /// a fee of the account.
        mutating func attachTradeFees() {
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
        }
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
