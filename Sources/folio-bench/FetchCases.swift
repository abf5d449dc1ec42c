import FolioCore
import FolioNet
import FolioSources
import FolioStore
import Foundation

/// Fetching and storing a 5-year NBU period for USD, EUR and PLN (three requests, 5,478 rates) from
/// the fake sources server on 127.0.0.1 (Tests/Support/fake_sources.py, started once, untimed), into
/// a new database each run: HTTP through libcurl, parsing, validation and the one-transaction store.
func fetchCases() -> [BenchCase] {
    [
        BenchCase(name: "fetch nbu 5y x 3 currencies") { context in
            let server = try FakeSourcesServer(data: context.dataDirectory)
            context.atExit.add { server.stop() }
            let client = try HTTPClient()
            let (from, to) = (Day(iso: "2017-01-01")!, Day(iso: "2021-12-31")!)
            var run = 0
            return {
                run += 1
                let path = context.scratchDirectory.appendingPathComponent("fetch-\(run).sqlite").path
                defer {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                }
                let store = try Store(path: path, access: .create)
                let plan = NBUSource(baseURL: server.baseURL).plan(
                    currencies: ["USD", "EUR", "PLN"],
                    from: from,
                    to: to
                )
                let data = try plan.run(with: client)
                let stored = try store.recordFetch(source: plan.source, request: "bench", at: Date(), data: data)
                guard stored.inserted == 1826 * 3 else {
                    throw BenchError("stored \(stored.inserted) rates, expected \(1826 * 3)")
                }
                return databaseBytes(path)
            }
        }
    ]
}

/// The test suite's fake quote sources, run by python3 from the project root.
private final class FakeSourcesServer {
    let process = Process()
    let baseURL: String

    init(data: URL) throws {
        let script = URL(fileURLWithPath: "Tests/Support/fake_sources.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw BenchError("run folio-bench from the project root: \(script.path) is not here")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, data.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = Pipe()
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw BenchError("the fake sources server did not start")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
