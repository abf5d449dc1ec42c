import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioRender

/// A bad `folio chart` argument or a chart without data: one line that names the argument.
/// Thrown from `run()` rather than `validate()`, because ArgumentParser follows validation errors with
/// the usage text, and a script reading stderr wants the one line.
struct ChartError: Error, CustomStringConvertible {
    let description: String

    init(_ argument: String, _ message: String) { description = argument + ": " + message }
}

/// `folio chart`'s arguments, parsed and checked without touching the database or the output file.
struct ChartRequest {
    enum Grouping: Equatable { case allocation(AllocationGrouping), budgetCategory }

    let kind: ChartKind
    let out: URL
    let format: OutputFormat
    let width: Double
    let height: Double
    let scale: Double
    let theme: Theme
    let locale: ChartLocale
    let title: String?
    let portfolio: String?
    let assets: [AssetCode]
    let asOf: Day?
    let days: Int?
    let months: Int
    let currency: AssetCode?
    let grouping: Grouping
    let percent: Bool
    let normalisation: Normalisation

    init(_ c: ChartCommand) throws {
        guard let kind = ChartKind(rawValue: c.kind.lowercased()) else {
            throw ChartError("kind", "unknown chart kind \"\(c.kind)\", expected one of "
                + ChartKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.kind = kind
        out = URL(fileURLWithPath: c.out)
        guard let format = OutputFormat(rawValue: out.pathExtension.lowercased()) else {
            throw ChartError("--out", "unknown extension \"\(out.pathExtension)\" in \(c.out), expected .png, .pdf or .svg")
        }
        self.format = format
        (width, height) = try Self.size(c.size)
        guard c.scale.isFinite, c.scale >= 0.25, c.scale <= 8 else {
            throw ChartError("--scale", "\(c.scale) is out of range, expected 0.25 to 8 (2 for a 2x PNG)")
        }
        // Cairo keeps the whole raster in memory: 16384 pixels on a side (1 GB) is far past any real chart.
        guard format != .png || max(width, height) * c.scale <= 16_384 else {
            throw ChartError("--scale", "\(c.size) at scale \(c.scale) exceeds 16384 pixels on a side")
        }
        scale = c.scale
        guard let theme = Theme.named(c.theme.lowercased()) else {
            throw ChartError("--theme", "unknown theme \"\(c.theme)\", expected light or dark")
        }
        self.theme = theme
        guard let locale = ChartLocale(rawValue: c.locale.lowercased()) else {
            throw ChartError("--locale", "unknown locale \"\(c.locale)\", expected en or uk")
        }
        self.locale = locale
        title = c.title
        portfolio = c.portfolio
        assets = try c.assets.flatMap { $0.split(separator: ",") }.map { text in
            let code = text.trimmingCharacters(in: .whitespaces).uppercased()
            guard AssetCode.isValid(code) else { throw ChartError("--asset", "\"\(text)\" is not an asset code") }
            return AssetCode(code)
        }
        if let text = c.asOf {
            guard let day = Day(iso: text) else { throw ChartError("--as-of", "\"\(text)\" is not a day, expected YYYY-MM-DD") }
            asOf = day
        } else {
            asOf = nil
        }
        if let days = c.days, !(1...36_500).contains(days) {
            throw ChartError("--days", "\(days) is out of range, expected 1 to 36500")
        }
        days = c.days
        guard (1...1200).contains(c.months) else { throw ChartError("--months", "\(c.months) is out of range, expected 1 to 1200") }
        months = c.months
        if let text = c.currency {
            guard AssetCode.isValid(text.uppercased()) else { throw ChartError("--currency", "\"\(text)\" is not a currency code") }
            currency = AssetCode(text.uppercased())
        } else {
            currency = nil
        }
        switch c.by.lowercased() {
        case "category": grouping = .budgetCategory
        case let text:
            guard let g = AllocationGrouping(rawValue: text) else {
                throw ChartError("--by", "unknown grouping \"\(c.by)\", expected asset, kind, currency or category")
            }
            grouping = .allocation(g)
        }
        percent = c.percent
        switch c.method.lowercased() {
        case "rebased": normalisation = .rebase
        case "min-max", "minmax": normalisation = .minMax
        default: throw ChartError("--method", "unknown method \"\(c.method)\", expected rebased or min-max")
        }
        try checkKindNeeds()
    }

    /// `1200x675` (also with `×` or `X`); a chart smaller than 200×120 has no room for its title and axes.
    static func size(_ text: String) throws -> (Double, Double) {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ChartError("--size", "\"\(text)\" is not a size, expected WIDTHxHEIGHT such as 1200x675")
        }
        guard (200...10_000).contains(w), (120...10_000).contains(h) else {
            throw ChartError("--size", "\(text) is out of range, expected 200x120 to 10000x10000")
        }
        return (Double(w), Double(h))
    }

    /// The arguments each kind cannot do without, so that the error names the missing one.
    private func checkKindNeeds() throws {
        switch kind {
        case .line, .smallMultiples:
            if assets.isEmpty { throw ChartError("--asset", "line needs at least one asset, e.g. --asset AAPL") }
        case .compare:
            if assets.count < 2 { throw ChartError("--asset", "compare needs at least two assets, e.g. --asset AAPL MSFT") }
        case .correlation:
            if portfolio == nil && assets.count < 2 {
                throw ChartError("--portfolio", "correlation needs a portfolio or at least two --asset codes")
            }
        case .pie, .donut:
            if grouping != .budgetCategory && portfolio == nil {
                throw ChartError("--portfolio", "\(kind.rawValue) needs a portfolio (or --by category for the budget)")
            }
        case .bars, .hbars, .table:
            if portfolio == nil { throw ChartError("--portfolio", "\(kind.rawValue) needs a portfolio") }
        }
        if kind == .correlation, let days, days < 3 {
            throw ChartError("--days", "a correlation needs at least 3 days of prices, found \(days)")
        }
    }

    /// The chart's frame: canvas, theme, locale and texts (the user's title wins over the generated one).
    func frame(title generated: String, subtitle: String, footnote: String) -> ChartFrame {
        ChartFrame(width: width, height: height, theme: theme, locale: locale, title: title ?? generated,
                   subtitle: subtitle, footnote: footnote)
    }
}
