import Foundation
import FolioAnalytics
import FolioCharts
import FolioDatasets
import FolioCore

extension PortfolioReportData: ReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": input.portfolio.name, "base": base.rawValue, "title": strings[.portfolioReport],
        ]) { $1 }
    }

    public func condition(_ name: String) -> Bool? {
        switch name {
        case "negative-balances": !diagnostics.isEmpty
        case "holdings": !held.isEmpty
        default: nil
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        var signed = money
        signed.explicitPlus = true
        func changeTile(_ key: StringKey, since day: Day) -> KPITile {
            guard let c = change(since: day) else { return KPITile(label: strings[key], value: "—") }
            return KPITile(label: strings[key], value: signedMoney(c.amount, signed),
                           detail: c.fraction.map { percent.string($0) } ?? "",
                           tone: c.amount > 0 ? .up : c.amount < 0 ? .down : .neutral)
        }
        let asOf = input.asOf
        switch kind {
        case .value: return KPITile(label: strings[.kpiValue], value: moneyText(series.total.last ?? nil))
        case .change1d: return changeTile(.kpiChange1d, since: asOf.advanced(by: -1))
        case .change7d: return changeTile(.kpiChange7d, since: asOf.advanced(by: -7))
        case .change30d: return changeTile(.kpiChange30d, since: asOf.advanced(by: -30))
        case .changeYTD: return changeTile(.kpiChangeYTD, since: Day(year: asOf.year - 1, month: 12, day: 31)!)
        case .realised: return KPITile(label: strings[.kpiRealised], value: moneyText(income.realised))
        case .unrealised: return KPITile(label: strings[.kpiUnrealised], value: moneyText(income.unrealised))
        case .netDeposits: return KPITile(label: strings[.kpiNetDeposits], value: moneyText(series.netDeposits.last ?? nil))
        case .income, .expenses, .balance, .marketCap, .volume24h, .btcDominance: return nil
        }
    }

    private func signedMoney(_ value: Double, _ format: NumberFormat) -> String {
        format.currency == nil ? format.string(value) + "\u{00A0}" + base.rawValue : format.string(value)
    }
}
