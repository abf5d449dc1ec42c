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
        let strings = input.strings
        let price = NumberFormat(locale: input.locale, style: .price(minimum: 2, significant: 4))
        let money = NumberFormat(locale: input.locale, style: .decimal(2))
        let percent = NumberFormat(locale: input.locale, style: .percent(2))
        let total = valuation.total
        // A share is of what is held — the positive holdings, as the donut draws them — so that an asset's
        // share is one figure in the table and on the chart (two decimals here, one there, as every table
        // and chart writes percentages); a negative balance is no share (—), and the
        // total row's 100 % holds only when none is below zero (it is the net value).
        let held = valuation.assets.compactMap(\.value).filter { $0 > 0 }.reduce(0, +)
        func share(_ value: Double?) -> DataTable.Cell {
            guard let value, value >= 0, total != nil, held > 0 else { return DataTable.Cell("—") }
            return DataTable.Cell(percent.string(value / held), sort: value / held)
        }
        let netIsHeld = !valuation.assets.contains { ($0.value ?? 0) < 0 }
        func number(_ value: Double?, _ format: NumberFormat) -> DataTable.Cell {
            DataTable.Cell(value.map(format.string) ?? "—", sort: value)
        }
        // A holding a table would print as 0 of it worth 0.00 (dust a sale left) is no holding to a reader.
        let rows = valuation.assets.filter {
            !Self.showsAsNothing($0.quantity, asset: input.market.asset($0.asset), value: $0.value)
        }
        .sorted { ($0.value ?? -.infinity, $1.asset) > ($1.value ?? -.infinity, $0.asset) }
        .map { item -> [DataTable.Cell] in
            let asset = input.market.asset(item.asset)
            return [
                DataTable.Cell(item.asset.rawValue),
                DataTable.Cell(strings.kind(asset?.kind ?? input.rates.preference.kind(of: item.asset))),
                number(item.quantity, Self.quantityFormat(item.quantity, asset: asset, locale: input.locale)),
                number(item.rate, price), number(item.value, money), share(item.value),
            ]
        }
        let totals = [
            [
                DataTable.Cell(strings[.total]), DataTable.Cell(""), DataTable.Cell(""), DataTable.Cell(""),
                number(total, money), netIsHeld ? share(total) : DataTable.Cell("—"),
            ]
        ]
        let table = DataTable(
            columns: [
                .init(key: "asset", title: strings[.asset], numeric: false),
                .init(key: "kind", title: strings[.kind], numeric: false),
                .init(key: "quantity", title: strings[.quantity], numeric: true),
                .init(key: "price", title: strings[.price] + ", " + strings.currency(base), numeric: true),
                .init(key: "value", title: strings[.value] + ", " + strings.currency(base), numeric: true),
                .init(key: "share", title: strings[.share], numeric: true),
            ],
            rows: rows,
            totals: rows.isEmpty ? [] : totals
        )
        return (table, valuation)
    }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let (table, valuation) = try table(input)
        guard !table.rows.isEmpty else {
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
