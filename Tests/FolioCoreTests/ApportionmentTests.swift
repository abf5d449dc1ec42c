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
}
