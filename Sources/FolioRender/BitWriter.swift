#if canImport(Glibc)
import Glibc
#endif

/// Deflate's bit stream (RFC 1951 §3.1.1): values packed least significant bit first into bytes.
/// Bits gather in a 64-bit register and leave 32 at a time. The buffer grows only when asked
/// (`reserve`, before each block, by the block's exact size), so there is no bounds check on the hot path,
/// and no allocation sized for the worst case: a buffer many times the stream made glibc hand memory back
/// to the kernel after every image and fault it in again on the next.
struct BitWriter {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var out: UnsafeMutablePointer<UInt8>
    private var bits: UInt64 = 0
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        out = start
    }

    /// Makes room for `bytes` more bytes (plus the 8 the register may still hold).
    mutating func reserve(_ bytes: Int) {
        let used = out - start
        guard used + bytes + 16 > capacity else { return }
        capacity = max(2 * capacity, used + bytes + 16)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: start, count: used)
        start.deallocate()
        start = grown
        out = start + used
    }

    /// Appends the low `n` bits of `value` (n ≤ 32; higher bits of `value` must be zero).
    @inline(__always) mutating func write(_ value: UInt32, _ n: Int) {
        bits |= UInt64(value) << UInt64(count)
        count += n
        if count >= 32 {
            UnsafeMutableRawPointer(out).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            out += 4
            bits >>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if count % 8 != 0 { write(0, 8 - count % 8) }
    }

    /// Flushes what is left in the register, frees the buffer and returns the bytes written.
    mutating func finish() -> [UInt8] {
        alignToByte()
        while count > 0 {
            out.pointee = UInt8(truncatingIfNeeded: bits)
            out += 1
            bits >>= 8
            count -= 8
        }
        let result = Array(UnsafeBufferPointer(start: start, count: out - start))
        start.deallocate()
        return result
    }
}
