import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Window statistics")
struct WindowStatsTests {
    /// Seven days of daily closes: from the close 7 days before the last (the base of the change, as
    /// CoinGecko's "7d"), then the seven after it; an older point does not count.
    @Test func sevenDailyPoints() throws {
        let values: [Double] = [10, 12, 9, 15, 15, 11, 13, 14]
        var points = values.enumerated().map { TimedValue(time: d("2024-06-01").advanced(by: $0).start, value: $1) }
        points.insert(TimedValue(time: d("2024-05-31").start, value: 100), at: 0)
        let stats = try #require(SevenDayWindow.stats(points.shuffled()).stats)
        #expect(stats.count == 8)
        #expect(stats.first == TimedValue(time: t("2024-06-01"), value: 10))
        #expect(stats.last == TimedValue(time: t("2024-06-08"), value: 14))
        #expect(stats.change == 4)
        #expect(stats.changePercent == 40)
        #expect(stats.min == TimedValue(time: t("2024-06-03"), value: 9))
        // 15 occurs twice: the earliest is the one marked.
        #expect(stats.max == TimedValue(time: t("2024-06-04"), value: 15))
        #expect(close(stats.average, 99.0 / 8))
    }

    /// A stock's closes: the base is the last close at or before 7 days back, across a weekend.
    @Test func theBaseIsTheLastPriceAtOrBeforeTheWindow() throws {
        // Fri 31 May … Fri 7 Jun 2024 trading days; the window ending Sun 9 Jun starts Sun 2 Jun: base Fri 31 May.
        let days = ["2024-05-30", "2024-05-31", "2024-06-03", "2024-06-04", "2024-06-05", "2024-06-06", "2024-06-07"]
        let points = days.enumerated().map { TimedValue(time: d($1).start, value: Double(100 + $0)) }
        let stats = try #require(SevenDayWindow.stats(points, endingAt: d("2024-06-09").end).stats)
        #expect(stats.first.time == t("2024-05-31") && stats.count == 6 && stats.change == 5)
    }

    @Test func hundredSixtyEightHourlyPoints() throws {
        let start = t("2024-12-25T00:00")
        var points: [TimedValue] = []
        for i in 0..<168 {
            let value: Double = 50 + Double(i % 24) - Double(i / 24)
            points.append(TimedValue(time: start.addingTimeInterval(Double(i) * 3600), value: value))
        }
        // The hour 7 × 24 hours before the last is the base; one before it does not count.
        points.insert(TimedValue(time: start.addingTimeInterval(-3600), value: 40), at: 0)
        points.insert(TimedValue(time: start.addingTimeInterval(-7200), value: 0), at: 0)
        let stats = try #require(SevenDayWindow.stats(points).stats)
        #expect(stats.count == 169)
        #expect(stats.first.value == 40 && stats.first.time == start.addingTimeInterval(-3600))
        #expect(stats.last == TimedValue(time: t("2024-12-31T23:00"), value: 67))
        #expect(stats.min == TimedValue(time: t("2024-12-24T23:00"), value: 40))
        #expect(stats.max == TimedValue(time: t("2024-12-25T23:00"), value: 73))
        #expect(close(stats.average, (58.5 * 168 + 40) / 169))
        #expect(close(stats.changePercent, 67.5))
    }

    @Test func tooLittleDataIsAnExplicitResult() {
        #expect(WindowStats.of([]) == .tooFewPoints(count: 0, required: 2))
        #expect(WindowStats.of([TimedValue(time: t("2024-01-01"), value: 5)]) == .tooFewPoints(count: 1, required: 2))
        #expect(SevenDayWindow.stats([]) == .tooFewPoints(count: 0, required: 2))
        let table = WindowStats.of([TimedValue(time: t("2024-01-01"), value: 5)]).table
        #expect(table.rows == [Array(repeating: nil, count: 11) + [.number(1)]])
    }

    @Test func constantAndZeroStart() throws {
        let flat = try #require(
            WindowStats.of([TimedValue(time: t("2024-01-01"), value: 2), TimedValue(time: t("2024-01-02"), value: 2)])
                .stats
        )
        #expect(flat.change == 0 && flat.changePercent == 0 && flat.min.value == 2 && flat.max.value == 2)
        let fromZero = try #require(
            WindowStats.of([TimedValue(time: t("2024-01-01"), value: 0), TimedValue(time: t("2024-01-02"), value: 3)])
                .stats
        )
        #expect(fromZero.change == 3)
        #expect(fromZero.changePercent == nil)
    }

    @Test func anyWindowLength() throws {
        let points = (0..<10).map { TimedValue(time: d("2024-01-01").advanced(by: $0).start, value: Double($0)) }
        let three = try #require(try WindowStats.of(points, windowLength: 3 * 86_400, endingAt: t("2024-01-10")).stats)
        // The base is the point at the window's start (7 Jan 00:00, exactly 3 days before 10 Jan 00:00).
        #expect(three.count == 4 && three.first.value == 6 && three.last.value == 9)
        #expect(throws: AnalyticsError.invalidArgument(name: "window", value: "0.0", expected: "a positive length")) {
            try WindowStats.of(points, windowLength: 0, endingAt: t("2024-01-10"))
        }
    }
}
