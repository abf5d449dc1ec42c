internal import CCurl
import FolioCore
import Foundation

/// Limits and retry rules for HTTP GETs. The defaults suit quote sources polled from cron.
public struct HTTPPolicy: Sendable {
    public var connectTimeout: Double = 10
    /// The whole transfer, including redirects.
    public var totalTimeout: Double = 30
    var maxResponseBytes = 16 << 20
    var maxRedirects = 5
    /// Attempts in all, the first included.
    public var maxAttempts = 4
    /// The first retry waits about this long, the next about twice as long, and so on (with jitter).
    var baseBackoff: Double = 1
    var maxBackoff: Double = 60
    /// A `Retry-After` longer than this is not waited for: the fetch fails and says so.
    var maxRetryAfter: Double = 300
    /// Credentials go over plain http only to this machine (`Loopback`) unless this is set.
    public var allowPlainCredentials = false

    public init() {}
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased; the last response's headers when there were redirects.
    public var headers: [String: String]
    public var body: Data
}

/// Why a GET failed after its retries, with the URL (keys removed) for the message.
public struct HTTPError: Error, CustomStringConvertible {
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
/// on timeouts, lost connections, 429 and 5xx, honouring `Retry-After`. What cannot succeed on a
/// second try (another 4xx, a refused certificate, a bad redirect) fails at once.
///
/// Redirects are followed here rather than by libcurl, which would send custom headers (an API key)
/// to wherever a redirect points: each hop must be http or https, there are at most `maxRedirects`,
/// and credentials go only to the origin (scheme, host, port) of the URL they were given with.
public final class HTTPClient {
    public let policy: HTTPPolicy
    let userAgent: String
    private let sleep: (Double) -> Void
    private let jitter: () -> Double
    private let libcurl: UnsafePointer<folio_curl>

    /// `sleep` and `jitter` (a factor in 0.5…1) are injectable so that tests can check the waits.
    /// Throws `LibCurlUnavailableError` when libcurl cannot be loaded.
    public init(
        policy: HTTPPolicy = HTTPPolicy(),
        userAgent: String = "Folio/\(FolioVersion.current) (portfolio reports; +https://github.com/folio)",
        sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
        jitter: @escaping () -> Double = { Double.random(in: 0.5...1) }
    ) throws {
        libcurl = try LibCurl.functions()
        self.policy = policy
        self.userAgent = userAgent
        self.sleep = sleep
        self.jitter = jitter
    }

    /// GETs `url`, retrying transient failures. A 2xx answer is returned; anything else throws, with
    /// every credential and URL password removed from the reason and control characters escaped.
    /// `headers` go with every request; `credentials` (headers too) only to the origin of `url`.
    public func get(
        _ url: String,
        headers: [String: String] = [:],
        credentials: [String: String] = [:]
    ) throws -> HTTPResponse {
        let redaction = Self.redaction(url: url, credentials: credentials)
        let shown = redaction.apply(Redaction.url(url))
        if let info = URLUserInfo(in: url), !info.isWellFormed {
            throw HTTPError(url: shown, reason: URLUserInfo.notEncodedProblem, attempts: 1, status: nil)
        }
        var attempt = 0
        while true {
            attempt += 1
            let outcome = Result { try follow(url, headers: headers, credentials: credentials) }
            var wait: Double?
            var failure: HTTPError
            switch outcome {
            case let .success(response) where (200..<300).contains(response.status):
                return response
            case let .success(response):
                let reason = redaction.apply(
                    "HTTP \(response.status)\(Self.excerpt(redaction.redacting(response.body)))"
                )
                failure = HTTPError(url: shown, reason: reason, attempts: attempt, status: response.status)
                if response.status == 429 || (500..<600).contains(response.status) {
                    wait = backoff(attempt)
                    if let retryAfter = RetryAfter.seconds(response.headers["retry-after"]) {
                        guard retryAfter <= policy.maxRetryAfter else {
                            failure.reason += "; the server asks to retry after \(RetryAfter.describe(retryAfter)) s"
                            throw failure
                        }
                        wait = retryAfter
                    }
                }
            case let .failure(error as TransferError):
                failure = HTTPError(
                    url: shown,
                    reason: redaction.apply(error.description),
                    attempts: attempt,
                    status: nil
                )
                wait = error.isTransient ? backoff(attempt) : nil
            case let .failure(error):
                throw HTTPError(url: shown, reason: redaction.apply("\(error)"), attempts: attempt, status: nil)
            }
            guard let wait, attempt < policy.maxAttempts else { throw failure }
            sleep(wait)
        }
    }

    /// The request's secrets: the credentials' values, and a URL's password alone and as the Basic
    /// authorization libcurl makes of it (a server that echoes request headers would show that).
    public static func redaction(url: String, credentials: [String: String]) -> Redaction {
        var secrets = Array(credentials.values)
        if let info = URLUserInfo(in: url), let password = info.password, !password.isEmpty {
            secrets += [password, info.decodedPassword ?? password]
            secrets.append(Data("\(info.decodedUser):\(info.decodedPassword ?? password)".utf8).base64EncodedString())
        }
        return Redaction(secrets: secrets)
    }

    private func backoff(_ attempt: Int) -> Double {
        min(policy.maxBackoff, policy.baseBackoff * pow(2, Double(attempt - 1))) * jitter()
    }

    private static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(120), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "" : ": \(text)"
    }

