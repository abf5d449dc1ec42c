import CCurl
import FolioCore
import Foundation

/// Limits and retry rules for HTTP GETs. The defaults suit quote sources polled from cron.
public struct HTTPPolicy: Sendable {
    public var connectTimeout: Double = 10
    /// The whole transfer, including redirects.
    public var totalTimeout: Double = 30
    public var maxResponseBytes = 16 << 20
    public var maxRedirects = 5
    /// Attempts in all, the first included.
    public var maxAttempts = 4
    /// The first retry waits about this long, the next about twice as long, and so on (with jitter).
    public var baseBackoff: Double = 1
    public var maxBackoff: Double = 60
    /// A `Retry-After` longer than this is not waited for: the fetch fails and says so.
    public var maxRetryAfter: Double = 300

    public init() {}
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased; the last response's headers when there were redirects.
    public var headers: [String: String]
    public var body: Data
}

/// Why a GET failed after its retries, with the URL (keys removed) for the message.
public struct HTTPFailure: Error, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var attempts: Int
    public var status: Int?

    public var description: String {
        "\(url): \(reason)" + (attempts > 1 ? " (after \(attempts) attempts)" : "")
    }
}

/// HTTP GET through libcurl: timeouts, a response size limit, compressed responses, TLS verification
/// with the system CA bundle, proxies from the usual environment variables (libcurl reads
/// `http_proxy`, `https_proxy`, `no_proxy`), and bounded retries with exponential backoff and jitter
/// on timeouts, dropped connections, 429 and 5xx, honouring `Retry-After`.
public final class HTTPClient {
    public let policy: HTTPPolicy
    public let userAgent: String
    private let sleep: (Double) -> Void
    private let jitter: () -> Double

    /// `sleep` and `jitter` (a factor in 0.5…1) are injectable so that tests can check the waits.
    public init(
        policy: HTTPPolicy = HTTPPolicy(),
        userAgent: String = "Folio/\(FolioVersion.current) (portfolio reports; +https://github.com/folio)",
        sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
        jitter: @escaping () -> Double = { Double.random(in: 0.5...1) }
    ) {
        self.policy = policy
        self.userAgent = userAgent
        self.sleep = sleep
        self.jitter = jitter
    }

    /// GETs `url`, retrying transient failures. A 2xx answer is returned; anything else throws.
    public func get(_ url: String, headers: [String: String] = [:]) throws -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            let outcome = Result { try transfer(url, headers: headers) }
            let shown = Redaction.url(url)
            var wait: Double?
            var failure: HTTPFailure
            switch outcome {
            case let .success(response) where (200..<300).contains(response.status):
                return response
            case let .success(response):
                failure = HTTPFailure(url: shown, reason: "HTTP \(response.status)\(Self.excerpt(response.body))", attempts: attempt, status: response.status)
                if response.status == 429 || (500..<600).contains(response.status) {
                    wait = backoff(attempt)
                    if let retryAfter = RetryAfter.seconds(response.headers["retry-after"]) {
                        guard retryAfter <= policy.maxRetryAfter else {
                            failure.reason += "; the server asks to retry after \(Int(retryAfter)) s"
                            throw failure
                        }
                        wait = retryAfter
                    }
                }
            case let .failure(error as TransferError):
                failure = HTTPFailure(url: shown, reason: error.description, attempts: attempt, status: nil)
                switch error {
                case .timedOut, .transport: wait = backoff(attempt)
                case .setup, .tooLarge: wait = nil
                }
            case let .failure(error):
                throw HTTPFailure(url: shown, reason: "\(error)", attempts: attempt, status: nil)
            }
            guard let wait, attempt < policy.maxAttempts else { throw failure }
            sleep(wait)
        }
    }

    private func backoff(_ attempt: Int) -> Double {
        min(policy.maxBackoff, policy.baseBackoff * pow(2, Double(attempt - 1))) * jitter()
    }

    private static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(120), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "" : ": \(text)"
    }

    /// One transfer, no retries.
    private func transfer(_ url: String, headers: [String: String]) throws -> HTTPResponse {
        let curl = try CurlHandle()
        let sink = ResponseSink(limit: policy.maxResponseBytes)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        try curl.set(CURLOPT_URL, url)
        try curl.set(CURLOPT_USERAGENT, userAgent)
        try curl.set(CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
        try curl.set(CURLOPT_FOLLOWLOCATION, 1)
        try curl.set(CURLOPT_MAXREDIRS, policy.maxRedirects)
        try curl.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try curl.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, Int(policy.connectTimeout * 1000))
        try curl.set(CURLOPT_TIMEOUT_MS, Int(policy.totalTimeout * 1000))
        try curl.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(policy.maxResponseBytes))
        try curl.set(CURLOPT_NOSIGNAL, 1)  // timeouts without SIGALRM, safe in threads
        try curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        try curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        try curl.set(CURLOPT_HTTPHEADER, list: headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        try curl.set(CURLOPT_WRITEFUNCTION, callback: { data, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            return sink.append(data, size * count) ? size * count : 0
        })
        try curl.set(CURLOPT_WRITEDATA, pointer: context)
        try curl.set(CURLOPT_HEADERFUNCTION, callback: { data, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            sink.header(data, size * count)
            return size * count
        })
        try curl.set(CURLOPT_HEADERDATA, pointer: context)

        let code = curl.perform()
        if sink.overflowed || code == CURLE_FILESIZE_EXCEEDED { throw TransferError.tooLarge(limit: policy.maxResponseBytes) }
        if code == CURLE_OPERATION_TIMEDOUT { throw TransferError.timedOut(seconds: policy.totalTimeout) }
        guard code == CURLE_OK else {
            let message = code == CURLE_TOO_MANY_REDIRECTS
                ? "more than \(policy.maxRedirects) redirects (a redirect loop?)"
                : code == CURLE_PARTIAL_FILE ? "the response was cut off before its end" : CurlHandle.message(code)
            throw TransferError.transport(code: Int(code.rawValue), message: message)
        }
        return HTTPResponse(status: curl.info(CURLINFO_RESPONSE_CODE), headers: sink.headers, body: sink.body)
    }
}

/// Collects a response's body and headers inside libcurl's callbacks.
private final class ResponseSink {
    let limit: Int
    var body = Data()
    var headers: [String: String] = [:]
    var overflowed = false

    init(limit: Int) { self.limit = limit }

    func append(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Bool {
        guard body.count + count <= limit else { overflowed = true; return false }
        if let bytes, count > 0 { bytes.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) } }
        return true
    }

    func header(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) {
        guard let bytes, count > 0 else { return }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") { headers = [:]; return }  // a new response (after a redirect)
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
