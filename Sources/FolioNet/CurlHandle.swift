internal import CCurl
import Foundation

/// One libcurl easy handle, freed with its owner.
final class CurlHandle {
    let raw: UnsafeMutableRawPointer
    /// libcurl's functions (`LibCurl`).
    let libcurl: UnsafePointer<folio_curl>
    private var lists: [UnsafeMutablePointer<curl_slist>] = []

    init(_ libcurl: UnsafePointer<folio_curl>) throws {
        guard let handle = libcurl.pointee.easy_init() else {
            throw TransferError.setup("libcurl could not make a handle")
        }
        self.libcurl = libcurl
        raw = handle
    }

    deinit {
        libcurl.pointee.easy_cleanup(raw)
        for list in lists { libcurl.pointee.slist_free_all(list) }
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(folio_curl_set_long(libcurl, raw, option, value), option)
    }

    func set(_ option: CURLoption, _ value: String) throws {
        try check(folio_curl_set_string(libcurl, raw, option, value), option)
    }

    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws {
        try check(folio_curl_set_pointer(libcurl, raw, option, pointer), option)
    }

    func set(_ option: CURLoption, offset: Int64) throws {
        try check(folio_curl_set_offset(libcurl, raw, option, curl_off_t(offset)), option)
    }

    /// Sets a list option (headers, recipients); the list lives as long as the handle.
    func set(_ option: CURLoption, list items: [String]) throws {
        var list: UnsafeMutablePointer<curl_slist>?
        for item in items {
            guard let appended = libcurl.pointee.slist_append(list, item) else {
                if let list { libcurl.pointee.slist_free_all(list) }
                throw TransferError.setup("out of memory building a libcurl list")
            }
            list = appended
        }
        if let list { lists.append(list) }
        try check(folio_curl_set_slist(libcurl, raw, option, list), option)
    }

    func set(_ option: CURLoption, callback: folio_curl_data_callback) throws {
        try check(folio_curl_set_data_callback(libcurl, raw, option, callback), option)
    }

    func setRead(callback: folio_curl_read_callback) throws {
        try check(folio_curl_set_read_callback(libcurl, raw, callback), CURLOPT_READFUNCTION)
    }

    func info(_ info: CURLINFO) -> Int {
        var value = 0
        return folio_curl_get_long(libcurl, raw, info, &value) == CURLE_OK ? value : 0
    }

    /// A string the last transfer left (the URL a redirect points to), copied out of the handle.
    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard folio_curl_get_string(libcurl, raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    func perform() -> CURLcode { libcurl.pointee.easy_perform(raw) }

    /// `perform()` through a multi handle polled every `interval` milliseconds, so that a reply's timeout
    /// (`CURLOPT_SERVER_RESPONSE_TIMEOUT`) is kept to within `interval`.
    // `curl_easy_perform` sleeps up to a second between looks at a quiet connection, and libcurl checks
    // the reply's timeout only when it looks: a 2 s timeout ran out after 3 s.
    func perform(polling interval: Int32) -> CURLcode {
        guard let multi = libcurl.pointee.multi_init() else { return perform() }
        defer { _ = libcurl.pointee.multi_cleanup(multi) }
        guard libcurl.pointee.multi_add_handle(multi, raw) == CURLM_OK else { return perform() }
        defer { _ = libcurl.pointee.multi_remove_handle(multi, raw) }
        var running: Int32 = 1
        while running > 0 {
            guard libcurl.pointee.multi_perform(multi, &running) == CURLM_OK else { return CURLE_RECV_ERROR }
            if running > 0, libcurl.pointee.multi_poll(multi, nil, 0, interval, nil) != CURLM_OK {
                return CURLE_RECV_ERROR
            }
        }
        var left: Int32 = 0
        while let message = libcurl.pointee.multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
        }
        return CURLE_RECV_ERROR
    }

    func message(_ code: CURLcode) -> String { String(cString: libcurl.pointee.easy_strerror(code)) }

    private func check(_ code: CURLcode, _ option: CURLoption) throws {
        guard code == CURLE_OK else {
            throw TransferError.setup("libcurl refused option \(option.rawValue): \(message(code))")
        }
    }
}

/// Failures below HTTP: the connection, TLS, a timeout, a limit, a redirect or a credential refused.
enum TransferError: Error, Equatable, CustomStringConvertible {
    case setup(String)
    case transport(code: Int, message: String)
    case timedOut(seconds: Double)
    case tooLarge(limit: Int)
    /// A redirect Folio does not follow: to a scheme other than http and https, or one too many.
    case redirect(String)
    /// A credential that would travel where it must not (plain http to another machine).
    case refused(String)

    /// Whether another attempt may succeed: a timeout, or a connection that could not be made or was
    /// lost. A refused certificate, an unsupported scheme, a redirect loop or a size limit will fail
    /// the same way every time, so they are not retried.
    var isTransient: Bool {
        switch self {
        case .timedOut: true
        case let .transport(code, _): Self.transientCodes.contains(code)
        case .setup, .tooLarge, .redirect, .refused: false
        }
    }

    static let transientCodes: Set<Int> = Set(
        [
            CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_PARTIAL_FILE,
            CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SSL_CONNECT_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM,
            CURLE_HTTP3, CURLE_QUIC_CONNECT_ERROR, CURLE_OPERATION_TIMEDOUT,
        ].map { Int($0.rawValue) }
    )

    var description: String {
        switch self {
        case let .setup(message): message
        case let .transport(_, message): message
        case let .timedOut(seconds): "no complete answer within \(String(format: "%.0f", seconds)) s"
        case let .tooLarge(limit): "the response is larger than the \(limit)-byte limit"
        case let .redirect(message): message
        case let .refused(message): message
        }
    }
}
