import Foundation

/// The fake quote sources (Tests/Support/fake_sources.py): a real HTTP server on 127.0.0.1, started
/// for one test and stopped when the value goes away.
final class FakeSources {
    let process = Process()
    /// The server exits when this pipe closes, so it never outlives the test process.
    private let lifeline = Pipe()
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    init() throws {
        let script = Paths.projectRoot.appendingPathComponent("Tests/Support/fake_sources.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, Paths.sharedData.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = lifeline
        try process.run()
        // The server prints its port once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw FakeSourcesError.didNotStart
        }
        self.port = port
    }

    deinit {
        // SIGKILL, not terminate(): a child started from a test thread may inherit a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The environment pointing every provider at this server, optionally through a fault.
    func environment(fault: String? = nil, database: String) -> [String: String] {
        let base = baseURL + (fault.map { "/fault/\($0)" } ?? "")
        return [
            "FOLIO_DB": database, "FOLIO_NBU_URL": base, "FOLIO_COINGECKO_URL": base, "FOLIO_MONOBANK_URL": base,
            "FOLIO_PRIVATBANK_URL": base, "FOLIO_STOOQ_URL": base,
        ]
    }

    enum FakeSourcesError: Error { case didNotStart }
}
