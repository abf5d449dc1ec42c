import Foundation

/// Two or more series on one scale so that their shapes compare: each rescaled to [0, 1] between its own
/// minimum and maximum, or rebased to 100 at its first value. Drawn as a multi-series line chart with
/// the names at the line ends.
public struct CompareChart: Chart, Hashable {
    public enum Normalisation: Hashable, Sendable {
        /// (v − min) / (max − min); a flat series sits at 0.5.
        case minMax
        /// v / first × 100, the usual "growth of 100" comparison.
        case rebased
    }

    public var frame: ChartFrame
    public var series: [LineSeries]
    public var normalisation: Normalisation
    /// Rebased values on a log scale: a doubling is the same height from any start.
    public var logScale: Bool

    public init(
        frame: ChartFrame,
        series: [LineSeries],
        normalisation: Normalisation = .rebased,
        logScale: Bool = false
    ) {
        self.frame = frame
        self.series = series
        self.normalisation = normalisation
        self.logScale = logScale
    }

    /// The series as plotted.
    public var normalised: [LineSeries] {
        series.map { s in
            var out = s
            switch normalisation {
            case .minMax:
                guard let summary = SeriesSummary(s.values) else { return out }
                let span = summary.maximum - summary.minimum
                out.values = s.values.map { $0.isFinite ? (span > 0 ? ($0 - summary.minimum) / span : 0.5) : .nan }
            case .rebased:
                guard let base = s.values.first(where: \.isFinite), base != 0 else {
                    out.values = s.values.map { _ in .nan }
                    return out
                }
                out.values = s.values.map { $0.isFinite ? $0 / base * 100 : .nan }
            }
            return out
        }
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        LineChart(frame: frame, series: normalised, annotateWindow: false, logScale: logScale).scene(measurer: measurer)
    }
}
