import Foundation
import FolioAnalytics
import FolioCharts
import FolioDatasets
import FolioCore

extension PortfolioReportData: ReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": input.portfolio.name, "base": strings.currency(base), "title": strings[.portfolioReport],
            "asOfNote": input.asOfSetBy.map(strings.asOfSetBy) ?? "",
            "flowsWindow": strings.monthRange(flowsWindow.from, flowsWindow.to),
        ]) { $1 }
    }

    public func condition(_ name: String) -> Bool? {
        switch name {
        case "negative-balances": !diagnostics.isEmpty
        case "holdings": !held.isEmpty
        case "as-of-set-by-quote": input.asOfSetBy != nil
        default: nil
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        var signed = money
        signed.explicitPlus = true
        // A change tile: the gain in money and the time-weighted return of the window's days (the figure the
        // performance table gives the same days), the days written under it.
        func changeTile(_ key: StringKey, since day: Day) -> KPITile {
            let days = strings.window(day.advanced(by: 1), input.asOf)
            guard let c = change(since: day) else { return KPITile(label: strings[key], value: "—", detail: days) }
            return KPITile(label: strings[key], value: signedMoney(c.amount, signed),
                           detail: (c.timeWeighted.map { percent.string($0) + " · " } ?? "") + days,
                           tone: c.amount > 0 ? .up : c.amount < 0 ? .down : .neutral)
        }
        let asOf = input.asOf
        switch kind {
        case .value: return KPITile(label: strings[.kpiValue], value: moneyText(series.total.last ?? nil))
        case .change1d: return changeTile(.kpiChange1d, since: asOf.advanced(by: -1))
        case .change7d: return changeTile(.kpiChange7d, since: asOf.advanced(by: -7))
        case .change30d: return changeTile(.kpiChange30d, since: asOf.advanced(by: -30))
        case .change1m: return changeTile(.kpiChange1m, since: asOf.addingMonths(-1))
        case .changeYTD: return changeTile(.kpiChangeYTD, since: Day(year: asOf.year - 1, month: 12, day: 31)!)
        case .realised: return KPITile(label: strings[.kpiRealised], value: moneyText(income.realised))
        case .unrealised: return KPITile(label: strings[.kpiUnrealised], value: moneyText(income.unrealised))
        case .investmentIncome: return KPITile(label: strings[.kpiInvestmentIncome], value: moneyText(income.investmentIncome))
        // The ledger's total: realised + unrealised + dividends and interest less fees, which is value −
        // net deposits; the tiles beside it add up to it.
        case .gain: return KPITile(label: strings[.kpiGain], value: moneyText(income.total))
        case .netDeposits: return KPITile(label: strings[.kpiNetDeposits], value: moneyText(series.netDeposits.last ?? nil))
        case .income, .expenses, .balance, .marketCap, .volume24h, .btcDominance: return nil
        }
    }

    private func signedMoney(_ value: Double, _ format: NumberFormat) -> String {
        format.currency == nil ? format.string(value) + "\u{00A0}" + base.rawValue : format.string(value)
    }
}
