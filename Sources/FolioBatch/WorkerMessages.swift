import Foundation

/// What the supervisor and a worker say to each other, one JSON line at a time: the supervisor sends
/// the `WorkerContext`, then one portfolio name (a JSON string, since a name may hold any character) at a
/// time; the worker answers the context with `ready` or `fatal`, and each name with its `outcome`.
/// A worker gets its next portfolio only once it has answered the last, so the supervisor always knows
/// which portfolio a worker that died was rendering.
enum WorkerAnswer: Codable {
    case ready
    /// The worker cannot render anything (no fonts, the database unreadable, the jobs file changed).
    case fatal(String)
    case outcome(PortfolioOutcome)
}

/// What every worker of a run must agree on, worked out once by the supervisor. A worker reads the jobs
/// file and the report definition itself and checks, through `jobsDigest`, that they are still the ones
/// the run began with.
struct WorkerContext: Codable {
    var jobsDigest: String
    var sharedDigest: String?
    /// Folder names of portfolios whose sanitised names collide (`OutputPath.collisionComponents`).
    var componentOverrides: [String: String]
    var force: Bool
    /// Whether each worker reads every quote once into a price book (`SharedPriceCache`), which its
    /// portfolios then cut their share from: worth it when a worker renders several portfolios.
    var sharesPrices: Bool
}

enum WorkerLine {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value here is a plain struct of strings, numbers and arrays: encoding cannot fail.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ line: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(line.utf8))
    }
}
