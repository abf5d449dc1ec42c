import FolioAnalytics
import FolioCharts
import FolioCore

/// `rolling-volatility`: a portfolio's volatility over a window sliding along its counted days, per year
/// (FolioAnalytics' `RollingRisk`), as QuantStats' tear sheet draws it: `--window` counted days, by
/// default half a year of them (126 trading days, or 183 days when it moves every day).
public struct RollingVolatilityDataset: Dataset {
    public static let name = "rolling-volatility"
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
        try input.rollingRiskChart(Self.name, window: window, frame: frame, title: .rollingVolatility, decimals: 1) { rolling in
            rolling.volatility.map { $0.map { $0 * 100 } }
        }
    }
}
