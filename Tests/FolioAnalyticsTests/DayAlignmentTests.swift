import FolioCore
import FolioTestSupport
import Testing

@testable import FolioAnalytics

/// DailyReturns lines assets up by merging sorted day arrays. These check it against the definition
/// written the plain way (a set of days, a dictionary from day to position) on series that do not line
/// up: gaps, holidays, weekends, different first and last days, duplicates, non-finite and zero prices,
/// any order.
@Suite struct DayAlignmentTests {
    /// The calendar is every day any asset lists (union) or every day each asset has a finite price
    /// (common); each asset's price on a day is the last finite one given for it.
    static func definition(_ prices: [AssetCode: [DatedValue]], _ kind: ReturnCalendar) -> DailyReturns {
        let assets = prices.keys.sorted()
        var days = Set(prices.values.flatMap { $0.map(\.day) })
        if kind == .common {
            for series in prices.values { days.formIntersection(series.filter { $0.value.isFinite }.map(\.day)) }
        }
        let calendar = days.sorted()
        let position = Dictionary(uniqueKeysWithValues: calendar.enumerated().map { ($1, $0) })
        let returns = assets.map { asset -> [Double?] in
            var column = [Double?](repeating: nil, count: calendar.count)
            for p in prices[asset]! where p.value.isFinite { if let i = position[p.day] { column[i] = p.value } }
            return (0..<max(0, calendar.count - 1)).map { i in
                guard let a = column[i], let b = column[i + 1], a > 0 else { return nil }
                return b / a - 1
            }
        }
        return DailyReturns(assets: assets, days: Array(calendar.dropFirst()), returns: returns)
    }

    static func unaligned(_ random: inout SplitMix64, trial: Int) -> [AssetCode: [DatedValue]] {
        var prices: [AssetCode: [DatedValue]] = [:]
        for a in 0..<1 + random.next(below: 5) {
            let start = random.next(below: 10)
            var series: [DatedValue] = []
            for i in start..<start + random.next(below: 60) {
                let day = d("2024-01-01").advanced(by: i)
                if a % 2 == 0 && day.weekday >= 6 { continue }  // a stock: no weekends
                if random.next(below: 6) == 0 { continue }  // a holiday or a missing quote
                let value: Double =
                    switch random.next(below: 40) {
                    case 0: .nan
                    case 1: .infinity
                    case 2: 0
                    default: 50 + 50 * random.unit()
                    }
                series.append(DatedValue(day: day, value: value))
                if random.next(below: 12) == 0 {
                    series.append(DatedValue(day: day, value: random.next(below: 4) == 0 ? .nan : 60))
                }
            }
            prices[AssetCode("A\(a)")] = trial % 3 == 0 ? random.shuffled(series) : series
        }
        return prices
    }

    @Test(arguments: ReturnCalendar.allCases) func sameAsTheDefinitionOnSeriesThatDoNotLineUp(_ kind: ReturnCalendar) {
        var random = SplitMix64(seed: 17)
        for trial in 0..<300 {
            let prices = Self.unaligned(&random, trial: trial)
            #expect(DailyReturns(prices: prices, calendar: kind) == Self.definition(prices, kind), "trial \(trial)")
        }
    }

    @Test func alignedSeriesGiveTheSameCalendarEitherWay() {
        var random = SplitMix64(seed: 5)
        let days = (0..<300).map { d("2024-01-01").advanced(by: $0) }.filter { $0.weekday <= 5 }
        let prices = Dictionary(
            uniqueKeysWithValues: ["X", "Y", "Z"].map { name in
                (AssetCode(name), days.map { DatedValue(day: $0, value: 100 + random.unit()) })
            }
        )
        let union = DailyReturns(prices: prices, calendar: .union)
        #expect(union == DailyReturns(prices: prices, calendar: .common))
        #expect(union == Self.definition(prices, .union))
        #expect(union.days == Array(days.dropFirst()))
        #expect(union.returns.allSatisfy { $0.allSatisfy { $0 != nil } })
    }
}
