import FolioCore
import Testing

@testable import FolioCharts

enum FolioCoreDay {
    static func make(_ y: Int, _ m: Int, _ d: Int) -> Day { Day(year: y, month: m, day: d) ?? Day(daysSinceEpoch: 0) }
}

@Suite struct ScaleTests {
    @Test func ticksAreExactDecimals() {
        let scale = LinearScale(dataMin: 0.1, dataMax: 0.34, range: (100, 0))
        #expect(scale.ticks.contains(0.3))
        for tick in scale.ticks {
            let label = NumberFormat(locale: .en, style: .decimal(scale.step.decimals)).string(tick)
            #expect(label.count <= 4, "tick \(tick) printed as \(label)")
            #expect(Double(label) == tick)
        }
        #expect(scale.lower <= 0.1 && scale.upper >= 0.34)
    }

    @Test(arguments: [
        (0.0, 1.0), (32.88, 35.36), (-5_000, 44_900), (0.000000001, 0.000000002), (1e6, 1.3e6), (-3, -1), (17, 17.004),
    ])
    func niceDomainsHaveFourToSevenTicks(lo: Double, hi: Double) {
        let scale = LinearScale(dataMin: lo, dataMax: hi, range: (0, 1))
        #expect((4...7).contains(scale.ticks.count), "\(scale.ticks)")
        #expect(scale.lower <= lo && scale.upper >= hi)
        #expect([1, 2, 5].contains(scale.step.mantissa))
        #expect(scale.ticks.first == scale.lower && scale.ticks.last == scale.upper)
    }

    @Test func flatAndZeroDomains() {
        let flat = LinearScale(dataMin: 35, dataMax: 35, range: (0, 1))
        #expect(flat.lower < 35 && flat.upper > 35)
        let zero = LinearScale(dataMin: 0, dataMax: 0, range: (0, 1))
        #expect(zero.lower < 0 || zero.upper > 0)
        let bars = LinearScale(dataMin: 3, dataMax: 9, range: (0, 1), includeZero: true)
        #expect(bars.lower == 0)
        let negative = LinearScale(dataMin: -9, dataMax: -3, range: (0, 1), includeZero: true)
        #expect(negative.upper == 0)
    }

    @Test func mapsLinearly() {
        let scale = LinearScale(dataMin: 0, dataMax: 10, range: (200, 0))
        #expect(scale(scale.lower) == 200)
        #expect(scale(scale.upper) == 0)
    }

    @Test func sevenHourlyDaysTickAtMidnight() {
        let start = FolioCoreDay.make(2024, 12, 25).start.timeIntervalSince1970
        let scale = TimeScale(start: start, end: start + 167 * 3600, range: (0, 1000), maxTicks: 8)
        #expect(scale.interval == .days(1))
        #expect(scale.ticks.count == 7)
        #expect(scale.ticks.allSatisfy { $0.truncatingRemainder(dividingBy: 86_400) == 0 })
        #expect(scale.label(scale.ticks[1], locale: .en) == "26\u{00A0}Dec")
    }

    @Test func oneDayTicksOnHours() {
        let start = FolioCoreDay.make(2024, 12, 25).start.timeIntervalSince1970 + 1800
        let scale = TimeScale(start: start, end: start + 23 * 3600, range: (0, 1000), maxTicks: 8)
        #expect(scale.interval == .hours(3) || scale.interval == .hours(6))
        #expect(scale.ticks.allSatisfy { $0.truncatingRemainder(dividingBy: 3 * 3600) == 0 })
        #expect(scale.label(scale.ticks[0], locale: .en).hasSuffix(":00"))
    }

    @Test func yearsTickOnMonthsAndYears() {
        let start = FolioCoreDay.make(2022, 1, 3).start.timeIntervalSince1970
        let end = FolioCoreDay.make(2024, 12, 31).start.timeIntervalSince1970
        let scale = TimeScale(start: start, end: end, range: (0, 1000), maxTicks: 8)
        #expect(scale.interval == .months(6) || scale.interval == .years(1))
        for t in scale.ticks {
            let day = Day(daysSinceEpoch: Int(t / 86_400))
            #expect(day.dayOfMonth == 1)
        }
        let months = TimeScale(start: start, end: start + 200 * 86_400, range: (0, 1000), maxTicks: 8)
        #expect(months.interval == .months(1))
        #expect(months.label(months.ticks[0], locale: .uk) == "лют. 2022")
    }

    @Test func bandsSplitTheRange() {
        let band = BandScale(count: 4, range: (0, 100), paddingInner: 0.2, paddingOuter: 0.1)
        #expect(abs(band.start(0) - band.step * 0.1) < 1e-9)
        #expect(abs(band.start(3) + band.bandwidth + band.step * 0.1 - 100) < 1e-9)
    }
}
