import FolioCore
import Foundation

/// Budget totals in one currency: by month and category, income, expenses and balance per month, and each
/// category's share of its kind (a category's share of all expenses, or of all income).
/// Entries in another currency are converted at the end of their day; without a rate they are missing.
public struct BudgetSummary: Hashable, Sendable {
    /// One category in one month.
    public struct Line: Hashable, Sendable {
        public var month: String
        public var kind: BudgetEntryKind
        public var category: String
        public var amount: Double?
        /// Percentage points of the month's total of the same kind.
        public var share: Double?
    }

    public struct MonthTotals: Hashable, Sendable {
        public var month: String
        public var income: Double?
        public var expenses: Double?
        /// `income − expenses`.
        public var balance: Double?
    }

    /// One category over the whole range.
    public struct CategoryTotal: Hashable, Sendable {
        public var kind: BudgetEntryKind
        public var category: String
        public var amount: Double?
        /// Percentage points of the range's total of the same kind.
        public var share: Double?

        public init(kind: BudgetEntryKind, category: String, amount: Double?, share: Double?) {
            self.kind = kind
            self.category = category
            self.amount = amount
            self.share = share
        }
    }

    public var currency: AssetCode
    /// By month, then income before expense, then category.
    public var lines: [Line]
    public var months: [MonthTotals]
    /// Income categories, then expense categories, each by amount, largest first.
    public var categories: [CategoryTotal]
    public var income: Double?
    public var expenses: Double?
    public var balance: Double?
    public var missing: [MissingQuoteError]

    /// Totals of `entries` (those in `range`, or all) in `currency`; `rates` convert entries in other currencies.
    public init(entries: [BudgetEntry], currency: AssetCode, rates: CrossRates? = nil, range: DayRange? = nil) {
        struct Key: Hashable {
            var month: String
            var kind: BudgetEntryKind
            var category: String
        }
        struct Sum {
            var sum = CompensatedSum()
            var known = true
            var value: Double? { known ? sum.value : nil }
        }
        var byLine: [Key: Sum] = [:]
        var missing: [MissingQuoteError] = []
        for entry in entries where range?.contains(entry.day) ?? true {
            let key = Key(month: String(entry.day.iso.prefix(7)), kind: entry.kind, category: entry.category)
            var s = byLine[key] ?? Sum()
            if entry.currency == currency {
                s.sum += entry.amount
            } else if let rates {
                switch rates.rate(from: entry.currency, to: currency, at: entry.day.end) {
                case let .success(rate): s.sum += rate.convert(entry.amount)
                case let .failure(why):
                    s.known = false
                    missing.append(why)
                }
            } else {
                s.known = false
                missing.append(
                    MissingQuoteError(
                        pair: CurrencyPair(entry.currency, currency),
                        markets: [],
                        at: entry.day.end,
                        reason: .noRoute
                    )
                )
            }
            byLine[key] = s
        }
        let (add, share) = (Self.add, Self.share)
        let monthNames = Array(Set(byLine.keys.map(\.month))).sorted()
        var lines: [Line] = []
        var months: [MonthTotals] = []
        for month in monthNames {
            var totals: [BudgetEntryKind: Double?] = [:]
            for kind in BudgetEntryKind.allCases {
                totals[kind] = add(byLine.filter { $0.key.month == month && $0.key.kind == kind }.map(\.value.value))
            }
            for kind in BudgetEntryKind.allCases {
                for (key, s) in byLine.filter({ $0.key.month == month && $0.key.kind == kind }).sorted(by: {
                    $0.key.category < $1.key.category
                }) {
                    lines.append(
                        Line(
                            month: month,
                            kind: kind,
                            category: key.category,
                            amount: s.value,
                            share: share(s.value, totals[kind] ?? nil)
                        )
                    )
                }
            }
            let (i, e) = (totals[.income] ?? nil, totals[.expense] ?? nil)
            months.append(
                MonthTotals(month: month, income: i, expenses: e, balance: i.flatMap { i in e.map { i - $0 } })
            )
        }
        let income = add(months.map(\.income))
        let expenses = add(months.map(\.expenses))
        self.currency = currency
        self.lines = lines
        self.months = months
        self.categories = Self.categories(lines, income: income, expenses: expenses)
        self.income = income
        self.expenses = expenses
        self.balance = income.flatMap { i in expenses.map { i - $0 } }
        self.missing = missing
    }

    /// The sum of `values`, nil (unknown) when one of them is.
    private static func add(_ values: [Double?]) -> Double? {
        values.contains(where: { $0 == nil }) ? nil : values.map { $0! }.compensatedSum()
    }

    /// `part` in percent of `whole`; nil when either is unknown or the whole is 0.
    private static func share(_ part: Double?, _ whole: Double?) -> Double? {
        guard let part, let whole, whole != 0 else { return nil }
        return part / whole * 100
    }

    /// Each category's total over the months, largest first within its kind, with its share of the kind's.
    private static func categories(_ lines: [Line], income: Double?, expenses: Double?) -> [CategoryTotal] {
        var categories: [CategoryTotal] = []
        for kind in BudgetEntryKind.allCases {
            let whole = kind == .income ? income : expenses
            let names = Array(Set(lines.filter { $0.kind == kind }.map(\.category)))
            let totals = names.map { name in
                CategoryTotal(
                    kind: kind,
                    category: name,
                    amount: add(lines.filter { $0.kind == kind && $0.category == name }.map(\.amount)),
                    share: nil
                )
            }.sorted { ($0.amount ?? -.infinity, $1.category) > ($1.amount ?? -.infinity, $0.category) }
            categories += totals.map {
                var c = $0
                c.share = share(c.amount, whole)
                return c
            }
        }
        return categories
    }
}
