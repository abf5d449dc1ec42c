import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a host is this machine, for deciding where a secret may travel unencrypted.
///
/// Loopback is 127.0.0.0/8, ::1 (also as the IPv4-mapped ::ffff:127.x.y.z) or the name `localhost`.
/// Any other name counts only if every address it resolves to is loopback: the decision is made on
/// the addresses, not the spelling, so `127.evil.example` is not loopback and a name that resolves to
/// 127.0.0.1 is. A name that does not resolve is not loopback.
public enum Loopback {
    /// `host` as a URL carries it: a name, an IPv4 address, or an IPv6 address with or without brackets.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return false }
        if name == "localhost" { return true }

        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(first) }
        var found = false
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            guard let address = current.pointee.ai_addr, isLoopback(address, family: current.pointee.ai_family) else { return false }
            found = true
            entry = current.pointee.ai_next
        }
        return found
    }

    private static func isLoopback(_ address: UnsafeMutablePointer<sockaddr>, family: Int32) -> Bool {
        switch family {
        case AF_INET:
            // s_addr is in network order: its first byte in memory is the first octet.
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                withUnsafeBytes(of: v4.pointee.sin_addr) { $0[0] == 127 }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { bytes in
                    let isV6Loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                    let isMappedV4Loopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
                    return isV6Loopback || isMappedV4Loopback
                }
            }
        default:
            return false
        }
    }
}
