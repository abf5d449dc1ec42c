import Foundation

/// Which of the theme's colours a series or a slice is drawn in when its data decides, not its position
/// in one chart: one asset keeps one colour in every chart of a report and in `folio chart`
/// (docs/chart-style.md), so FolioDatasets gives each asset its place once and the charts keep it.
public enum Swatch: Hashable, Sendable {
    /// A place in the theme's series palette (wrapping past its end).
    case palette(Int)
    /// The neutral grey of "Other": a sum of many must not look like one more series.
    case other
}

extension Theme {
    /// The colour of a series or slice: its swatch's, or without one, its position's in the chart.
    public func color(_ swatch: Swatch?, position: Int) -> Color {
        switch swatch {
        case .palette(let place)?: seriesColor(place)
        case .other?: axis
        case nil: seriesColor(position)
        }
    }
}
