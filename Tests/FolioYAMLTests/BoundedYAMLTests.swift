import Foundation
import Testing
import Yams

@testable import FolioYAML

#if canImport(Glibc)
import Glibc
#endif

/// YAML files are read with limits on size, nesting and nodes with aliases expanded, each checked before
/// the work it bounds.
@Suite struct BoundedYAMLTests {
    /// `levels` anchors, each a list of ten aliases of the one before: 10^levels values once expanded.
    static func aliasNest(levels: Int, use: String) -> String {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1..<levels {
            lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return (lines + [use.replacingOccurrences(of: "LAST", with: "*a\(levels - 1)")]).joined(separator: "\n") + "\n"
    }

    /// The events are counted first, before anything is composed.
    @Test(arguments: ["pages: [LAST]", "render: {x: LAST}"])
    func anAliasNestIsRefusedBeforeItExpands(_ use: String) throws {
        let text = Self.aliasNest(levels: 8, use: use)
        let started = Date()
        #expect(
            throws: BoundedYAMLError.overLimit(
                file: "evil.yaml",
                line: 5,
                limit: "more than 100000 values once aliases are expanded"
            )
        ) {
            _ = try BoundedYAML.compose(text, file: "evil.yaml")
        }
        #expect(Date().timeIntervalSince(started) < 1)
        let message =
            "\(BoundedYAMLError.overLimit(file: "evil.yaml", line: 5, limit: "more than 100000 values once aliases are expanded"))"
        #expect(message == "evil.yaml:5: more than 100000 values once aliases are expanded, the limit for a YAML file")
    }

