/// FNV-1a over UTF-8 bytes: the same value in every process and on every machine, unlike Swift's
/// `hashValue`, which is seeded per process. Shards and fingerprints must agree across runs and hosts.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    mutating func add(_ text: String) {
        add(text.utf8)
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        add([0xff])
    }

    static func of(_ text: String) -> UInt64 {
        var h = StableHash()
        h.add(text.utf8)
        return h.value
    }

    static func hex(of text: String) -> String {
        var h = StableHash()
        h.add(text.utf8)
        return h.hex
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
