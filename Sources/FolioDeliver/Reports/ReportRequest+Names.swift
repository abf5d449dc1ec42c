extension ReportRequest.Name {
    /// What the report is and what it needs: its line in `folio report --help`, said once. An exhaustive
    /// switch, so that a new report does not build without it; docs/reports.md is checked against
    /// `allCases`.
    public var summary: String {
        switch self {
        case .portfolio:
            "value, income, allocation, performance and holdings of --portfolio"
        case .market: "rates in --currency by market, and crypto coins"
        case .budget: "the month of --as-of, totalled in --currency"
        case .daily:
            "PNG images for mail of --portfolio: allocation.png, value-30d.png and holding-N-CODE-7d.png "
                + "for the five largest holdings, into the directory --out names"
        case .tax:
            "for --portfolio and --year, in Ukrainian unless --locale en: the figures of a declaration of "
                + "investment profit, not tax advice"
        }
    }

    /// The names, comma-separated, for help texts.
    public static var names: String {
        var names = ""
        for name in allCases { names += (names.isEmpty ? "" : ", ") + name.rawValue }
        return names
    }
}
