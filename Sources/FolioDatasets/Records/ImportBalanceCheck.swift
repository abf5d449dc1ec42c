import FolioAnalytics
import FolioCore
import FolioInputs

/// What `folio import` says after writing a portfolio's rows: each money balance (a currency, a metal)
/// that goes below zero from the first row it wrote on, with its day, its amount and the event after
/// which it did — at import, where the user can still look at the file, not pages later in a report.
/// Balances below zero before those rows were said by the import that wrote them; a sale of more units
/// than held is `TradeChecks`' to say. Nothing is said before the portfolio's first deposit is stored.
public enum ImportBalanceCheck {
    public static func warnings(
        _ inputs: StoredInputs,
        portfolio: String,
        tradeIDs: [Int64],
        cashTransactionIDs: [Int64]
    ) throws -> [String] {
        guard !tradeIDs.isEmpty || !cashTransactionIDs.isEmpty else { return [] }
        let ledger = try inputs.ledger(portfolio: portfolio)
        // A portfolio with no deposit yet is one whose trades came first, its transfers to follow in
        // another file (folio's own trades and transactions files): every purchase would be "below zero".
        guard ledger.cashTransactions.contains(where: { $0.kind == .deposit }) else { return [] }
        let (trades, cash) = (Set(tradeIDs), Set(cashTransactionIDs))
        let written =
            ledger.trades.filter { trades.contains($0.id) }.map(\.time)
            + ledger.cashTransactions.filter { cash.contains($0.id) }.map(\.time)
        guard let from = written.min() else { return [] }
        let assets = try inputs.assets()
        let money = Set(assets.filter { $0.kind == .fiat || $0.kind == .metal }.map(\.code))
        let shortfalls = ledger.replay.diagnostics.filter { $0.time >= from && money.contains($0.asset) }
        guard !shortfalls.isEmpty else { return [] }
        let strings = Catalogue.for(.en)
        let names = LedgerEventNames(
            trades: ledger.trades,
            cashTransactions: ledger.cashTransactions,
            assets: assets,
            strings: strings
        )
        return shortfalls.map { "\(portfolio): " + strings.negativeBalance($0, named: names) }
    }
}
