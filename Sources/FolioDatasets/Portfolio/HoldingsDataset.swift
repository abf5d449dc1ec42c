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
        // A holding a table would print as 0 of it worth 0.00 (dust a sale left) is no holding to a reader.
        let items = valuation.assets.filter {
            !Self.showsAsNothing($0.quantity, asset: input.market.asset($0.asset), value: $0.value)
        }
        .sorted { ($0.value ?? -.infinity, $1.asset) > ($1.value ?? -.infinity, $0.asset) }
        // Values as printed add up to the total, and shares to 100 %: rounded together (`Apportionment`).
        let values = Self.valuesAddingUp(items.map(\.value), to: total) ?? items.map(\.value)
        // A share is of what is held — the positive holdings, as the donut draws them — so that an asset's
        // share is one figure in the table and on the chart (two decimals here, one there, as every table
        // and chart writes percentages). A negative balance is no share (—): when there is one, the held
        // holdings' subtotal is the 100 %, the negative ones follow it, and the total is the net value.
        let held = valuation.assets.compactMap(\.value).filter { $0 > 0 }.reduce(0, +)
        let positive = items.indices.filter { (items[$0].value ?? 0) > 0 }
        let shares: [Int: Double] =
            total == nil || held <= 0
            ? [:]
            : Dictionary(
                uniqueKeysWithValues: zip(
                    positive,
                    Apportionment.rounded(
                        positive.map { items[$0].value! / held * 100 },
                        adjustable: positive.map { _ in true },
                        addingUpTo: 100,
                        decimals: 2
                    ) ?? positive.map { items[$0].value! / held * 100 }
                )
            )
        func share(_ i: Int) -> DataTable.Cell {
            guard let s = shares[i] else { return DataTable.Cell("—") }
            return DataTable.Cell(percent.string(s / 100), sort: s / 100)
        }
        func number(_ value: Double?, _ format: NumberFormat) -> DataTable.Cell {
            DataTable.Cell(value.map(format.string) ?? "—", sort: value)
        }
        let cells = items.indices.map { i -> [DataTable.Cell] in
            let item = items[i]
            let asset = input.market.asset(item.asset)
            return [
                DataTable.Cell(item.asset.rawValue),
                DataTable.Cell(strings.kind(asset?.kind ?? input.rates.preference.kind(of: item.asset))),
                number(item.quantity, Self.quantityFormat(item.quantity, asset: asset, locale: input.locale)),
                number(item.rate, price), number(values[i], money), share(i),
            ]
        }
        let negative = items.indices.filter { (items[$0].value ?? 0) < 0 }
        let rows = items.indices.filter { !negative.contains($0) }.map { cells[$0] }
        func line(_ name: String, _ value: Double?, _ share: DataTable.Cell, bold: Bool = false) -> [DataTable.Cell] {
            [
                DataTable.Cell(name, bold: bold), DataTable.Cell(""), DataTable.Cell(""), DataTable.Cell(""),
                number(value, money), share,
            ]
        }
        let subtotal = positive.compactMap { values[$0] }.reduce(0, +)
        let totals =
            negative.isEmpty
            ? [
                line(
                    strings[.total],
                    total,
                    total == nil || held <= 0 ? DataTable.Cell("—") : DataTable.Cell(percent.string(1))
                )
            ]
            : [line(strings.heldAboveZero, subtotal, DataTable.Cell(percent.string(1)))] + negative.map { cells[$0] }
                + [line(strings[.total], total, DataTable.Cell("—"))]
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
            totals: items.isEmpty ? [] : totals
        )
        return (table, valuation)
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