    /// A key that is a list or a mapping trapped in Yams's constructor (SIGILL), and Yams hashes keys to
    /// find duplicates, so an alias nest used as a key expanded while composing (eight levels, 24 s).
    /// Every key Folio reads is a name: any other is refused from the events, naming its line.
    @Test(arguments: [
        ("? [a, b]\n: c\n", 1), ("x: 1\n? {a: 1}\n: c\n", 2), ("render: [{? [a]: b}]\n", 1),
        ("list: &l [a]\nmap:\n  *l : b\n", 3), (BoundedYAMLTests.aliasNest(levels: 3, use: "? LAST\n: boom"), 4),
        (BoundedYAMLTests.aliasNest(levels: 3, use: "render: {LAST: 1}"), 4),
    ])
    func aKeyThatIsNotTextIsRefused(_ text: String, line: Int) throws {
        let started = Date()
        #expect(throws: BoundedYAMLError.keyNotText(file: "m.yaml", line: line)) {
            _ = try BoundedYAML.compose(text, file: "m.yaml")
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(
            "\(BoundedYAMLError.keyNotText(file: "m.yaml", line: 2))"
                == "m.yaml:2: a key that is not text, expected a name"
        )
        // An alias of text is text.
        #expect(
            try BoundedYAML.compose("name: &n x\nother:\n  *n : y\n", file: "m.yaml")?["other"]?["x"]?.string == "y"
        )
    }

    @Test func aliasesWithinTheLimitAreComposedAsYamsDoes() throws {
        let text =
            "shared: &args [--by, kind]\nrender:\n  - {chart: pie, args: *args}\n  - {chart: donut, args: *args}\n"
        let node = try #require(try BoundedYAML.compose(text, file: "jobs.yaml"))
        #expect(node == (try Yams.compose(yaml: text)))
        #expect(node["render"]?[1]?["args"]?[1]?.string == "kind")
    }

    @Test func nestingDeeperThan64IsRefused() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
        }
        #expect(try BoundedYAML.compose(nested(64), file: "deep.yaml") != nil)
        #expect(
            throws: BoundedYAMLError.overLimit(file: "deep.yaml", line: 1, limit: "nested more than 64 levels deep")
        ) {
            _ = try BoundedYAML.compose(nested(65), file: "deep.yaml")
        }
        // An alias adds the depth of what it names.
        let viaAlias =
            "a: &deep \(nested(40))\nb: \(String(repeating: "[", count: 30))*deep\(String(repeating: "]", count: 30))\n"
        #expect(
            throws: BoundedYAMLError.overLimit(file: "deep.yaml", line: 2, limit: "nested more than 64 levels deep")
        ) {
            _ = try BoundedYAML.compose(viaAlias, file: "deep.yaml")
        }
    }

    @Test func aFileOver1MiBIsRefusedBeforeItIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.yaml")
        try Data(("notes: \"" + String(repeating: "x", count: BoundedYAML.maxBytes) + "\"\n").utf8).write(to: big)
        #expect(
            throws: BoundedYAMLError.overLimit(
                file: big.path,
                line: nil,
                limit: "\(BoundedYAML.maxBytes + 10) bytes, more than 1 MiB"
            )
        ) {
            _ = try BoundedYAML.compose(contentsOf: big)
        }
        // A device that never ends, or a FIFO nobody writes (which would be waited on for ever), is not
        // read at all: it is no file.
        #expect(throws: (any Error).self) { _ = try BoundedYAML.compose(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
        let fifo = directory.appendingPathComponent("fifo.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        do {
            _ = try BoundedYAML.compose(contentsOf: fifo)
            Issue.record("a FIFO was read")
        } catch {
            #expect(
                "\(error)"
                    == "\(fifo.path): cannot read the file (not a regular file (a FIFO or a device), expected a file)"
            )
        }
    }

    @Test func textThatIsNotUTF8OrNotYAMLIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cp1251 = directory.appendingPathComponent("cp1251.yaml")
        try Data(Array("name: x\ntitle: ".utf8) + [0xCF, 0xEE, 0xF0, 0xF2]).write(to: cp1251)
        #expect(
            throws: BoundedYAMLError.notUTF8(
                file: cp1251.path,
                line: 2,
                problem: "not UTF-8 (found byte 0xCF); convert with iconv -f CP1251 -t UTF-8"
            )
        ) {
            _ = try BoundedYAML.compose(contentsOf: cp1251)
        }
        #expect {
            _ = try BoundedYAML.compose("pages: [ {kind: ", file: "broken.yaml")
        } throws: { error in
            guard case .notYAML(let file, let line, _, let problem) = error as? BoundedYAMLError else { return false }
            return file == "broken.yaml" && line == 2 && !problem.contains("\n")
        }
        #expect {
            _ = try BoundedYAML.compose(contentsOf: directory.appendingPathComponent("none.yaml"))
        } throws: {
            "\($0)" == directory.appendingPathComponent("none.yaml").path
                + ": cannot read the file (no such file or directory)"
        }
    }

    /// Yams's messages quote the file: the line at fault, and for a duplicated key the whole file. A
    /// syntax error is named by line, column and libyaml's problem only, so a password never shows.
    @Test(arguments: [
        (
            "url: smtp://mail.test:587\nuser: bob\npassword: Sup3r: S3cretPW\n",
            "smtp.yaml:3:16: not YAML: mapping values are not allowed in this context"
        ),
        (
            "url: smtp://mail.test:587\npassword: Sup3rS3cretPW\nuser: bob\npassword: Sup3rS3cretPW\n",
            "smtp.yaml:2:1: not YAML: the key \"password\" appears twice in one mapping"
        ),
        (
            "password: \"Sup3rS3cretPW\n",
            "smtp.yaml:2:1: not YAML: found unexpected end of stream (while scanning a quoted scalar at 1:11)"
        ),
        (
            "password: [Sup3rS3cretPW\n",
            "smtp.yaml:2:1: not YAML: did not find expected ',' or ']' (while parsing a flow sequence at 1:11)"
        ),
    ])
    func aSyntaxErrorNamesTheLineAndColumnAndQuotesNothing(_ text: String, _ message: String) throws {
        #expect {
            _ = try BoundedYAML.compose(text, file: "smtp.yaml")
        } throws: { error in
            let shown = "\(error)"
            return shown == message && !shown.contains("S3cretPW")
        }
    }
}
