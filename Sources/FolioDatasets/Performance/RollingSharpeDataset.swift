import FolioAnalytics
import FolioCharts
import FolioCore

/// `rolling-sharpe`: a portfolio's Sharpe ratio (risk-free 0, as the tear sheet draws it) over a window
/// sliding along its counted days (FolioAnalytics' `RollingRisk`), the window as `rolling-volatility`'s.
struct RollingSharpeDataset: Dataset {
    static let name = "rolling-sharpe"
    static let kinds: [ChartKind] = [.line]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .window]

    let window: Int?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        window = request.window
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        try input.rollingRiskChart(Self.name, window: window, frame: frame, title: .rollingSharpe, decimals: 2) {
            $0.sharpe
        }
    }
}