    /// One attempt: the request and the redirects it leads to, all within one total timeout.
    private func follow(_ url: String, headers: [String: String], credentials: [String: String]) throws -> HTTPResponse
    {
        let origin = Origin(url: url)
        let pin = credentials.isEmpty ? nil : try checkPlainCredentials(credentials.keys.sorted(), origin: origin)
        let deadline = DispatchTime.now().uptimeNanoseconds &+ Self.nanoseconds(policy.totalTimeout)
        var current = url
        var redirects = 0
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw TransferError.timedOut(seconds: policy.totalTimeout) }
            let toOrigin = origin != nil && Origin(url: current) == origin
            let sent = toOrigin ? headers.merging(credentials) { $1 } : headers
            let (response, location) = try transfer(
                current,
                headers: sent,
                pin: toOrigin ? pin : nil,
                timeout: Double(deadline - now) / 1e9
            )
            guard let location else { return response }
            redirects += 1
            guard redirects <= policy.maxRedirects else {
                throw TransferError.redirect("more than \(policy.maxRedirects) redirects (a redirect loop?)")
            }
            guard Origin(url: location) != nil else {
                let shown = Redaction.url(location.count > 100 ? String(location.prefix(100)) + "…" : location)
                throw TransferError.redirect("redirected to \(shown), which is not an http or https URL")
            }
            current = location
        }
    }

    /// A credential over plain http is readable by anyone on the way, so it is sent only to this
    /// machine (a test server, an SSH tunnel) unless the policy allows it. To this machine it goes
    /// straight to the addresses checked (`Loopback.Pin`): not through a proxy, not to a second answer
    /// of the resolver.
    private func checkPlainCredentials(_ names: [String], origin: Origin?) throws -> Loopback.Pin? {
        let named = names.joined(separator: ", ")
        guard let origin else {
            throw TransferError.refused("not an http or https URL with a host, so \(named) has no origin to go to")
        }
        guard origin.scheme == "http" else { return nil }
        if let addresses = Loopback.addresses(host: origin.host) {
            return Loopback.Pin(host: origin.host, port: origin.port, addresses: addresses)
        }
        guard policy.allowPlainCredentials else {
            throw TransferError.refused(
                "will not send \(named) over plain http to \(origin.host), which is not this machine: use https, or --insecure to allow it"
            )
        }
        return nil
    }

    private static func nanoseconds(_ seconds: Double) -> UInt64 {
        seconds > 0 ? UInt64(min(seconds, 86_400) * 1e9) : 0
    }

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// One request, no retries, no redirects followed: a redirect's target is returned beside the response.
    private func transfer(
        _ url: String,
        headers: [String: String],
        pin: Loopback.Pin?,
        timeout: Double
    ) throws -> (HTTPResponse, location: String?) {
        let curl = try CurlHandle(libcurl)
        let sink = ResponseSink(limit: policy.maxResponseBytes)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let timeoutMs = Int(Self.nanoseconds(timeout) / 1_000_000) + 1
        try curl.set(CURLOPT_URL, url)
        try curl.set(CURLOPT_USERAGENT, userAgent)
        try curl.set(CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
        try curl.set(CURLOPT_FOLLOWLOCATION, 0)
        try curl.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try curl.set(
            CURLOPT_CONNECTTIMEOUT_MS,
            min(timeoutMs, Int(Self.nanoseconds(policy.connectTimeout) / 1_000_000) + 1)
        )
        try curl.set(CURLOPT_TIMEOUT_MS, timeoutMs)
        try curl.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(policy.maxResponseBytes))
        try curl.set(CURLOPT_NOSIGNAL, 1)  // timeouts without SIGALRM, safe in threads
        try curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        try curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        try pin?.apply(to: curl)
        try curl.set(CURLOPT_HTTPHEADER, list: headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        try curl.set(
            CURLOPT_WRITEFUNCTION,
            callback: { data, size, count, context in
                let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
                return sink.append(data, size * count) ? size * count : 0
            }
        )
        try curl.set(CURLOPT_WRITEDATA, pointer: context)
        try curl.set(
            CURLOPT_HEADERFUNCTION,
            callback: { data, size, count, context in
                let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
                sink.header(data, size * count)
                return size * count
            }
        )
        try curl.set(CURLOPT_HEADERDATA, pointer: context)

        let code = curl.perform()
        if sink.overflowed || code == CURLE_FILESIZE_EXCEEDED {
            throw TransferError.tooLarge(limit: policy.maxResponseBytes)
        }
        if code == CURLE_OPERATION_TIMEDOUT { throw TransferError.timedOut(seconds: policy.totalTimeout) }
        guard code == CURLE_OK else {
            let message = code == CURLE_PARTIAL_FILE ? "the response was cut off before its end" : curl.message(code)
            throw TransferError.transport(code: Int(code.rawValue), message: message)
        }
        let status = curl.info(CURLINFO_RESPONSE_CODE)
        let location = Self.redirectStatuses.contains(status) ? curl.string(CURLINFO_REDIRECT_URL) : nil
        return (HTTPResponse(status: status, headers: sink.headers, body: sink.body), location)
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
        guard body.count + count <= limit else {
            overflowed = true
            return false
        }
        if let bytes, count > 0 {
            bytes.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) }
        }
        return true
    }

    func header(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) {
        guard let bytes, count > 0 else { return }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }  // a new response (after a redirect)
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
