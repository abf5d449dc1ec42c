import Foundation
import Testing

@testable import FolioCore

/// The one rule of a number written for another program: the stored value to the 15 significant digits
/// a spreadsheet holds, in the shortest text that reads back as it.
@Suite struct DecimalTextTests {
    @Test func significantDropsTheNoiseOfArithmeticAndKeepsEveryDigitAPersonWrote() {
        #expect(DecimalText.significant(848.1999999999999) == 848.2)
        #expect(DecimalText.significant(0.1 + 0.2) == 0.3)
        #expect(DecimalText.significant(3 * 268.42666666666667) == 805.28)
        #expect(DecimalText.significant(-805.2799999999999) == -805.28)
        // Fifteen digits a person could write, a coin's fraction and a tiny fee stay as they are.
        #expect(DecimalText.significant(0.914905423663385) == 0.914905423663385)
        #expect(DecimalText.significant(1.681e-9) == 1.681e-9)
        #expect(DecimalText.significant(123_456_789.123456) == 123_456_789.123456)
        #expect(DecimalText.significant(0) == 0 && DecimalText.significant(.infinity) == .infinity)
    }

    @Test func exactIsTheShortestTextThatReadsBack() {
        #expect(DecimalText.exact(5) == "5" && DecimalText.exact(-0.0) == "0")
        #expect(DecimalText.exact(1236.3) == "1236.3" && DecimalText.exact(1e-9) == "1e-09")
        #expect(DecimalText.exact(848.1999999999999) == "848.1999999999999")
    }
}
