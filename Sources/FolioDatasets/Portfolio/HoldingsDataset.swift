import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

/// `holdings`: what a portfolio holds at the end of the as-of day — quantity, price and value in its base
/// currency (FolioAnalytics' `HoldingsValuation`) and share of what is held — largest first, with a total
/// row, so that the shares visibly add up to 100 % and the total is the portfolio's value. The one
/// holdings table: a report's table block and `folio chart table` show this.
public struct HoldingsDataset: Dataset {
    public static let name = "holdings"
    public static let kinds: [ChartKind] = [.table]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .currency]

    let currency: AssetCode?

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else {
            throw ArgumentError("--portfolio", "\(request.kind.rawValue) needs a portfolio")
        }
        currency = request.currency
    }

    public init(currency: AssetCode? = nil) { self.currency = currency }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { DayRange(day: asOf) }

    /// The table itself, for report blocks.
    public func table(_ input: DatasetInput) throws -> (table: DataTable, valuation: HoldingsValuation) {
        let p = try input.requirePortfolio(Self.name)
        let base = currency ?? p.portfolio.baseCurrency
        let valuation =
            currency == nil ? input.valuation(p) : input.rates.value(p.replay.holdings(at: input.asOf.end), in: base)
        let (rows, totals) = Self.lines(valuation, input)
        let strings = input.strings
        let price = NumberFormat(locale: input.locale, style: .price(minimum: 2, significant: 4))
        let money = NumberFormat(locale: input.locale, style: .decimal(2))
        let percent = NumberFormat(locale: input.locale, style: .percent(2))
        func number(_ value: Double?, _ format: NumberFormat) -> DataTable.Cell {
            DataTable.Cell(value.map(format.string) ?? "—", sort: value)
        }
        func cell(_ line: HoldingsTable.Line, _ column: HoldingsTable.Column) -> DataTable.Cell {
            switch (column, line.name) {
            case (.asset, .holding(let code)): DataTable.Cell(code.rawValue)
            case (.asset, .heldAboveZero): DataTable.Cell(strings.heldAboveZero)
            case (.asset, .total): DataTable.Cell(strings[.total])
            case (.kind, .holding(let code)):
                DataTable.Cell(strings.kind(input.market.asset(code)?.kind ?? input.rates.preference.kind(of: code)))
            case (.quantity, .holding(let code)):
                line.quantity.map {
                    number($0, Self.quantityFormat($0, asset: input.market.asset(code), locale: input.locale))
                } ?? DataTable.Cell("—")
            case (.rate, .holding): number(line.rate, price)
            // A sum has a value and a share, nothing in a holding's own columns.
            case (.kind, _), (.quantity, _), (.rate, _): DataTable.Cell("")
            case (.value, _): number(line.value, money)
            case (.share, _): line.share.map { DataTable.Cell(percent.string($0), sort: $0) } ?? DataTable.Cell("—")
            }
        }
        let table = DataTable(
            columns: HoldingsTable.Column.allCases.map {
                .init(key: $0.key, title: Self.title($0, base: base, strings), numeric: $0.isNumeric)
            },
            rows: rows.map { line in HoldingsTable.Column.allCases.map { cell(line, $0) } },
            totals: totals.map { line in HoldingsTable.Column.allCases.map { cell(line, $0) } }
        )
        return (table, valuation)
    }

    /// The report's lines: the holdings largest first, their values rounded together so that they add up
    /// to the total as printed, and their shares to 100 %; then the total, after the subtotal of the
    /// holdings above zero and the ones below it when there are any.
    static func lines(
        _ valuation: HoldingsValuation,
        _ input: DatasetInput
    ) -> (rows: [HoldingsTable.Line], totals: [HoldingsTable.Line]) {
        let total = valuation.total
        // A holding a table would print as 0 of it worth 0.00 (dust a sale left) is no holding to a reader.
        let items = valuation.assets.filter {
            !showsAsNothing($0.quantity, asset: input.market.asset($0.asset), value: $0.value)
        }
        .sorted { ($0.value ?? -.infinity, $1.asset) > ($1.value ?? -.infinity, $0.asset) }
        guard !items.isEmpty else { return ([], []) }
        // Values as printed add up to the total, and shares to 100 %: rounded together (`Apportionment`).
        var lines = items.map(HoldingsTable.Line.init)
        if let values = valuesAddingUp(items.map(\.value), to: total) {
            for i in lines.indices { lines[i].value = values[i] }
        }
        // A share is of what is held — the positive holdings, as the donut draws them — so that an asset's
        // share is one figure in the table and on the chart (two decimals here, one there, as every table
        // and chart writes percentages). A negative balance is no share (—): when there is one, the held
        // holdings' subtotal is the 100 %, the negative ones follow it, and the total is the net value.
        let held = valuation.assets.compactMap(\.value).filter { $0 > 0 }.reduce(0, +)
        let positive = items.indices.filter { (items[$0].value ?? 0) > 0 }
        let hasShares = total != nil && held > 0
        if hasShares {
            let exact = positive.map { items[$0].value! / held * 100 }
            let shares =
                Apportionment.rounded(exact, adjustable: exact.map { _ in true }, addingUpTo: 100, decimals: 2) ?? exact
            for (i, share) in zip(positive, shares) { lines[i].share = share / 100 }
        }
        let negative = items.indices.filter { (items[$0].value ?? 0) < 0 }
        let rows = lines.indices.filter { !negative.contains($0) }.map { lines[$0] }
        guard !negative.isEmpty else { return (rows, [.init(.total, value: total, share: hasShares ? 1 : nil)]) }
        let subtotal = positive.compactMap { lines[$0].value }.reduce(0, +)
        let aboveZero = HoldingsTable.Line(.heldAboveZero, value: subtotal, share: 1)
        return (rows, [aboveZero] + negative.map { lines[$0] } + [.init(.total, value: total)])
    }

    /// A column's title in the report; money's says its currency.
    static func title(_ column: HoldingsTable.Column, base: AssetCode, _ strings: Catalogue) -> String {
        switch column {
        case .asset: strings[.asset]
        case .kind: strings[.kind]
        case .quantity: strings[.quantity]
        case .rate: strings[.price] + ", " + strings.currency(base)
        case .value: strings[.value] + ", " + strings.currency(base)
        case .share: strings[.share]
        }
    }

    /// Values to the cent adding up to `total` as printed (`Apportionment`); nil when one is missing.
    /// The holdings table and the cost and income table print the same values so.
    public static func valuesAddingUp(_ values: [Double?], to total: Double?) -> [Double]? {
        let known = values.compactMap { $0 }
        guard known.count == values.count, let total else { return nil }
        return Apportionment.rounded(
            known,
            adjustable: known.map { abs($0) >= 0.005 },
            addingUpTo: total,
            decimals: 2
        )
    }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let (table, valuation) = try table(input)
        guard !table.totals.isEmpty else {
            throw ArgumentError("--as-of", "\"\(p.portfolio.name)\" held nothing at the end of \(input.asOf.iso)")
        }
        let base = currency ?? p.portfolio.baseCurrency
        return DatasetChart(
            chart: table.chart(frame: frame),
            title: input.strings.holdingsTitle(p.portfolio.name),
            subtitle: input.strings.valuedSubtitle(base, on: input.asOf),
            footnote: input.footnote(valuing: valuation.assets.map(\.asset), in: base),
            warnings: valuation.missing.map { "no value: " + $0.description }
        )
    }

    /// Whole shares print without decimals; fractions (coins, cash) with the asset's display decimals,
    /// trailing zeros and all, so that a column of one asset kind lines up.
    /// Whether a holding prints as nothing: its quantity rounds to 0 at the digits it is printed to and
    /// its value to 0.00 (nil, a value not known, is something).
    public static func showsAsNothing(_ quantity: Double, asset: Asset?, value: Double?) -> Bool {
        let digits = min(asset?.decimals ?? 2, 8)
        return abs(quantity) < 0.5 * pow(10, -Double(digits)) && value.map { abs($0) < 0.005 } == true
    }

    /// A quantity as every table prints it: whole without decimals (138), else to the asset's digits.
    public static func quantityFormat(_ quantity: Double, asset: Asset?, locale: ChartLocale) -> NumberFormat {
        let whole = quantity == quantity.rounded()
        return NumberFormat(locale: locale, style: .decimal(whole ? 0 : min(asset?.decimals ?? 2, 8)))
    }
}
