import FolioCore
import Foundation
import Testing

@Suite struct ISINTests {
    @Test(arguments: ["US0378331005", "IE00B3RBWM25", "NL0015002IE0", "DE000A3GK2N1", " gb0007188757 "])
    func realISINsAreRead(_ text: String) throws {
        #expect(try #require(ISIN(text)).rawValue == text.trimmingCharacters(in: .whitespaces).uppercased())
    }

    /// A typo in one character changes the check digit; the wrong shape is no ISIN at all.
    @Test(arguments: [
        "US0378331006", "US0378331050", "US037833100", "US03783310055", "1S0378331005", "US03783310-5", "",
    ])
    func mistypedOrMisshapenTextIsNot(_ text: String) {
        #expect(ISIN(text) == nil)
    }
}
