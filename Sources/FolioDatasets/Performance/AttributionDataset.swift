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
        typealias Line = ContributionTable.Line
        // A holding that contributed nothing the table can show (every figure 0.00, as dust a sale left
        // or cash in the base currency) takes no row: the rows still add up to the total.
        func showsNothing(_ line: Line) -> Bool {
            ContributionTable.Column.allCases.allSatisfy { column in
                guard let figure = column.figure else { return true }
                let shownAsZero = column == .twrContribution ? 0.000_05 : 0.005
                return line[keyPath: figure].map { abs($0) < shownAsZero } ?? false
            }
        }
        // By value at the end (the lines' order is the holdings', `c.lines` ends with the total).
        let ranked = zip(c.rows, c.lines).filter { !showsNothing($0.1) }.sorted {
            ($0.0.end ?? -.infinity, $1.0.asset) > ($1.0.end ?? -.infinity, $0.0.asset)
        }.map(\.1)
        // "Other (1)" would hide a holding behind a row of the same size: then every one has its row.
        let limit = ranked.count == largest + 1 ? ranked.count : largest
        var lines = Array(ranked.prefix(limit))
        let rest = ranked.dropFirst(limit)
        if !rest.isEmpty {
            var others = Line(.others(count: rest.count))
            for figure in Line.figures {
                others[keyPath: figure] = rest.reduce(Optional(0.0)) { s, r in
                    s.flatMap { s in r[keyPath: figure].map { s + $0 } }
                }
            }
            lines.append(others)
        }
        var total = c.lines[c.lines.count - 1]
        Self.addingUp(&lines, &total)
        func cells(_ line: Line) -> [DataTable.Cell] {
            ContributionTable.Column.allCases.map { column in
                guard let figure = column.figure else {
                    switch line.name {
                    case .holding(let asset): return DataTable.Cell(asset.rawValue)
                    case .others(let count): return DataTable.Cell(strings.otherHoldings(count))
                    case .total: return DataTable.Cell(strings[.total])
                    }
                }
                let v = line[keyPath: figure]
                return DataTable.Cell(v.map(column == .twrContribution ? percent.string : money.string) ?? "—", sort: v)
            }
        }
        let hasIncome = c.rows.contains { ($0.income ?? 1) != 0 }
        let shown = lines.prefix(rest.isEmpty ? lines.count : lines.count - 1)
        return DataTable(
            columns: ContributionTable.Column.allCases.map {
                .init(key: $0.key, title: strings.contributionColumn($0), numeric: $0 != .asset)
            },
            rows: shown.map(cells),
            totals: lines.dropFirst(shown.count).map(cells) + [cells(total)],
            defaultColumns: ContributionTable.Column.allCases.filter { $0 != .income || hasIncome }.map(\.key),
            note: note
        )
    }

    /// The rows' and the total's figures (price, currency, income, fees, total, share of the TWR) rounded
    /// as the table prints them so that they add up as printed: across (the effects, income and fees to
    /// each row's total) and down (each column to the total row), and the shares down to the total's
    /// time-weighted return (`Apportionment`). Left as they are when a figure is missing.
    static func addingUp(_ lines: inout [ContributionTable.Line], _ total: inout ContributionTable.Line) {
        let parts: [WritableKeyPath<ContributionTable.Line, Double?>] = [
            \.priceEffect, \.currencyEffect, \.income, \.fees,
        ]
        let money = lines.map { line in parts.compactMap { line[keyPath: $0] } }
        if money.allSatisfy({ $0.count == parts.count }), (parts + [\.total]).allSatisfy({ total[keyPath: $0] != nil }),
            let t = Apportionment.table(money, decimals: 2)
        {
            for i in lines.indices {
                for (j, part) in parts.enumerated() { lines[i][keyPath: part] = t.cells[i][j] }
                lines[i].total = t.rows[i]
            }
            for (j, part) in parts.enumerated() { total[keyPath: part] = t.columns[j] }
            total.total = t.total
        }
        let shares = lines.compactMap { $0.twrContribution.map { $0 * 100 } }
        guard shares.count == lines.count, let whole = total.twrContribution,
            let rounded = Apportionment.rounded(
                shares,
                adjustable: shares.map { _ in true },
                addingUpTo: whole * 100,
                decimals: 2
            )
        else { return }
        for i in lines.indices { lines[i].twrContribution = rounded[i] / 100 }
    }
}
