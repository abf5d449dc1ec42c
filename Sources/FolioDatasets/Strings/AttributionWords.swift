import FolioAnalytics
import FolioCore

/// The words of the value bridge and the contribution by holding, in English and Ukrainian: its lines
/// as a waterfall's bars and a table's rows name them, and its chart's title and subtitle.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    func bridgeLine(_ line: ValueBridge.Line) -> String {
        switch line {
        case .startValue: pick("Start value", "Вартість на початку")
        case .deposits: self[.deposits]
        case .withdrawals: self[.withdrawals]
        case .priceEffect: pick("Price effect", "Ціновий ефект")
        case .currencyEffect: pick("Currency effect", "Валютний ефект")
        case .dividends: pick("Dividends", "Дивіденди")
        case .interest: pick("Interest", "Відсотки")
        case .fees: self[.fees]
        case .taxes: pick("Taxes", "Податки")
        case .endValue: pick("End value", "Вартість на кінець")
        }
    }

    func attributionTitle(_ portfolio: String) -> String {
        pick("\(portfolio): where the return came from", "\(portfolio): звідки взявся прибуток")
    }

    /// "In UAH · 1 Jan – 31 Dec 2017": the currency and the days a bridge covers.
    package func attributionSubtitle(_ base: AssetCode, _ days: DayRange) -> String {
        inCurrency(base).capitalisedFirst + " · " + range(days.from, days.to)
    }

    /// Under the tile of dividends and interest less account fees: every fee the since-inception bridge
    /// counts, trades' and transfers' included ("Fees since inception: −₴2,065").
    package func feesSinceInception(_ amount: String) -> String {
        pick("Fees since inception: \(amount)", "Комісії з початку: \(amount)")
    }

    /// A column's title in the report's table of contributions.
    func contributionColumn(_ column: ContributionTable.Column) -> String {
        switch column {
        case .asset: self[.asset]
        case .priceEffect: bridgeLine(.priceEffect)
        case .currencyEffect: bridgeLine(.currencyEffect)
        case .income: self[.income]
        case .fees: self[.fees]
        case .total: self[.total]
        case .twrContribution: pick("Share of TWR", "Внесок у TWR")
        }
    }

    /// The row of the holdings a table of the largest leaves out, with how many there are.
    package func otherHoldings(_ count: Int) -> String { pick("Other (\(count))", "Інші (\(count))") }
}
