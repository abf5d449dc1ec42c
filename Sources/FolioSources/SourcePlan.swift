import FolioCore
import FolioNet
import Foundation

/// One HTTP request of a fetch and how to read its answer.
public struct SourceRequest {
    public var url: String
    public var headers: [String: String]
    /// Headers that carry secrets (an API key): sent only to the origin of `url`, never over plain
    /// http to another machine, and removed from every message.
    public var credentials: [String: String]
    public var parse: (Data) throws -> FetchedData

    public init(
        url: String,
        headers: [String: String] = [:],
        credentials: [String: String] = [:],
        parse: @escaping (Data) throws -> FetchedData
    ) {
        self.url = url
        self.headers = headers
        self.credentials = credentials
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

    /// The plan's secrets (its credentials and URL passwords), to be removed from whatever it prints or stores.
    public var redaction: Redaction {
        Redaction(secrets: requests.flatMap { HTTPClient.redaction(url: $0.url, credentials: $0.credentials).secrets })
    }

    /// Runs every request and merges what they return. Any failure fails the whole plan, so that a
    /// fetch stores all of its rows or none.
    public func run(with client: HTTPClient) throws -> FetchedData {
        let redaction = self.redaction
        var merger = FetchMerger()
        for request in requests {
            let shownURL = redaction.apply(Redaction.url(request.url))
            let response: HTTPResponse
            do {
                response = try client.get(request.url, headers: request.headers, credentials: request.credentials)
            } catch {
                guard let failure = error as? HTTPError else {
                    throw SourceError(source: source, url: shownURL, reason: redaction.apply("\(error)"))
                }
                let reason = failure.reason + (failure.attempts > 1 ? " (after \(failure.attempts) attempts)" : "")
                throw SourceError(source: source, url: shownURL, reason: redaction.apply(reason))
            }
            do {
                // A real answer never holds the request's key; one that does (an error page echoing
                // the request) is read with the key blanked, so no excerpt of it can show the key.
                try merger.add(
                    try request.parse(redaction.secrets.isEmpty ? response.body : redaction.redacting(response.body))
                )
            } catch {
                throw SourceError(source: source, url: shownURL, reason: redaction.apply("\(error)"))
            }
        }
        return merger.data
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

/// A base URL from the environment or the configuration, with the provider's path appended.
enum Endpoint {
    static func join(_ base: String, _ path: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }
}
