import FolioAnalytics
import FolioCore
import FolioInputs

/// Tables of one portfolio's ledger, valued in its base currency.
enum PortfolioTables {
    /// Valued holdings at one day; with `--from`/`--to`, the quantities at the end of each day.
    static func holdings(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let last = try c.portfolioLastDay()
        if c.request.from != nil || c.request.to != nil {
            let range = try c.request.range(endingBy: last) { $0.spanStart(months: 12) }
            try activityCheck(p, endingAt: range.to, c.request)
            return try p.replay.daily(range).table.rows(about: c.request.assets, table: .holdings)
        }
        let day = c.request.day(default: last)
        try activityCheck(p, endingAt: day, c.request)
        let valuation = p.valuation(at: day)
        c.warn(valuation.missing)
        return try valuation.table.rows(about: c.request.assets, table: .holdings)
    }

    /// Daily value over 12 months (or the range), with realised and unrealised income by `--method`.
    static func value(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let range = try c.request.range(endingBy: try c.portfolioLastDay()) { $0.spanStart(months: 12) }
        try activityCheck(p, endingAt: range.to, c.request)
        let base = p.portfolio.baseCurrency
        let income = p.income(c.request.method, at: range.to)
        let series = ValueSeries(
            replay: p.replay,
            rates: p.market.rates,
            base: base,
            range: range,
            realisedIncome: income
        )
        c.warn(series.missingBeforeRange + series.missing)
        // The spans already name the pairs missing on the range's days; income adds only other pairs
        // (a currency at a trade's time before the range).
        let named = Set((series.missingBeforeRange + series.missing).map(\.pair))
        c.warn(income.missing.filter { !named.contains($0.pair) })
        guard !c.request.assets.isEmpty else { return series.table }
        // Asset columns are named by code; keep the portfolio columns and the assets asked for.
        let held = Set(series.assets.map(\.rawValue))
        for asset in c.request.assets where !held.contains(asset.rawValue) {
            throw ArgumentError(
                "--asset",
                "\(asset) is not held by \"\(p.portfolio.name)\" between \(range.from.iso) and \(range.to.iso)"
            )
        }
        let wanted = Set(c.request.assets.map(\.rawValue))
        let table = series.table
        let keep = table.columns.indices.filter {
            !held.contains(table.columns[$0].name) || wanted.contains(table.columns[$0].name)
        }
        return ResultTable(
            columns: keep.map { table.columns[$0] },
            rows: table.rows.map { row in keep.map { row[$0] } }
        )
    }

    static func allocation(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let day = c.request.day(default: try c.portfolioLastDay())
        try activityCheck(p, endingAt: day, c.request)
        let allocation: Allocation
        do {
            allocation = try Allocation(
                replay: p.replay,
                rates: p.market.rates,
                base: p.portfolio.baseCurrency,
                on: day,
                by: c.request.grouping,
                thresholdPercent: c.request.threshold
            )
        } catch { throw ArgumentError(error) }
        c.warn(allocation.missing)
        return try allocation.table.rows(about: c.request.assets, table: .allocation)
    }

    /// Month ends over 12 months, or year ends over 5 years, ending at the range's last day.
    static func composition(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let period = c.request.period
        let range = try c.request.range(endingBy: try c.portfolioLastDay()) { end in
            period == .month ? end.monthStart(monthsBefore: 11) : Day(year: end.year - 4, month: 1, day: 1)!
        }
        try activityCheck(p, endingAt: range.to, c.request)
        let composition = CompositionByPeriod(
            replay: p.replay,
            rates: p.market.rates,
            base: p.portfolio.baseCurrency,
            range: range,
            period: period
        )
        c.warn(composition.missing)
        return try composition.table.rows(about: c.request.assets, table: .composition)
    }

    static func income(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let day = c.request.day(default: try c.portfolioLastDay())
        try activityCheck(p, endingAt: day, c.request)
        let income = p.income(c.request.method, at: day)
        c.warn(income.missing)
        return try income.table.rows(about: c.request.assets, table: .income)
    }

    /// Deposits and withdrawals of the 12 calendar months ending at the range's last day.
    static func flows(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let range = try c.request.range(endingBy: try c.portfolioLastDay()) { $0.monthStart(monthsBefore: 11) }
        try activityCheck(p, endingAt: range.to, c.request)
        let flows = CashFlowsByMonth(
            cashTransactions: p.replay.cashTransactions,
            trades: p.trades,
            rates: p.market.rates,
            base: p.portfolio.baseCurrency,
            range: range
        )
        c.warn(flows.missing)
        return flows.table
    }

    /// Every balance that went below zero, over the whole history (a data error is an error whenever),
    /// each after the event named as a reader finds it: what it was and the broker's id.
    static func diagnostics(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        let names = LedgerEventNames(
            trades: p.trades,
            cashTransactions: p.cashTransactions,
            assets: p.market.assets,
            strings: Catalogue.for(.en)
        )
        return try ResultTable(
            columns: [
                .init("asset", .text), .init("time", .time), .init("event", .text), .init("id", .text),
                .init("balance", .number, decimals: 8),
            ],
            rows: p.replay.diagnostics.map { d in
                let (event, id) = names(d.after)
                return [
                    .text(d.asset.rawValue), .time(d.time), .text(event), id.map(ResultTable.Cell.text),
                    .number(d.balance),
                ]
            }
        )
        .rows(about: c.request.assets, table: .diagnostics)
    }

    /// A table ending before the portfolio's first event would be empty or all zeros: say so instead.
    static func activityCheck(_ p: PortfolioInputs, endingAt day: Day, _ request: TableRequest) throws {
        guard let first = p.ledger.activity?.first, day < first else { return }
        let argument = request.to != nil ? "--to" : "--as-of"
        throw ArgumentError(
            argument,
            "\(day.iso) is before the first trade or transaction of \"\(p.portfolio.name)\" (\(first.iso))"
        )
    }
}
