import FolioYAML
import Testing

@testable import FolioReports

@Suite struct DefinitionLimitsTests {
    /// A report definition goes through the YAML limits (50 MB took 104 s and 697 MB, an alias nest 24 s).
    @Test func definitionsAreReadWithTheLimits() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1..<8 {
            lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let text = (lines + ["? *a7\n: boom"]).joined(separator: "\n") + "\n"
        #expect(
            throws: BoundedYAMLError.overLimit(
                file: "mine.yaml",
                line: 5,
                limit: "more than 100000 values once aliases are expanded"
            )
        ) {
            _ = try DefinitionParser(file: "mine.yaml").parse(text)
        }
    }
}
