import FolioCharts

/// What the portfolio report says when a client holds more than its charts can show one by one (forty
/// holdings, as an adviser's client has): which of them the charts show, and where the rest are.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// Under the 7-day panels when not all holdings have one: "The 6 largest holdings and the 6 that moved
    /// most in these days; the other 28 are in the table below."
    public func panelsChosen(largest: Int, movers: Int, rest: Int) -> String {
        pick(
            "The \(largest) largest holdings and the \(movers) that moved most in these days; the other \(rest) "
                + "are in the table below.",
            "\(largest) найбільших активів і \(movers), що змінилися найбільше за ці дні; інші \(rest) — у таблиці нижче."
        )
    }

    /// The table of the holdings without a panel: "The other 28 holdings, last 7 days".
    public func otherHoldingsOver(_ count: Int, days n: Int) -> String {
        pick("The other \(count) holdings, last \(days(n))", "Інші \(count) активів за \(days(n))")
    }

    /// Its columns: the lowest and highest price of the days, and the change over them.
    public var low: String { pick("Low", "Мін.") }
    public var high: String { pick("High", "Макс.") }

    /// Over the correlation table of many assets: its order, and the tables of pairs under it.
    public var orderedByCluster: String {
        pick(
            "ordered by cluster: assets that move together stand together",
            "за кластерами: активи, що рухаються разом, стоять поруч"
        )
    }
    public func mostCorrelated(_ n: Int) -> String {
        pick("The \(n) most correlated pairs", "\(n) пар із найбільшою кореляцією")
    }
    public func leastCorrelated(_ n: Int) -> String {
        pick("The \(n) least correlated pairs", "\(n) пар із найменшою кореляцією")
    }
    public var pair: String { pick("Pair", "Пара") }

    /// A flows chart whose months had no deposit and no withdrawal says so in a line, not with an empty axis.
    public func noFlows(_ window: String) -> String {
        pick("No deposits or withdrawals in \(window).", "Жодних внесків і виведень за \(window).")
    }
}
