import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking  // Data(contentsOf:) for http URLs
#endif

/// The fake quote sources (Tests/Support/fake_sources.py): a real HTTP server on 127.0.0.1, started
/// for one test and stopped when the value goes away.
public final class FakeSources {
    private let server: PythonServer
    public var port: Int { server.port }
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init() throws {
        server = try PythonServer(script: "fake_sources.py", arguments: [TestPaths.samples.path])
    }

    /// The environment pointing every provider at this server, optionally through a fault, and `folio`
    /// at `database` when one is given.
    public func environment(fault: String? = nil, database: String? = nil) -> [String: String] {
        let base = baseURL + (fault.map { "/fault/\($0)" } ?? "")
        var environment = [
            "FOLIO_NBU_URL": base, "FOLIO_COINGECKO_URL": base, "FOLIO_MONOBANK_URL": base,
            "FOLIO_PRIVATBANK_URL": base, "FOLIO_STOOQ_URL": base,
        ]
        environment["FOLIO_DB"] = database
        return environment
    }

    /// The requests served so far, in order: each one's path and the CoinGecko key header it carried.
    public func requests() throws -> [(path: String, key: String?)] {
        let data = try Data(contentsOf: URL(string: baseURL + "/_requests")!)
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return list.map { ($0["path"] as? String ?? "", $0["key"] as? String) }
    }
}
