import FolioAnalytics
import FolioCore

/// The words of a portfolio's drift from its targets, in English and Ukrainian: the bullet graph's title
/// and subtitle, what it says without targets, and the trade table's column titles.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    func driftTitle(_ portfolio: String) -> String {
        pick("\(portfolio): weight against target", "\(portfolio): частки проти цілей")
    }

    /// What the marks are, and the value they are shares of.
    func driftSubtitle(_ base: AssetCode, on day: Day) -> String {
        pick(
            "Bar: weight · rule: target · shaded: band · of the value in \(base) at the end of \(date(day))",
            "Смуга: частка · риска: ціль · тінь: допуск · від вартості у \(currency(base)) на кінець \(date(day))"
        )
    }

    /// In the chart's place when the portfolio has no targets: the command that sets them, as typed.
    func noTargets(_ portfolio: String) -> String {
        pick(
            "\"\(portfolio)\" has no targets: folio target set --portfolio \"\(portfolio)\" …",
            "«\(portfolio)» не має цільової структури: folio target set --portfolio \"\(portfolio)\" …"
        )
    }

    /// A target line's name: an asset's code or a class as given, a kind in words.
    func targetLine(_ name: String, basis: TargetBasis) -> String {
        basis == .kind ? kind(AssetKind(rawValue: name)) : name
    }

    /// A column's title in the report's trade table; money columns name the base currency.
    func rebalanceColumn(_ column: RebalanceTable.Column, base: AssetCode) -> String {
        switch column {
        case .line: self[.targetLine]
        case .value: self[.value] + ", " + currency(base)
        case .weight: self[.weight]
        case .target: self[.target]
        case .drift: self[.driftPP]
        case .outOfBand: self[.outOfBand]
        case .trade: self[.tradeAmount] + ", " + currency(base)
        case .tradeQuantity: self[.quantity]
        case .taxEstimate: self[.taxEstimate]
        }
    }
}
