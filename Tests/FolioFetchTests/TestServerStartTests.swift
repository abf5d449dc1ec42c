import FolioTestSupport
import Foundation
import Testing

/// A test server that cannot start says why in the failing test's message: the missing file or the
/// missing script, not a guess at what might be absent.
@Suite struct TestServerStartTests {
    @Test func missingSamplesAreNamed() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-samples-\(UUID().uuidString)")
        #expect {
            _ = try PythonServer(script: "fake_sources.py", arguments: [missing.path])
        } throws: { error in
            "\(error)"
                == "fake_sources.py did not start: fake_sources.py: \(missing.path)/nbu/raw: no such file or directory"
        }
    }

    @Test func aMissingScriptIsNamedByPython() throws {
        #expect {
            _ = try PythonServer(script: "no_such_server.py", arguments: [])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("no_such_server.py did not start: ")
                && text.contains("Tests/Support/no_such_server.py") && text.contains("No such file or directory")
        }
    }
}
