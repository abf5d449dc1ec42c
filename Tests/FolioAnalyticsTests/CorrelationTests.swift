import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Returns, correlation, rolling correlation, normalisation")
struct CorrelationTests {
    func returns(_ columns: [AssetCode: [Double?]]) -> DailyReturns {
        let assets = columns.keys.sorted()
        let n = columns.values.first!.count
        return DailyReturns(
            assets: assets,
            days: (0..<n).map { d("2024-01-01").advanced(by: $0) },
            returns: assets.map { columns[$0]! }
        )
    }

    @Test func simpleReturnsOnAlignedDates() throws {
        let r = DailyReturns(prices: [
            "A": [
                DatedValue(day: d("2024-01-01"), value: 100), DatedValue(day: d("2024-01-02"), value: 110),
                DatedValue(day: d("2024-01-03"), value: 99), DatedValue(day: d("2024-01-05"), value: 110),
            ],
            "B": [
                DatedValue(day: d("2024-01-03"), value: 55), DatedValue(day: d("2024-01-01"), value: 50),
                DatedValue(day: d("2024-01-02"), value: 50), DatedValue(day: d("2024-01-04"), value: 60),
                DatedValue(day: d("2024-01-05"), value: 66),
            ],
        ])
        #expect(r.assets == ["A", "B"])
        #expect(r.days.map(\.iso) == ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"])
        // A has no price on 01-04: neither the return on 01-04 nor the two-day one on 01-05 exists.
        #expect(r.returns[0].count == 4)
        #expect(close(r.returns[0][0], 0.1) && close(r.returns[0][1], -0.1))
        #expect(r.returns[0][2] == nil && r.returns[0][3] == nil)
        #expect(
            r.returns[1][0] == 0 && close(r.returns[1][1], 0.1) && close(r.returns[1][2], 60.0 / 55 - 1)
                && close(r.returns[1][3], 0.1)
        )
        #expect(try r.last(2).days.map(\.iso) == ["2024-01-04", "2024-01-05"])
        #expect(throws: AnalyticsError.invalidArgument(name: "window", value: "0", expected: "at least 1 day")) {
            try r.last(0)
        }
        let cut = try r.restricted(to: DayRange(from: d("2024-01-03"), to: d("2024-01-04")))
        #expect(cut.days.map(\.iso) == ["2024-01-03", "2024-01-04"])
        #expect(close(cut.returns[1][0], 0.1) && close(cut.returns[1][1], 60.0 / 55 - 1))
        #expect(throws: AnalyticsError.emptyRange(argument: "from/to")) {
            try r.restricted(to: DayRange(day: d("2025-01-01")))
        }
        #expect(throws: AnalyticsError.unknownAsset("C", argument: "asset")) { try r.returns(of: "C") }
        #expect(DailyReturns(prices: [:]).days.isEmpty)
        // On common days only (01-01, 01-02, 01-03, 01-05) A's 01-05 return spans the gap, as does B's.
        let common = DailyReturns(
            prices: [
                "A": [
                    DatedValue(day: d("2024-01-01"), value: 100), DatedValue(day: d("2024-01-03"), value: 99),
                    DatedValue(day: d("2024-01-05"), value: 110),
                ],
                "B": [
                    DatedValue(day: d("2024-01-01"), value: 50), DatedValue(day: d("2024-01-02"), value: 52),
                    DatedValue(day: d("2024-01-03"), value: 55),
                    DatedValue(day: d("2024-01-05"), value: 66),
                ],
            ],
            calendar: .common
        )
        #expect(common.days.map(\.iso) == ["2024-01-03", "2024-01-05"])
        #expect(close(common.returns[0][0], -0.01) && close(common.returns[0][1], 110.0 / 99 - 1))
        #expect(close(common.returns[1][0], 0.1) && close(common.returns[1][1], 0.2))
    }

    @Test func literalCorrelations() throws {
        let r = returns([
            "X": [1, 2, 3, 4, 5], "Y": [2, 4, 6, 8, 10], "Z": [5, 4, 3, 2, 1], "W": [2, 1, 4, 3, 5],
            "C": [0.1, 0.1, 0.1, 0.1, 0.1], "G": [1, 2, nil, 4, 5],
        ])
        let m = try CorrelationMatrix(r, minimumOverlap: 4)
        #expect(try m.correlation("X", "Y") == 1)
        #expect(try m.correlation("X", "Z") == -1)
        #expect(close(try m.correlation("X", "W"), 0.8))
        // A constant series has no correlation with anything, itself included.
        #expect(try m.correlation("X", "C") == nil)
        #expect(try m.correlation("C", "C") == nil)
        // Pairwise complete: G and W share four days (1, 2, 4, 5 / 2, 1, 3, 5).
        #expect(close(try m.correlation("G", "W"), 8 / (10 * 8.75).squareRoot()))
        #expect(m.overlap(m.assets.firstIndex(of: "G")!, m.assets.firstIndex(of: "W")!) == 4)
        #expect(try m.correlation("G", "G") == 1)
        let strict = try CorrelationMatrix(r, minimumOverlap: 5)
        #expect(try strict.correlation("G", "W") == nil)
        #expect(try strict.correlation("X", "W") != nil)
        #expect(throws: AnalyticsError.unknownAsset("Q", argument: "asset")) { try m.correlation("Q", "X") }
    }

    @Test func defaultMinimumOverlapIsTwenty() throws {
        let short = returns(["X": (0..<19).map { Double($0 % 5) }, "Y": (0..<19).map { Double($0 % 3) }])
        let m = try CorrelationMatrix(short)
        #expect(m.minimumOverlap == 20)
        #expect(m[0, 0] == nil && m[0, 1] == nil)
        let long = returns(["X": (0..<20).map { Double($0 % 5) }, "Y": (0..<20).map { Double($0 % 3) }])
        #expect(try CorrelationMatrix(long)[0, 1] != nil)
        #expect(throws: AnalyticsError.self) { try CorrelationMatrix(long, minimumOverlap: 1) }
    }

    @Test func matrixProperties() throws {
        var random = SplitMix64(seed: 3)
        var columns: [AssetCode: [Double?]] = [:]
        let market = (0..<120).map { _ in random.unit() - 0.5 }
        for a in 0..<25 {
            columns[AssetCode("A\(a)")] = (0..<120).map { i in
                // A third of the assets have holes, so both the complete and the pairwise paths run.
                if a % 3 == 0 && random.next(below: 6) == 0 { return nil }
                return 0.02 * (Double(a % 4) * market[i] + random.unit() - 0.5)
            }
        }
        let r = returns(columns)
        let m = try CorrelationMatrix(r)
        let n = m.assets.count
        for i in 0..<n {
            #expect(m[i, i] == 1)
            for j in 0..<n {
                let v = try #require(m[i, j])
                #expect(v == m[j, i])
                #expect(v >= -1 && v <= 1)
                // Fast (standardised dot product) and careful (two-pass pairwise) agree.
                let x = r.returns[i].map { $0 ?? .nan }
                let y = r.returns[j].map { $0 ?? .nan }
                let slow = x.withUnsafeBufferPointer { px in
                    y.withUnsafeBufferPointer { Pearson.pairwise(px, $0, minimumOverlap: 20).0 }
                }
                if i != j { #expect(close(v, slow!, 1e-12)) }
            }
        }
        let table = m.table
        #expect(table.columns.count == n + 1 && table.rows.count == n)
    }

    @Test func rollingCorrelation() throws {
        let r = returns(["X": [1, 2, 3, 4, 5, 6], "Y": [1, 2, 3, 3, 2, 1]])
        let rolling = try RollingCorrelation(r, first: "X", second: "Y", window: 3)
        #expect(rolling.minimumOverlap == 3)
        #expect(rolling.days == Array(r.days[2...]))
        #expect(rolling.values.count == 4)
        #expect(close(rolling.values[0], 1) && close(rolling.values[1], (3.0 / 4).squareRoot()))
        #expect(close(rolling.values[2], -(3.0 / 4).squareRoot()) && close(rolling.values[3], -1))
        let flat = try RollingCorrelation(
            returns(["X": [1, 2, 3, 4], "Y": [1, 1, 1, 2]]),
            first: "X",
            second: "Y",
            window: 3
        )
        #expect(flat.values[0] == nil && flat.values[1] != nil)
        #expect(throws: AnalyticsError.invalidArgument(name: "window", value: "1", expected: "at least 2 days")) {
            try RollingCorrelation(r, first: "X", second: "Y", window: 1)
        }
        #expect(throws: AnalyticsError.unknownAsset("Z", argument: "second asset")) {
            try RollingCorrelation(r, first: "X", second: "Z", window: 3)
        }
        #expect(try RollingCorrelation(r, first: "X", second: "Y", window: 10).values.isEmpty)
    }

    @Test func normalisation() {
        #expect(Normalisation.minMax.apply([2, 4, nil, 6]) == [0, 0.5, nil, 1])
        #expect(Normalisation.minMax.apply([3, 3, nil]) == [0.5, 0.5, nil])
        #expect(Normalisation.rebase.apply([50, 75, nil, 100]) == [100, 150, nil, 200])
        #expect(Normalisation.rebase.apply([nil, 4, 4]) == [nil, 100, 100])
        #expect(Normalisation.rebase.apply([0, 1, 2]) == [nil, nil, nil])
        #expect(Normalisation.minMax.apply([]) == [])
        #expect(Normalisation.minMax.apply([nil, nil]) == [nil, nil])
        let series = NormalisedSeries(
            prices: [
                "A": [DatedValue(day: d("2024-01-01"), value: 10), DatedValue(day: d("2024-01-02"), value: 20)],
                "B": [DatedValue(day: d("2024-01-02"), value: 5), DatedValue(day: d("2024-01-03"), value: 4)],
            ],
            method: .rebase
        )
        #expect(series.days.map(\.iso) == ["2024-01-01", "2024-01-02", "2024-01-03"])
        #expect(series.values == [[100, 200, nil], [nil, 100, 80]])
    }
}
