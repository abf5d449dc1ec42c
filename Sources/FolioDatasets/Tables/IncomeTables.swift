import FolioAnalytics
import FolioCore
import FolioInputs

/// `folio table income-calendar` and `income-yield`: dividends and interest paid, and the next twelve
/// months' projected (FolioAnalytics' `IncomeProjection`), as of `--as-of`.
enum IncomeTables {
    static func calendar(_ c: TableContext) throws -> ResultTable {
        let calendar = IncomeCalendar(try projection(c), months: c.request.months, byHolding: c.request.byHolding)
        c.warn(calendar.missing)
        return calendar.table
    }

    static func yield(_ c: TableContext) throws -> ResultTable {
        let projection = try projection(c)
        c.warn(projection.yieldMissing + projection.missing)
        return try projection.yieldTable.rows(about: c.request.assets, table: .incomeYield)
    }

    private static func projection(_ c: TableContext) throws -> IncomeProjection {
        let p = try c.ledger
        let day = c.request.day(default: try c.portfolioLastDay())
        try PortfolioTables.activityCheck(p, endingAt: day, c.request)
        return p.incomeProjection(at: day)
    }
}

extension TableRequest {
    /// `--by` and `--months` of the income calendar: `holding`; months from 1 to 120.
    mutating func readIncomeCalendar(by: String?, months: Int?) throws {
        if let by {
            guard by.lowercased() == "holding" else {
                throw ArgumentError(
                    "--by",
                    "\"\(by)\" is not a grouping of the income-calendar table, expected holding"
                )
            }
            byHolding = true
        }
        if let months {
            guard (1...IncomeCalendar.longestSpan).contains(months) else {
                throw ArgumentError(
                    "--months",
                    "\(months) is not a number of months from 1 to \(IncomeCalendar.longestSpan)"
                )
            }
            self.months = months
        }
    }
}
