import Foundation
import Testing

@testable import FolioCharts

@Suite struct DailyGapsAndSeriesLimitTests {
    /// Daily closes of a stock: weekdays only, from Monday 2017-12-18.
    static func weekdays(skipping skipped: Set<Int> = []) -> [Double] {
        let monday = 1_513_555_200.0
        return (0..<21).filter { $0 % 7 < 5 && !skipped.contains($0) }.map { monday + Double($0) * 86_400 }
    }

    @Test func dailyDataJoinsAcrossAHolidayWeekendButNotAcrossAMissingWeek() {
        // Christmas: Friday 22 → Tuesday 26 December is four days without a close, and nothing is missing.
        #expect(LineGeometry.defaultMaxStep(Self.weekdays(skipping: [7])) >= 4 * 86_400)
        let times = Self.weekdays(skipping: [7, 8, 9, 10, 11])
        let maxStep = LineGeometry.defaultMaxStep(times)
        #expect(zip(times.dropFirst(), times).contains { $0 - $1 > maxStep })
        // Hourly data keeps three times its step: a missing day still breaks it.
        #expect(LineGeometry.defaultMaxStep((0..<48).map { Double($0) * 3600 }) == 3 * 3600)
    }

    @Test func barSeriesBeyondTheLimitAreSummedIntoOther() throws {
        let series = (1...10).map { BarSeries(name: "S\($0)", values: [Double($0), Double($0) * 2, .nan]) }
        let kept = BarSeries.keepingLargest(series, limit: 8, otherName: "Other")
        #expect(kept.map(\.name) == ["S10", "S9", "S8", "S7", "S6", "S5", "S4", "Other"])
        let other = try #require(kept.last)
        #expect(other.swatch == .other && kept.dropLast().allSatisfy { $0.swatch == nil })
        #expect(other.values[0] == 6.0)
        #expect(other.values[1] == 12.0)
        #expect(other.values[2].isNaN)
        #expect(BarSeries.keepingLargest(Array(series.prefix(3)), limit: 8, otherName: "Other").count == 3)
    }

    @Test func aSummedOtherBarIsNeutralNotOneMoreColour() {
        let series = [
            BarSeries(name: "AAPL", values: [3, 4]), BarSeries(name: "Other", values: [5, 6], swatch: .other),
        ]
        let scene = BarChart(frame: frame(), groups: ["Jan", "Feb"], series: series).scene(measurer: measurer)
        let fills = scene.paths.compactMap(\.fill)
        #expect(fills.filter { $0 == Theme.light.axis }.count >= 2, "both Other bars (and the legend key) are grey")
        #expect(fills.contains(Theme.light.seriesColor(0)))
        #expect(!fills.contains(Theme.light.seriesColor(1)))
        expectCleanLayout(scene, "bars with Other")
    }
}
