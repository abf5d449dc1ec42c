internal import CCurl

/// libcurl's functions, loaded from libcurl.so.4 the first time a network client is made (see the
/// CCurl shim for why Folio does not link it). Commands that do not use the network never load it.
enum LibCurl {
    static let soname = "libcurl.so.4"

    /// Swift runs a static's initialiser once, on first use, whichever thread comes first: the library
    /// is opened and libcurl's global set-up runs once per process, before the first handle, as its
    /// documentation asks. The table is never freed, like the library, and never written after the
    /// load, so it may be read from any thread.
    nonisolated(unsafe) private static let loaded: Result<UnsafePointer<folio_curl>, LibCurlUnavailableError> = {
        let table = UnsafeMutablePointer<folio_curl>.allocate(capacity: 1)
        if let error = folio_curl_load(soname, table) {
            table.deallocate()
            return .failure(LibCurlUnavailableError(reason: String(cString: error)))
        }
        let code = table.pointee.global_init(Int(CURL_GLOBAL_DEFAULT))
        guard code == CURLE_OK else {
            let reason = "its set-up failed: " + String(cString: table.pointee.easy_strerror(code))
            table.deallocate()
            return .failure(LibCurlUnavailableError(reason: reason))
        }
        return .success(UnsafePointer(table))
    }()

    static func functions() throws(LibCurlUnavailableError) -> UnsafePointer<folio_curl> { try loaded.get() }
}

/// libcurl is not installed (or not the libcurl Folio was built against): the network commands fail
/// with this one line, the others work without it.
struct LibCurlUnavailableError: Error, CustomStringConvertible {
    let reason: String

    var description: String { "cannot load libcurl (\(LibCurl.soname)): \(reason); install libcurl4" }
}
