import FolioAnalytics
import FolioCore
import FolioInputs

/// The budget tables: 12 calendar months ending at the last entry (or the range), in `--currency`,
/// else the currency most entries are in.
enum BudgetTables {
    static func summary(_ c: TableContext) throws -> BudgetSummary {
        let entries = try c.inputs.budgetEntries()
        guard let last = AsOf.budget(entries) else {
            throw ArgumentError("NAME", "the database has no budget entries (see `folio import budget`)")
        }
        let range = try c.request.range(endingBy: last) { $0.monthStart(monthsBefore: 11) }
        guard entries.contains(where: { range.contains($0.day) }) else {
            throw ArgumentError(
                c.request.from != nil ? "--from/--to" : "--as-of",
                "no budget entries between \(range.from.iso) and \(range.to.iso)"
            )
        }
        let counts = Dictionary(entries.map { ($0.currency, 1) }, uniquingKeysWith: +)
        let common = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
        let summary = BudgetSummary(
            entries: entries,
            currency: c.request.currency ?? common,
            rates: c.market.rates,
            range: range
        )
        c.warn(summary.missing)
        return summary
    }
}
