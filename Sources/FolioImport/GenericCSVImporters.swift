import FolioCore
import Foundation

/// Trades CSV with a header: `time,side,asset,quantity,price,price_currency,fee,fee_currency,id`
/// (fee, fee currency and id optional; fee currency defaults to the price currency).
struct TradesCSVImporter {
    let url: URL
    let sink: any ImportSink
    let portfolioID: Int64
    let options: ImportOptions

    private typealias Columns = (
        time: Int, side: Int, asset: Int, quantity: Int, price: Int, priceCurrency: Int, fee: Int?, feeCurrency: Int?,
        id: Int?
    )

    func run(_ summary: inout ImportSummary) throws {
        try DelimitedFile(url: url, options: options).forEachRow(
            header: { header -> Columns in
                var h = header
                h.expectedHint = "time,side,asset,quantity,price,price_currency,fee,fee_currency,id"
                return (
                    try h.required("time", "date", "datetime"), try h.required("side", "type"),
                    try h.required("asset", "symbol"),
                    try h.required("quantity", "qty", "amount"), try h.required("price"),
                    try h.required("price currency", "currency"),
                    try h.optional("fee", "commission"), try h.optional("fee currency", "commission currency"),
                    try h.optional("id", "external id", "trade id")
                )
            },
            row: { row, c in
                summary.read += 1
                let priceCurrency = try row.assetCode(c.priceCurrency, "price_currency")
                let trade = TradeRow(
                    portfolioID: portfolioID,
                    timeMs: try row.time(c.time, "time"),
                    side: try row.choice(c.side, "side", [(["buy", "b"], TradeSide.buy), (["sell", "s"], .sell)]),
                    asset: try row.assetCode(c.asset, "asset"),
                    quantity: try row.positive(c.quantity, "quantity"),
                    price: try row.price(c.price, "price"),
                    priceCurrency: priceCurrency,
                    fee: try row.nonNegative(c.fee, "fee"),
                    feeCurrency: try c.feeCurrency.flatMap {
                        row.isBlank($0) ? nil : try row.assetCode($0, "fee_currency")
                    }
                        ?? priceCurrency,
                    externalID: try row.optionalText(c.id, "id")
                )
                summary.record(try sink.insertTrade(trade, at: row.rowLocation), at: row.location)
            }
        )
    }
}

/// Cash transactions CSV with a header: `time,type,currency,amount,fee,status,id,asset,tax,ratio`. Type
/// deposit, withdrawal, dividend (of `asset`, less withholding `tax`), interest (less `tax`), fee (an
/// account's cost; `amount` is the fee) or split (`asset` and `ratio`, new units per old; no amount, and
/// the currency may be left empty). Fee, status, id, asset, tax and ratio are optional columns, so files
/// written before dividends still import; status defaults to completed.
struct TransactionsCSVImporter {
    let url: URL
    let sink: any ImportSink
    let portfolioID: Int64
    let options: ImportOptions

    private typealias Columns = (
        time: Int, kind: Int, currency: Int, amount: Int, fee: Int?, status: Int?, id: Int?, asset: Int?, tax: Int?,
        ratio: Int?
    )

    func run(_ summary: inout ImportSummary) throws {
        try DelimitedFile(url: url, options: options).forEachRow(
            header: { header -> Columns in
                var h = header
                h.expectedHint = "time,type,currency,amount,fee,status,id,asset,tax,ratio"
                return (
                    try h.required("time", "date", "datetime"), try h.required("type", "kind"),
                    try h.required("currency"),
                    try h.required("amount"), try h.optional("fee", "commission"), try h.optional("status"),
                    try h.optional("id", "external id"),
                    try h.optional("asset", "symbol"), try h.optional("tax", "withholding tax"),
                    try h.optional("ratio", "split ratio")
                )
            },
            row: { row, c in
                summary.read += 1
                let cash = try transaction(row, c)
                summary.record(try sink.insertCashTransaction(cash, at: row.rowLocation), at: row.location)
            }
        )
    }

    private func transaction(_ row: RowFields, _ c: Columns) throws -> CashRow {
        let kind = try row.choice(
            c.kind,
            "type",
            [
                (["deposit"], CashTransactionKind.deposit), (["withdrawal", "withdraw"], .withdrawal),
                (["dividend"], .dividend),
                (["interest"], .interest), (["fee"], .fee), (["split"], .split),
            ]
        )
        let asset = try c.asset.flatMap { row.isBlank($0) ? nil : try row.assetCode($0, "asset") }
        var transaction = CashRow(
            portfolioID: portfolioID,
            timeMs: try row.time(c.time, "time"),
            kind: kind,
            currency: .usd,
            amount: 0,
            fee: try row.nonNegative(c.fee, "fee"),
            status: try c.status.flatMap { column in
                row.isBlank(column)
                    ? nil
                    : try row.choice(
                        column,
                        "status",
                        [
                            (["completed", "complete"], TransactionStatus.completed), (["failed"], .failed),
                            (["rejected", "cancelled", "canceled"], .rejected), (["pending"], .pending),
                        ]
                    )
            } ?? .completed,
            externalID: try row.optionalText(c.id, "id")
        )
        if kind == .split {
            try readSplit(&transaction, asset: asset, row, c)
        } else {
            try readMoney(&transaction, asset: asset, row, c)
        }
        return transaction
    }

