import Foundation
import Testing

@testable import FolioCore

/// Lines rounded so that they add up as written, each within a cent of its own rounding.
@Suite struct ApportionmentTests {
    @Test func aBridgeThatMissedByACentAddsUp() throws {
        // 0.004 + 0.004 + 0.004 = 0.012: each rounds to 0.00, the total to 0.01.
        let cents = try #require(
            Apportionment.rounded(
                [0.004, 0.004, 0.004],
                adjustable: [true, true, true],
                addingUpTo: 0.012,
                decimals: 2
            )
        )
        #expect(cents.reduce(0, +) == 0.01 && cents.filter { $0 == 0.01 }.count == 1)
    }

    @Test func onlyAdjustableLinesMoveLargestRemainderFirst() throws {
        let cents = try #require(
            Apportionment.rounded(
                [100.004, 2.006, 3.333],
                adjustable: [false, true, true],
                addingUpTo: 105.338,
                decimals: 2
            )
        )
        // 100.00 + 2.01 + 3.33 = 105.34 already: nothing moves.
        #expect(cents == [100.00, 2.01, 3.33])
        let down = try #require(
            Apportionment.rounded(
                [100.004, 2.006, 3.333],
                adjustable: [false, true, true],
                addingUpTo: 105.33,
                decimals: 2
            )
        )
        // One cent less: 2.006 was rounded up the most, so it gives it back.
        #expect(down == [100.00, 2.00, 3.33])
    }

    @Test func propertyEveryValueStaysWithinACentAndTheSumIsTheTotal() throws {
        var generator = SplitMix64(seed: 33)
        for _ in 0..<500 {
            let values = (0..<Int(3 + generator.next() % 7)).map { _ in
                (Double(generator.next() % 2_000_000_000) - 1e9) / 1_000
            }
            let total = values.reduce(0, +)
            let cents = try #require(
                Apportionment.rounded(values, adjustable: values.map { _ in true }, addingUpTo: total, decimals: 2)
            )
            let written = Double(DecimalDigits.plain(total, decimals: 2))!
            #expect(abs(cents.reduce(0, +) - written) < 1e-6)
            for (c, v) in zip(cents, values) { #expect(abs(c - v) < 0.0151) }
        }
    }

    /// A table by holding: its cells, its rows' totals and its columns' totals add up as written, across
    /// and down, every figure within a cent of its true value and the grand total its own rounding, over
    /// random tables of mixed signs (the contribution table's price, currency and fees columns).
    @Test(arguments: Array(UInt64(1)...200))
    func aTableAddsUpAcrossAndDown(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let rows = 1 + Int(random.next() % 12)
        let columns = 1 + Int(random.next() % 5)
        let values = (0..<rows).map { _ in
            (0..<columns).map { _ in uniform() < 0.2 ? 0 : (uniform() - 0.3) * pow(10, Double(random.next() % 6)) }
        }
        let t = try #require(Apportionment.table(values, decimals: 2))
        func cents(_ x: Double) -> Int { Int((x * 100).rounded()) }
        for i in 0..<rows {
            #expect(t.cells[i].map(cents).reduce(0, +) == cents(t.rows[i]), "seed \(seed) row \(i)")
            #expect(abs(t.rows[i] - values[i].reduce(0, +)) < 0.01 + 1e-9, "seed \(seed) row \(i)")
            for j in 0..<columns { #expect(abs(t.cells[i][j] - values[i][j]) < 0.01, "seed \(seed) (\(i), \(j))") }
        }
        for j in 0..<columns {
            #expect(t.cells.map { cents($0[j]) }.reduce(0, +) == cents(t.columns[j]), "seed \(seed) column \(j)")
            #expect(abs(t.columns[j] - values.map { $0[j] }.reduce(0, +)) < 0.01 + 1e-9, "seed \(seed) column \(j)")
        }
        #expect(t.rows.map(cents).reduce(0, +) == cents(t.total) && t.columns.map(cents).reduce(0, +) == cents(t.total))
        #expect(cents(t.total) == Int((values.flatMap { $0 }.reduce(0, +) * 100).rounded()), "seed \(seed)")
    }

    /// The row: 188,627.02 + 171,294.86 + 0.00 − 254.31 printed a total of 359,667.58.
    @Test func aRowPrintsTheSumOfItsCells() throws {
        let t = try #require(Apportionment.table([[188_627.0249, 171_294.8649, 0, -254.3149]], decimals: 2))
        #expect(t.cells[0].reduce(0, +).rounded(toPlaces: 2) == t.rows[0])
    }
}

extension Double {
    fileprivate func rounded(toPlaces n: Int) -> Double { (self * pow(10, Double(n))).rounded() / pow(10, Double(n)) }

    /// A figure a poisoned ledger makes (an infinity, NaN, 1e300) has no rounding to apportion: nil, not
    /// a trap converting it to Int (the portfolio report of a stored 1e308 deposit ended by SIGILL).
    @Test(arguments: [Double.infinity, -.infinity, .nan, 1e300, 9.1e13])
    func aValueNoDoubleCountsToTheCentIsNil(_ value: Double) {
        #expect(Apportionment.rounded([value, 1], adjustable: [true, true], addingUpTo: 2, decimals: 2) == nil)
        #expect(Apportionment.rounded([1, 1], adjustable: [true, true], addingUpTo: value, decimals: 2) == nil)
        #expect(Apportionment.table([[value, 1], [1, 1]], decimals: 2) == nil)
    }
}
