import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `attribution`: where a portfolio's value came from over a period (FolioAnalytics'
/// `ReturnAttribution`): the value bridge from the start value to the end value as a waterfall, and, for
/// report tables, each of the largest holdings' part of the gain and of the time-weighted return.
public struct AttributionDataset: Dataset {
    public static let name = "attribution"
    public static let kinds: [ChartKind] = [.waterfall]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .period]

    let period: AttributionPeriod

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        period = request.period ?? .trailing(.sinceInception)
    }

    public init(period: AttributionPeriod = .trailing(.sinceInception)) { self.period = period }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    /// The attribution of the portfolio's history up to the as-of day (one for every chart and table of
    /// an input), and the period's days.
    func attribution(
        _ input: DatasetInput
    ) throws -> (p: PortfolioInputs, attribution: ReturnAttribution, range: DayRange) {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let attribution = input.memo.value("attribution") {
            ReturnAttribution(
                history: history,
                replay: p.replay,
                trades: p.trades,
                cashTransactions: p.cashTransactions,
                rates: input.rates
            )
        }
        guard let inception = attribution.inception else {
            throw ArgumentError(
                "--as-of",
                "\"\(p.portfolio.name)\" has no day after its first activity up to \(input.asOf.iso)"
            )
        }
        do {
            return (
                p, attribution,
                try period.range(inception: inception, end: input.asOf, lateStart: attribution.lateStart)
            )
        } catch { throw ArgumentError(error) }
    }

    /// The period's value bridge, as the waterfall draws it.
    public func bridge(_ input: DatasetInput) throws -> ValueBridge {
        let (_, attribution, range) = try attribution(input)
        return attribution.bridge(over: range)
    }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let (p, attribution, range) = try attribution(input)
        let bridge = attribution.bridge(over: range)
        let base = p.portfolio.baseCurrency
        // A line of nothing (no dividends in a portfolio of growth stocks) draws nothing; the start and
        // the end are drawn whatever they are. Money paid in and taken out more than three times the gain
        // is one net-deposits bar (CHART-STYLE.md), so that +$1,204 and −$1,094 do not dwarf a +$199 gain.
        let gross = (bridge.deposits ?? 0) + (bridge.withdrawals ?? 0)
        let netted = bridge.gain.map { gross > 3 * abs($0) && bridge.deposits != 0 && bridge.withdrawals != 0 } ?? false
        var bars: [WaterfallChart.Bar] = []
        for line in bridge.gain == nil ? [] : bridge.lines {
            guard let amount = line.amount, line.line.isTotal || amount != 0 else { continue }
            switch line.line {
            case .deposits where netted:
                let net = (bridge.deposits ?? 0) - (bridge.withdrawals ?? 0)
                bars.append(WaterfallChart.Bar(label: input.strings[.kpiNetDeposits], value: net, kind: .transfer))
            case .withdrawals where netted: continue
            default:
                let kind: WaterfallChart.Bar.Kind =
                    line.line.isTotal ? .total : [.deposits, .withdrawals].contains(line.line) ? .transfer : .effect
                bars.append(WaterfallChart.Bar(label: input.strings.bridgeLine(line.line), value: amount, kind: kind))
            }
        }
        let chart = WaterfallChart(
            frame: frame,
            bars: bars,
            currency: Currency(code: base.rawValue),
            emptyNote: input.strings.ratesNotShown(bridge.missing)
        )
        return DatasetChart(
            chart: chart,
            title: input.strings.attributionTitle(p.portfolio.name),
            subtitle: input.strings.attributionSubtitle(base, range)
                + (lateStart(attribution, range).map { "\n" + input.strings.lateStart(range.from, $0) } ?? ""),
            footnote: input.footnote(valuing: attribution.holdings, in: base),
            warnings: bridge.missing.map { "no value bridge: " + $0.description }
        )
    }

    /// Why `range` starts later than it would have: it starts on the since-inception figures' first day,
    /// which is later than the first activity (a year, or since inception, of a portfolio whose value was
    /// below zero until then).
    func lateStart(_ attribution: ReturnAttribution, _ range: DayRange) -> ReturnSeries.LateStart? {
        guard range.from == attribution.inception, let why = attribution.lateStart else { return nil }
        switch period {
        case .trailing(let row): return row.startsAtInceptionWhenShorter ? why : nil
        case .year, .lastYear: return why
        }
    }

    /// The contribution of the `largest` holdings by value at the period's end (the rest in one row, so
    /// that the rows still add up to the total), in the base currency, with their shares of the
    /// time-weighted return; the income column only when there is income.
    public func contributionTable(_ input: DatasetInput, largest: Int = 10) throws -> DataTable {
        let (_, attribution, range) = try attribution(input)
        let c = attribution.contributions(over: range)
        let note = lateStart(attribution, range).map { input.strings.lateStart(range.from, $0) }
        let strings = input.strings
        let money = NumberFormat(locale: input.locale, style: .decimal(2))
        let percent = NumberFormat(locale: input.locale, style: .percent(2))
        func cells(_ name: String, _ figures: [Double?]) -> [DataTable.Cell] {
            [DataTable.Cell(name)]
                + figures.enumerated().map { k, v in
                    DataTable.Cell(v.map(k == figures.count - 1 ? percent.string : money.string) ?? "—", sort: v)
                }
        }
        /// Price, currency, income, fees (negative: a row adds across), total and the share of the
        /// time-weighted return.
        func figures(_ r: HoldingContribution) -> [Double?] {
            [r.price, r.currency, r.income, r.fees.map { -$0 }, r.total, r.timeWeighted]
        }
        // A holding that contributed nothing the table can show (every figure 0.00, as dust a sale left
        // or cash in the base currency) takes no row: the rows still add up to the total.
        func showsNothing(_ r: HoldingContribution) -> Bool {
            let f = figures(r)
            return f.dropLast().allSatisfy { $0.map { abs($0) < 0.005 } ?? false }
                && f.last.map { $0.map { abs($0) < 0.000_05 } ?? false } ?? false
        }
        let ranked = c.rows.filter { !showsNothing($0) }.sorted {
            ($0.end ?? -.infinity, $1.asset) > ($1.end ?? -.infinity, $0.asset)
        }
        // "Other (1)" would hide a holding behind a row of the same size: then every one has its row.
        let limit = ranked.count == largest + 1 ? ranked.count : largest
        let shown = ranked.prefix(limit)
        let rest = ranked.dropFirst(limit)
        var rows = shown.map(figures)
        if !rest.isEmpty {
            rows.append(
                (0..<6).map { k in
                    rest.reduce(Optional(0.0)) { s, r in s.flatMap { s in figures(r)[k].map { s + $0 } } }
                }
            )
        }
        var total = figures(c.total)
        Self.addingUp(&rows, &total)
        let names = shown.map(\.asset.rawValue) + (rest.isEmpty ? [] : [strings.otherHoldings(rest.count)])
        let totals =
            (rest.isEmpty ? [] : [cells(names[names.count - 1], rows[rows.count - 1])])
            + [cells(strings[.total], total)]
        let hasIncome = c.rows.contains { ($0.income ?? 1) != 0 }
        return DataTable(
            columns: [
                .init(key: "asset", title: strings[.asset], numeric: false),
                .init(key: "price-effect", title: strings.bridgeLine(.priceEffect), numeric: true),
                .init(key: "currency-effect", title: strings.bridgeLine(.currencyEffect), numeric: true),
                .init(key: "income", title: strings[.income], numeric: true),
                .init(key: "fees", title: strings[.fees], numeric: true),
                .init(key: "total", title: strings[.total], numeric: true),
                .init(key: "twr", title: strings.twrContribution, numeric: true),
            ],
            rows: zip(names, rows).prefix(shown.count).map { cells($0, $1) },
            totals: totals,
            defaultColumns: ["asset", "price-effect", "currency-effect"] + (hasIncome ? ["income"] : []) + [
                "fees", "total", "twr",
            ],
            note: note
        )
    }

    /// The rows' and the total's figures (price, currency, income, fees, total, share of the TWR) rounded
    /// as the table prints them so that they add up as printed: across (the effects, income and fees to
    /// each row's total) and down (each column to the total row), and the shares down to the total's
    /// time-weighted return (`Apportionment`). Left as they are when a figure is missing.
    static func addingUp(_ rows: inout [[Double?]], _ total: inout [Double?]) {
        let money = rows.map { $0.prefix(4).compactMap { $0 } }
        if money.allSatisfy({ $0.count == 4 }), total.prefix(5).allSatisfy({ $0 != nil }),
            let t = Apportionment.table(money, decimals: 2)
        {
            for i in rows.indices {
                for j in 0..<4 { rows[i][j] = t.cells[i][j] }
                rows[i][4] = t.rows[i]
            }
            for j in 0..<4 { total[j] = t.columns[j] }
            total[4] = t.total
        }
        let shares = rows.compactMap { $0[5].map { $0 * 100 } }
        guard shares.count == rows.count, let whole = total[5],
            let rounded = Apportionment.rounded(
                shares,
                adjustable: shares.map { _ in true },
                addingUpTo: whole * 100,
                decimals: 2
            )
        else { return }
        for i in rows.indices { rows[i][5] = rounded[i] / 100 }
    }
}
