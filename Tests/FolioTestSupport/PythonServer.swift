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
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
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
            process.waitUntilExit()
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw DidNotStart(script: script, stderr: said, status: process.terminationStatus)
        }
        self.port = port
        // Started: what the server says from now on goes where it went before, the test's stderr.
        err.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { FileHandle.standardError.write(data) }
        }
    }

    deinit {
        // SIGKILL, not terminate(): a child started from a test thread may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The server exited or closed its output before printing a port: the cause is the last line it
    /// wrote to stderr (a Python traceback ends with the exception, such as the missing file), else
    /// its exit status.
    public struct DidNotStart: Error, CustomStringConvertible {
        public var script: String
        public var stderr: String
        public var status: Int32
        public var description: String {
            let last = stderr.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }
            return "\(script) did not start: "
                + (last.map(String.init) ?? "it exited with status \(status), saying nothing")
        }
    }
}
