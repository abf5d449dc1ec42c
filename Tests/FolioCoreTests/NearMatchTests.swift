import Testing

@testable import FolioCore

struct NearMatchTests {
    @Test(arguments: [
        ("tabel", "table"), ("tabe", "table"), ("raport", "report"), ("demo uah", "Demo UAH"), ("t212", "T212"),
        ("imprt", "import"),
    ])
    func aTypoOrTheWrongCaseFindsTheName(_ typed: String, _ meant: String) {
        #expect(NearMatch.best(typed, among: ["import", "table", "report", "Demo UAH", "T212", "chart"]) == meant)
    }

    @Test(arguments: ["frobnicate", "Z", "xx", "charts and more"])
    func nothingCloseIsNothing(_ typed: String) {
        #expect(NearMatch.best(typed, among: ["import", "table", "report", "P", "chart"]) == nil)
    }

    @Test func theNearestWinsAndTiesGoToTheFirst() {
        #expect(NearMatch.best("chrt", among: ["card", "chart"]) == "chart")
        #expect(NearMatch.best("bat", among: ["bad", "bar"]) == "bad")
        #expect(NearMatch.distance(Array("ab"), Array("ba")) == 1)
    }
}
