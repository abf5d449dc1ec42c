import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

extension PortfolioReportData: ChartReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": input.portfolio.name, "base": strings.currency(base), "title": strings[.portfolioReport],
            "asOfNote": input.asOfSetBy.map(strings.asOfSetBy) ?? "",
            "flowsWindow": strings.monthRange(flowsWindow.from, flowsWindow.to),
            "negativeBalances": negativeBalancesLine ?? "",
        ]) { $1 }
    }

    /// Page 1's and the daily mail's line on balances that went below zero, the first in its asset's digits.
    public var negativeBalancesLine: String? {
        strings.negativeBalances(diagnostics) { code in input.assets.first { $0.code == code }?.decimals ?? 2 }
    }

    /// The `when:` conditions of the portfolio report's definitions.
    public enum Condition: String, CaseIterable {
        case negativeBalances = "negative-balances"
        case holdings
        case asOfSetByQuote = "as-of-set-by-quote"
        case income
        case incomeEstimated = "income-estimated"
        case flowsInWindow = "flows-in-window"
        /// The portfolio has a target mix (`folio target set`): the section "Against target".
        case targets
    }

    public func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .negativeBalances: !diagnostics.isEmpty
        case .holdings: !held.isEmpty
        case .asOfSetByQuote: input.asOfSetBy != nil
        case .income: hasIncome
        case .incomeEstimated: !incomeProjection.projected.isEmpty
        case .flowsInWindow: !cashFlowsTable.rows.isEmpty
        case .targets: input.inputs.ledger.targets != nil
        }
    }

    /// Whether the tiles write compact figures: when the portfolio's value, net deposits or gain reach a
    /// million, every money tile does (₴6.19M, 6,19 млн ₴; ₴690.12K), so that the tiles a reader adds up
    /// are written alike; the tables beside give every figure to the cent.
    var compactTiles: Bool {
        [series.total.last ?? nil, series.netDeposits.last ?? nil, income.total].contains {
            ($0 ?? 0).magnitude >= 1_000_000
        }
    }

    /// A tile's money, compact with two decimals when `compactTiles`, else in full.
    func tileMoney(_ value: Double?, signed: Bool = false) -> String {
        guard let value else { return "—" }
        var format =
            compactTiles ? NumberFormat(locale: locale, style: .compact(decimals: 2), currency: money.currency) : money
        format.explicitPlus = signed
        return format.currency == nil ? format.string(value) + "\u{00A0}" + base.rawValue : format.string(value)
    }

    /// A money tile's amount in the base currency; nil for a tile that is not one amount.
    func amount(_ kind: KPIKind) -> Double? {
        switch kind {
        case .value: series.total.last ?? nil
        case .netDeposits: series.netDeposits.last ?? nil
        case .gain: income.total
        case .realised: income.realised
        case .unrealised: income.unrealised
        case .investmentIncome: income.investmentIncome
        default: nil
        }
    }

    /// Page 1's sums ("value = net deposits + gain", "realised + unrealised + dividends and interest =
    /// gain"), each figure rounded so that the row adds up as written: all in one unit (the millions of
    /// the largest of value, net deposits and gain, when it reaches a million; else to the kopeck), the
    /// value and the gain their own roundings (each is written twice on the page, the same both times),
    /// every other term moved by a unit of the last place at most where the roundings would miss
    /// (`Apportionment`): ₴1.16M + ₴3.34M + ₴0 = ₴4.50M, not ₴1.17M + ₴3.34M.
    public func sum(_ kinds: [KPIKind], _ operators: [KPIOperator]) -> [KPITile]? {
        let amounts = kinds.compactMap(amount)
        guard amounts.count == kinds.count, amounts.allSatisfy(\.isFinite), operators.count == kinds.count - 1 else {
            return nil
        }
        let total = operators.first == .equals ? 0 : kinds.count - 1
        // Each term's sign: the operator before it, + after the "=" or at the start.
        let terms = kinds.indices.filter { $0 != total }
        let signs = terms.map { $0 > 0 && operators[$0 - 1] == .minus ? -1.0 : 1.0 }
        let largest = [KPIKind.value, .netDeposits, .gain].compactMap(amount).map(\.magnitude).max() ?? 0
        let unit = largest >= 1_000_000 ? Int(log10(largest) / 3) - 1 : nil
        let scale = unit.map { u in (0...u).reduce(1.0) { r, _ in r * 1000 } } ?? 1
        guard
            let rounded = Apportionment.rounded(
                zip(terms, signs).map { amounts[$0] * $1 / scale },
                adjustable: terms.map { ![.value, .gain].contains(kinds[$0]) },
                addingUpTo: amounts[total] / scale,
                decimals: 2
            )
        else { return nil }
        var written = amounts
        for (k, i) in terms.enumerated() { written[i] = rounded[k] * signs[k] * scale }
        var format = money
        if let unit { format.style = .compactIn(unit: unit, decimals: 2) }
        return kinds.indices.compactMap { i in
            tile(kinds[i]).map { tile in
                var tile = tile
                tile.value =
                    format.currency == nil
                    ? format.string(written[i]) + "\u{00A0}" + base.rawValue : format.string(written[i])
                return tile
            }
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        // A change tile: the gain in money and the time-weighted return of the window's days (the figure the
        // performance table gives the same days), written under it as every chart writes a change: from
        // the close it is measured from to the last ("31 Jan – 7 Feb" for 7 days, as the 7-day panels); one
        // day's change is written as its day.
        func changeTile(_ key: StringKey, since day: Day) -> KPITile {
            let days = strings.window(day.advanced(by: 1) == input.asOf ? input.asOf : day, input.asOf)
            // A month of a portfolio younger than a month is no month: "—", as the table has no such row.
            let whole =
                key == .kpiChange1m
                ? (input.inputs.ledger.activity?.first).map { $0 <= day.advanced(by: 1) } ?? false : true
            guard whole, let c = change(since: day) else {
                return KPITile(label: strings[key], value: "—", detail: days)
            }
            return KPITile(
                label: strings[key],
                value: tileMoney(c.amount, signed: true),
                detail: (c.timeWeighted.map { percent.string($0) + " · " } ?? "") + days,
                tone: c.amount > 0 ? .up : c.amount < 0 ? .down : .neutral
            )
        }
        let asOf = input.asOf
        switch kind {
        case .value: return KPITile(label: strings[.kpiValue], value: tileMoney(series.total.last ?? nil))
        case .change1d: return changeTile(.kpiChange1d, since: asOf.advanced(by: -1))
        case .change7d: return changeTile(.kpiChange7d, since: asOf.advanced(by: -7))
        case .change30d: return changeTile(.kpiChange30d, since: asOf.advanced(by: -30))
        case .change1m: return changeTile(.kpiChange1m, since: asOf.addingMonths(-1))
        case .changeYTD: return changeTile(.kpiChangeYTD, since: Day(year: asOf.year - 1, month: 12, day: 31)!)
        case .realised: return KPITile(label: strings[.kpiRealised], value: tileMoney(income.realised))
        case .unrealised: return KPITile(label: strings[.kpiUnrealised], value: tileMoney(income.unrealised))
        case .investmentIncome:
            // Less the account's fees only: the fees of trades and transfers are in realised and unrealised,
            // and the since-inception bridge shows them all, which the tile says under its figure.
            let fees = (try? AttributionDataset().bridge(charts.input))?.fees
            return KPITile(
                label: strings[.kpiInvestmentIncome],
                value: tileMoney(income.investmentIncome),
                detail: fees.map { strings.feesSinceInception(tileMoney(-$0)) } ?? ""
            )
        // The ledger's total: realised + unrealised + dividends and interest less fees, which is value −
        // net deposits; the tiles beside it add up to it.
        case .gain: return KPITile(label: strings[.kpiGain], value: tileMoney(income.total))
        case .netDeposits:
            return KPITile(label: strings[.kpiNetDeposits], value: tileMoney(series.netDeposits.last ?? nil))
        case .income, .expenses, .balance, .marketCap, .volume24h, .btcDominance: return nil
        }
    }

}
