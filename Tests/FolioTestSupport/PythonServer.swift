import Foundation

/// A test server written in Python (Tests/Support/*.py) on 127.0.0.1: started with its arguments, it
/// prints the port it listens on; it is killed when this value goes away and exits by itself when the
/// test process does (it reads stdin until the lifeline pipe closes).
public final class PythonServer {
    private let process = Process()
    private let lifeline = Pipe()
    public let port: Int

    public init(script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", TestPaths.projectRoot.appendingPathComponent("Tests/Support/\(script)").path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(process.processIdentifier, SIGKILL)
            throw DidNotStart(script: script)
        }
        self.port = port
    }

    deinit {
        // SIGKILL, not terminate(): a child started from a test thread may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    public struct DidNotStart: Error, CustomStringConvertible {
        public var script: String
        public var description: String {
            "\(script) did not start (is python3 there, and aiosmtpd for the SMTP server?)"
        }
    }
}
