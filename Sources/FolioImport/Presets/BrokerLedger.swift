import FolioCore

/// Writes what presets read (`BrokerEntry`) as Folio's trades and cash transactions, in time order, into
/// one portfolio, within the import's transaction:
///
/// - a trade is a trade of the security's code (`SecurityCodes`), its fee in the fee's currency;
/// - an exchange is a buy of the currency received, priced in the currency given (their ratio), as
///   Folio's own files write one (`buy,USD,14262,7.993,UAH`);
/// - deposits, withdrawals, dividends (gross, tax withheld), interest, account fees and splits are the
///   cash transactions of those types.
struct BrokerLedger {
    let sink: any ImportSink
    let portfolioID: Int64

    func write(_ entries: [BrokerEntry], into summary: inout ImportSummary) throws {
        // Stable: rows of one instant keep the file's order (a sale before the exchange of its proceeds).
        let ordered = entries.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }
            .map(\.element)
        for entry in ordered {
            let outcome: RowOutcome
            switch entry.event {
            case let .trade(side, security, quantity, price, currency, fee):
                outcome = try sink.insertTrade(
                    TradeRow(
                        portfolioID: portfolioID,
                        timeMs: entry.timeMs,
                        side: side,
                        asset: try code(security, entry),
                        quantity: quantity,
                        price: price,
                        priceCurrency: currency,
                        fee: fee?.amount ?? 0,
                        feeCurrency: fee?.currency ?? currency,
                        externalID: entry.id
                    ),
                    at: entry.rowLocation
                )
            case let .exchange(sold, bought, fee):
                guard sold.currency != bought.currency else {
                    throw entry.rowLocation.fail(
                        "currency",
                        "found \(sold.currency) exchanged for \(bought.currency), expected two currencies"
                    )
                }
                outcome = try sink.insertTrade(
                    TradeRow(
                        portfolioID: portfolioID,
                        timeMs: entry.timeMs,
                        side: .buy,
                        asset: bought.currency,
                        quantity: bought.amount,
                        price: sold.amount / bought.amount,
                        priceCurrency: sold.currency,
                        fee: fee?.amount ?? 0,
                        feeCurrency: fee?.currency ?? sold.currency,
                        externalID: entry.id
                    ),
                    at: entry.rowLocation
                )
            case let .transfer(kind, money, fee):
                outcome = try cash(entry, kind, money, fee: fee)
            case let .dividend(security, gross, tax, fee):
                outcome = try cash(entry, .dividend, gross, fee: fee, asset: try code(security, entry), tax: tax)
            case let .interest(money, tax, fee):
                outcome = try cash(entry, .interest, money, fee: fee, tax: tax)
            case let .accountFee(money):
                outcome = try cash(entry, .fee, money)
            case let .split(security, ratio):
                let asset = try code(security, entry)
                outcome = try cash(entry, .split, Money(0, asset), asset: asset, ratio: ratio)
            case let .splitAdding(security, units):
                let asset = try code(security, entry)
                let before = try held(asset, before: entry.timeMs)
                guard before > 0, before + units > 0 else {
                    throw entry.rowLocation.fail(
                        "Quantity",
                        "found a split adding \(JSONNumber.describe(units)) \(asset) to the \(JSONNumber.describe(before)) held before it, expected a holding to split"
                    )
                }
                outcome = try cash(entry, .split, Money(0, asset), asset: asset, ratio: (before + units) / before)
            }
            summary.record(outcome, at: entry.location)
            summary.events[entry.event.kind, default: 0] += 1
        }
    }

    private func code(_ security: BrokerSecurity, _ entry: BrokerEntry) throws -> AssetCode {
        do { return try sink.securities.code(of: security, sink: sink) } catch let refusal as SecurityCodes.Refusal {
            throw entry.rowLocation.fail(refusal.field, refusal.message)
        }
    }

    private func cash(
        _ entry: BrokerEntry,
        _ kind: CashTransactionKind,
        _ money: Money,
        fee: Double = 0,
        asset: AssetCode? = nil,
        tax: Double = 0,
        ratio: Double? = nil
    ) throws -> RowOutcome {
        try sink.insertCashTransaction(
            CashRow(
                portfolioID: portfolioID,
                timeMs: entry.timeMs,
                kind: kind,
                currency: money.currency,
                amount: money.amount,
                fee: fee,
                status: entry.status,
                externalID: entry.id,
                asset: asset,
                tax: tax,
                ratio: ratio
            ),
            at: entry.rowLocation
        )
    }

    /// Units of `asset` the portfolio holds just before `timeMs`, by its stored trades and splits: what a
    /// broker that states a split as the units it added (Revolut) needs to know its ratio.
    func held(_ asset: AssetCode, before timeMs: Int64) throws -> Double {
        try sink.held(asset, portfolioID: portfolioID, before: timeMs)
    }
}
