import FolioAnalytics
import FolioCharts
import FolioCore

/// `rolling-sharpe`: a portfolio's Sharpe ratio (risk-free 0, as the tear sheet draws it) over a window
/// sliding along its counted days (FolioAnalytics' `RollingRisk`), the window as `rolling-volatility`'s.
public struct RollingSharpeDataset: Dataset {
    public static let name = "rolling-sharpe"
    public static let kinds: [ChartKind] = [.line]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .window]

    let window: Int?

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        window = request.window
    }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        try input.rollingRiskChart(Self.name, window: window, frame: frame, title: .rollingSharpe, decimals: 2) { $0.sharpe }
    }
}
