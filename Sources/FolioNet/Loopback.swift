internal import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a host is this machine, for the one decision that depends on it: talking without TLS.
/// Decided on addresses, not spelling: `127.0.0.1.evil.test` starts like a loopback address and may
/// resolve anywhere. A host is loopback when it is the name `localhost` (RFC 6761 reserves it) or when
/// it resolves, and every address it resolves to is in 127.0.0.0/8 or is ::1 (also as the IPv4-mapped
/// ::ffff:127.x.y.z). A name that does not resolve is not loopback. SMTP's plain-text rule and the
/// CoinGecko key's plain-HTTP rule both ask here.
enum Loopback {
    static func isLoopback(host: String) -> Bool { addresses(host: host) != nil }

    /// The loopback addresses `host` stands for, as numbers (`127.0.0.1`, `::1`); nil when it is not
    /// loopback. A caller that goes on to connect pins the name to these (libcurl's `CURLOPT_RESOLVE`),
    /// so that a second lookup cannot answer differently from the one checked here (DNS rebinding).
    package static func addresses(host: String) -> [String]? {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" { return ["127.0.0.1", "::1"] }
        guard !name.isEmpty, let resolved = resolve(name), !resolved.isEmpty else { return nil }
        guard resolved.allSatisfy(\.isLoopback) else { return nil }
        var seen = Set<String>()
        return resolved.map(\.text).filter { seen.insert($0).inserted }
    }

    /// How a connection to a loopback host is made so that the check above holds for it: the name
    /// pinned to the checked addresses (libcurl's `CURLOPT_RESOLVE` entry, nil for an address literal),
    /// and no proxy — `all_proxy` or `http_proxy` would take the clear text to another machine, and
    /// "this machine" there is the proxy's.
    struct Pin: Equatable {
        var resolve: String?

        init(host: String, port: Int, addresses: [String]) {
            let literal = host.hasPrefix("[") || host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
            resolve =
                literal
                ? nil : "\(host):\(port):" + addresses.map { $0.contains(":") ? "[\($0)]" : $0 }.joined(separator: ",")
        }

        func apply(to curl: CurlHandle) throws {
            try curl.set(CURLOPT_NOPROXY, "*")
            if let resolve { try curl.set(CURLOPT_RESOLVE, list: [resolve]) }
        }
    }

    private struct Address {
        var text: String
        var isLoopback: Bool
    }

    /// getaddrinfo's answer (numeric hosts are parsed, names looked up), one entry per address.
    private static func resolve(_ name: String) -> [Address]? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var result: [Address] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node?.pointee {
            node = entry.ai_next
            guard let socketAddress = entry.ai_addr else { continue }
            switch entry.ai_family {
            case AF_INET:
                let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                // 127.0.0.0/8: the first byte of the address in network order.
                let firstByte = withUnsafeBytes(of: address) { $0[0] }
                result.append(
                    Address(
                        text: withUnsafePointer(to: address) { text(AF_INET, $0, INET_ADDRSTRLEN) },
                        isLoopback: firstByte == 127
                    )
                )
            case AF_INET6:
                let address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                let bytes = withUnsafeBytes(of: address) { Array($0) }
                let isOne = bytes.count == 16 && bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
                let isMappedV4 =
                    bytes.count == 16 && bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF
                    && bytes[11] == 0xFF
                    && bytes[12] == 127
                result.append(
                    Address(
                        text: withUnsafePointer(to: address) { text(AF_INET6, $0, INET6_ADDRSTRLEN) },
                        isLoopback: isOne || isMappedV4
                    )
                )
            default:
                // Another family cannot be checked, so the host as a whole is not loopback.
                result.append(Address(text: "", isLoopback: false))
            }
        }
        return result
    }

    private static func text(_ family: Int32, _ address: UnsafeRawPointer, _ length: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(length))
        guard inet_ntop(family, address, &buffer, socklen_t(length)) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
