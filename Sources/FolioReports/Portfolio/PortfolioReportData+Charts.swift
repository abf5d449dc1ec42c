import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

extension PortfolioReportData {
    public var chartData: [String: Set<ChartKind>] { charts.names }
    /// The as-of day's holding back first (it moves every figure), then what the charts left out.
    public var warnings: [String] {
        let asOf = input.asOfSetBy.map { s in
            "as of \(s.lastQuote.iso): the last day \(s.assets.map(\.rawValue).joined(separator: ", ")) can be valued in \(s.base); "
                + "the other holdings are quoted to \(s.othersTo.iso) (--as-of names another day)"
        }
        return [asOf].compactMap { $0 } + charts.warnings.all
    }

    /// Every chart of the report comes from its dataset (FolioDatasets), as `folio chart` draws it.
    public func chart(
        _ kind: ChartKind,
        data: String,
        parameters: [String: String],
        frame: ChartFrame
    ) throws -> ChartContent {
        try charts.content(kind, data: data, parameters: parameters, frame: frame)
    }
}

extension DateText {
    /// "Mar 2024" / "берез. 2024": a month in a table cell.
    static func monthYear(_ day: Day, locale: ChartLocale) -> String {
        locale.monthAbbreviations[day.month - 1] + "\u{00A0}" + String(day.year)
    }
}