    /// A split: the asset it divides and its ratio, new units per old; no money.
    private func readSplit(_ transaction: inout CashRow, asset: AssetCode?, _ row: RowFields, _ c: Columns) throws {
        guard let asset else { throw row.fail("asset", "a split needs the asset it divides") }
        guard let ratioColumn = c.ratio, !row.isBlank(ratioColumn) else {
            throw row.fail(
                "ratio",
                "a split needs its ratio, new units per old (4 for 4-for-1, 0.1 for 1-for-10)"
            )
        }
        if !row.isBlank(c.amount), try row.number(c.amount, "amount") != 0 {
            throw row.fail("amount", "a split moves no money; leave it empty or 0")
        }
        try Self.refuse(c.tax, "tax", transaction.kind, row)
        if transaction.fee != 0 { throw row.fail("fee", "a split has no fee; leave it empty") }
        transaction.asset = asset
        transaction.currency = row.isBlank(c.currency) ? asset : try row.assetCode(c.currency, "currency")
        transaction.ratio = try row.positive(ratioColumn, "ratio")
    }

    /// A deposit, withdrawal, dividend (of an asset, less its tax), interest (less its tax) or fee.
    private func readMoney(_ transaction: inout CashRow, asset: AssetCode?, _ row: RowFields, _ c: Columns) throws {
        let kind = transaction.kind
        transaction.currency = try row.assetCode(c.currency, "currency")
        transaction.amount = try row.positive(c.amount, "amount")
        try Self.refuse(c.ratio, "ratio", kind, row)
        switch kind {
        case .dividend:
            guard let asset else { throw row.fail("asset", "a dividend needs the asset that paid it") }
            transaction.asset = asset
            transaction.tax = try row.nonNegative(c.tax, "tax")
        case .interest:
            try Self.refuse(c.asset, "asset", kind, row)
            transaction.tax = try row.nonNegative(c.tax, "tax")
        default:
            try Self.refuse(c.asset, "asset", kind, row)
            try Self.refuse(c.tax, "tax", kind, row)
        }
        if kind == .dividend || kind == .interest, transaction.tax + transaction.fee > transaction.amount {
            throw row.fail(
                "tax",
                "tax and fee (\(transaction.tax + transaction.fee)) are more than the amount \(transaction.amount)"
            )
        }
    }

    /// A column this type does not take must be empty: a tax on a deposit is a mistake, not a no-op.
    private static func refuse(_ index: Int?, _ field: String, _ kind: CashTransactionKind, _ row: RowFields) throws {
        if !row.isBlank(index) {
            throw row.fail(field, "a \(kind.rawValue) has no \(field); leave it empty")
        }
    }
}

/// Budget CSV with a header: `date,type,category,amount,currency,note` (type income or expense; note
/// optional). A budget plans ahead: its dates may be up to a year after now (`DateBounds.budget`).
struct BudgetCSVImporter {
    let url: URL
    let sink: any ImportSink
    let options: ImportOptions

    private typealias Columns = (date: Int, kind: Int, category: Int, amount: Int, currency: Int, note: Int?)

    func run(_ summary: inout ImportSummary) throws {
        try DelimitedFile(url: url, options: options, dates: .budget()).forEachRow(
            header: { header -> Columns in
                var h = header
                h.expectedHint = "date,type,category,amount,currency,note"
                return (
                    try h.required("date", "day"), try h.required("type", "kind"), try h.required("category"),
                    try h.required("amount"), try h.required("currency"),
                    try h.optional("note", "comment", "description")
                )
            },
            row: { row, c in
                summary.read += 1
                let outcome = try sink.insertBudgetEntry(
                    day: try row.day(c.date, "date"),
                    kind: try row.choice(
                        c.kind,
                        "type",
                        [(["income", "дохід"], BudgetEntryKind.income), (["expense", "витрата"], .expense)]
                    ),
                    category: try row.text(c.category, "category"),
                    amount: try row.positive(c.amount, "amount"),
                    currency: try row.assetCode(c.currency, "currency"),
                    note: row.string(c.note)
                )
                summary.record(outcome, at: row.location)
            }
        )
    }
}
