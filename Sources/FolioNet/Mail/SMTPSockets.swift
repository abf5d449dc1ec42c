internal import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The sockets libcurl opened for one SMTP session, so that the session can be cut short.
///
/// When libcurl gives up on a reply (its response timeout), it says QUIT and then waits the whole
/// response timeout once more for the goodbye of a server that has just shown it does not answer:
/// every attempt took twice `--timeout`. That wait happens inside `perform`, and libcurl does not
/// tell which socket it uses while the transfer runs (`CURLINFO_ACTIVESOCKET` is set only after), so
/// the sockets are noted as libcurl creates them (`CURLOPT_SOCKOPTFUNCTION`) and the one still
/// connected — to the server, or to the proxy on the way — is shut down when that QUIT goes out.
final class SMTPSockets {
    private var sockets: [Int32] = []

    func install(on curl: CurlHandle) throws {
        let code = folio_curl_set_sockopt_callback(curl.libcurl, curl.raw) { context, socket, _ in
            if let context { Unmanaged<SMTPSockets>.fromOpaque(context).takeUnretainedValue().sockets.append(socket) }
            return Int32(CURL_SOCKOPT_OK)
        }
        guard code == CURLE_OK else {
            throw TransferError.setup("libcurl refused its socket callback: \(curl.message(code))")
        }
        try curl.set(CURLOPT_SOCKOPTDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Shuts down the sockets that are still connected. The others were attempts libcurl closed (a
    /// second address tried at the same time); their numbers may name something else by now, which
    /// the check for a peer keeps from being touched.
    func shutDownConnected() {
        for socket in sockets where hasPeer(socket) {
            shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    private func hasPeer(_ socket: Int32) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(socket, $0, &length) }
        } == 0
    }
}
