import Foundation

/// Which of the theme's colours a series or a slice is drawn in when its data decides, not its position
/// in one chart: one asset keeps one colour in every chart of a report and in `folio chart`
/// (docs/chart-style.md), so FolioDatasets gives each asset its place once and the charts keep it.
public enum Swatch: Hashable, Sendable {
    /// A place in the theme's series palette (wrapping past its end).
    case palette(Int)
    /// The neutral grey of "Other": a sum of many must not look like one more series.
    case other
    /// Money paid in and taken out: one neutral pair everywhere (the palette belongs to assets).
    case deposits, withdrawals
    /// A portfolio's own total (its value, its growth, its bridge's start and end): near-black.
    case total
    /// An asset kind or class, by its rank: a sequential family of one hue, not an asset's colour.
    case kind(Int)
}

extension Theme {
    /// The colour of a series or slice: its swatch's, or without one, its position's in the chart.
    public func color(_ swatch: Swatch?, position: Int) -> Color {
        switch swatch {
        case .palette(let place)?: seriesColor(place)
        case .other?: axis
        case .deposits?: deposits
        case .withdrawals?: withdrawals
        case .total?: total
        case .kind(let rank)?: kinds[min(rank, kinds.count - 1)]
        case nil: seriesColor(position)
        }
    }
}
