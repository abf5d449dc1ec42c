internal import CCurl
import Foundation

/// The scheme, host and port of an http or https URL (RFC 6454): the unit a credential is bound to.
///
/// Parsed by libcurl's own URL parser, so that the host compared here is the host libcurl connects
/// to; a second parser could read a crafted URL (`http://a.example\@b.example/`) differently.
struct Origin: Equatable, Sendable, CustomStringConvertible {
    var scheme: String
    /// Lower-cased; an IPv6 address keeps its brackets (`[::1]`).
    var host: String
    /// The scheme's default port when the URL gives none.
    var port: Int

    /// Nil for anything but an absolute http or https URL with a host; nil too without libcurl, which
    /// only a caller without an `HTTPClient` can meet (making one loads libcurl or fails).
    init?(url: String) {
        guard let curl = try? LibCurl.functions().pointee, let handle = curl.url() else { return nil }
        defer { curl.url_cleanup(handle) }
        guard curl.url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        func part(_ what: CURLUPart, _ flags: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl.url_get(handle, what, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
            defer { curl.free(value) }
            return String(cString: value)
        }
        guard let scheme = part(CURLUPART_SCHEME)?.lowercased(), scheme == "http" || scheme == "https",
            let host = part(CURLUPART_HOST)?.lowercased(), !host.isEmpty,
            let portText = part(CURLUPART_PORT, CURLU_DEFAULT_PORT), let port = Int(portText)
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    var description: String { "\(scheme)://\(host):\(port)" }
}
