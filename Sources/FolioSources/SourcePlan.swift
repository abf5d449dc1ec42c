import FolioCore
import FolioNet
import Foundation

/// One HTTP request of a fetch and how to read its answer.
public struct SourceRequest {
    public var url: String
    public var headers: [String: String]
    public var parse: (Data) throws -> FetchedData

    public init(url: String, headers: [String: String] = [:], parse: @escaping (Data) throws -> FetchedData) {
        self.url = url
        self.headers = headers
        self.parse = parse
    }
}

/// Everything one `folio fetch SOURCE` asks a source, in order. Requests run one after another
/// (sources are polite-use APIs, not bulk ones); a later request may use what an earlier one parsed.
public struct SourcePlan {
    public var source: String
    public var requests: [SourceRequest]

    public init(source: String, requests: [SourceRequest]) {
        self.source = source
        self.requests = requests
    }

    /// Runs every request and merges what they return. Any failure fails the whole plan, so that a
    /// fetch stores all of its rows or none.
    public func run(with client: HTTPClient) throws -> FetchedData {
        var merged = FetchedData()
        for request in requests {
            let response: HTTPResponse
            do {
                response = try client.get(request.url, headers: request.headers)
            } catch let failure as HTTPFailure {
                throw SourceError(source: source, url: failure.url, reason: failure.reason + (failure.attempts > 1 ? " (after \(failure.attempts) attempts)" : ""))
            }
            let data: FetchedData
            do {
                data = try request.parse(response.body)
            } catch let error as SourceFormatError {
                throw SourceError(source: source, url: Redaction.url(request.url), reason: error.description)
            }
            merged.quotes += data.quotes
            merged.statistics += data.statistics
            merged.assetNames.merge(data.assetNames) { $1 }
            merged.assetKinds.merge(data.assetKinds) { $1 }
        }
        return merged
    }
}

/// A fetch that failed: the source, the URL (secrets removed) and why.
public struct SourceError: Error, CustomStringConvertible {
    public var source: String
    public var url: String
    public var reason: String
    public var description: String { "\(source): \(url): \(reason)" }
}

/// A response that arrived but is not what the source's API documents.
public struct SourceFormatError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Shared checks for JSON answers.
enum JSONBody {
    /// Parses JSON, naming what came instead (NBU's `[{ Wrong date format }]`, an HTML error page).
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SourceFormatError("expected JSON, found \(describe(data))")
        }
    }

    static func describe(_ data: Data) -> String {
        let text = String(decoding: data.prefix(60), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return "an empty body" }
        if text.lowercased().hasPrefix("<!doctype html") || text.lowercased().hasPrefix("<html") { return "an HTML page" }
        return "\"\(text)\(data.count > 60 ? "…" : "")\""
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: let d = n.doubleValue; return d.isFinite ? d : nil
        case let s as String: return Double(s.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    static func positive(_ value: Any?, _ path: String) throws -> Double {
        guard let n = number(value), n > 0 else {
            throw SourceFormatError("\(path): found \(value.map { "\($0)" } ?? "nothing"), expected a number above zero")
        }
        return n
    }
}

/// A base URL from the environment or the configuration, with the provider's path appended.
enum Endpoint {
    static func join(_ base: String, _ path: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }
}
