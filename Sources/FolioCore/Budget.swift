public enum BudgetEntryKind: String, CaseIterable, Codable, Sendable {
    case income, expense
}

/// One line of a personal budget: money earned or spent on a day, in a category.
public struct BudgetEntry: Hashable, Sendable {
    public var id: Int64
    public var day: Day
    public var kind: BudgetEntryKind
    public var category: String
    public var amount: Double
    public var currency: AssetCode
    public var note: String

    public init(
        id: Int64,
        day: Day,
        kind: BudgetEntryKind,
        category: String,
        amount: Double,
        currency: AssetCode,
        note: String = ""
    ) {
        self.id = id
        self.day = day
        self.kind = kind
        self.category = category
        self.amount = amount
        self.currency = currency
        self.note = note
    }
}
