import FolioAnalytics
import FolioCharts
import FolioCore

/// `rolling-volatility`: a portfolio's volatility over a window sliding along its counted days, per year
/// (FolioAnalytics' `RollingRisk`), as QuantStats' tear sheet draws it: `--window` counted days, by
/// default half a year of them (126 trading days, or 183 days when it moves every day).
struct RollingVolatilityDataset: Dataset {
    static let name = "rolling-volatility"
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
        try input.rollingRiskChart(Self.name, window: window, frame: frame, title: .rollingVolatility, decimals: 1) {
            rolling in
            rolling.volatility.map { $0.map { $0 * 100 } }
        }
    }
}
