internal import CPNG
import Foundation

/// PNG row filtering for charts, for the libdeflate path only (`PNGEncoding(level:)`: baselines, rows over
/// 32 KB); ScanlineDeflate, the default, filters nothing. Measured on the gallery at 1200×675 against
/// Cairo's writer (libpng's adaptive filters, zlib level 6):
/// - charts of lines, text and curves (line, pie, small multiples, tables) compress best unfiltered: raw
///   RGB repeats exactly along antialiased edges, which Sub/Up/Paeth turn into noise (W1: 45 KB unfiltered
///   vs 53 KB from Cairo);
/// - charts of large flat fills (bars, correlation cells) compress best with Up on rows that repeat the
///   row above more than they repeat their own left pixel (bars: 20.7 KB vs 26.3 KB unfiltered, Cairo 21.0 KB).
/// Which kind an image is gets decided by deflating a sample of rows both ways (one band of 4 rows in every
/// 64), so the full image is deflated once.
enum PNGFilter {
    /// Filters `raw` in place when that compresses better, and returns the deflate level to use: flat-fill
    /// images deflate quickly even at level 6 (they are mostly long runs), and need it to stay below Cairo's
    /// size (dark-theme horizontal bars: 26.1 KB at level 1, 25.2 KB from Cairo).
    @discardableResult
    static func apply(to raw: inout [UInt8], width: Int, height: Int, compressor: DeflateCompressor) -> Int32 {
        let level = compressor.level
        let rowBytes = width * 3 + 1
        guard height > 1 else { return level }
        var plain: [UInt8] = []
        var filtered: [UInt8] = []
        var line = [UInt8](repeating: 0, count: rowBytes)
        var y = 1
        raw.withUnsafeBufferPointer { r in
            while y < height {
                for row in y..<min(y + 4, height) {
                    plain += r[(row * rowBytes)..<((row + 1) * rowBytes)]
                    line.withUnsafeMutableBufferPointer { filterRow(r, row: row, rowBytes: rowBytes, into: $0) }
                    filtered += line
                }
                y += 64
            }
        }
        let plainSize = plain.withUnsafeBufferPointer {
            folio_deflated_size(compressor.pointer, $0.baseAddress, $0.count)
        }
        let filteredSize = filtered.withUnsafeBufferPointer {
            folio_deflated_size(compressor.pointer, $0.baseAddress, $0.count)
        }
        guard filteredSize > 0, filteredSize < plainSize else { return level }
        // Bottom-up, in place, so that every row is filtered against the unfiltered row above it.
        raw.withUnsafeMutableBufferPointer { r in
            for row in stride(from: height - 1, through: 1, by: -1) {
                let slice = UnsafeMutableBufferPointer(rebasing: r[(row * rowBytes)..<((row + 1) * rowBytes)])
                filterRow(UnsafeBufferPointer(r), row: row, rowBytes: rowBytes, into: slice)
            }
        }
        return max(level, flatFillLevel)
    }

    static let flatFillLevel: Int32 = 6

    /// Writes the row with filter Up into `out` when more of its bytes equal the row above than equal the
    /// pixel to their left, otherwise the row unchanged (filter None). `out` may be the row itself.
    /// Works eight bytes at a time: this runs over every byte of the image.
    static func filterRow(
        _ r: UnsafeBufferPointer<UInt8>,
        row: Int,
        rowBytes: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        guard let base = r.baseAddress, let o = out.baseAddress else { return }
        let cur = UnsafeRawPointer(base + row * rowBytes)
        let above = cur - rowBytes
        var sameAbove = 0
        var sameLeft = 0
        var i = 4
        while i + 8 <= rowBytes {
            let c = cur.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            sameAbove &+= zeroBytes(c ^ above.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            sameLeft &+= zeroBytes(c ^ cur.loadUnaligned(fromByteOffset: i - 3, as: UInt64.self))
            i += 8
        }
        let c8 = cur.assumingMemoryBound(to: UInt8.self)
        let a8 = above.assumingMemoryBound(to: UInt8.self)
        for j in Array(1..<min(4, rowBytes)) + Array(i..<rowBytes) {
            if c8[j] == a8[j] { sameAbove += 1 }
            if j >= 4, c8[j] == c8[j - 3] { sameLeft += 1 }
        }
        if sameAbove > sameLeft {
            o[0] = 2
            var k = 1
            while k + 16 <= rowBytes {
                let d =
                    cur.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                    &- above.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(o).storeBytes(of: d, toByteOffset: k, as: SIMD16<UInt8>.self)
                k += 16
            }
            while k < rowBytes {
                o[k] = c8[k] &- a8[k]
                k += 1
            }
        } else if UnsafePointer(o) != c8 {
            o.update(from: c8, count: rowBytes)
        }
    }

    /// How many of the eight bytes of `x` are zero.
    @inline(__always) static func zeroBytes(_ x: UInt64) -> Int {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let nonzero = (((x & low) &+ low) | x) & high
        return 8 - nonzero.nonzeroBitCount
    }
}

/// Owns a libdeflate compressor (its hash tables are allocated and cleared once per image, not per call).
final class DeflateCompressor {
    let pointer: OpaquePointer
    let level: Int32

    init(level: Int32) throws {
        guard (1...12).contains(level), let c = libdeflate_alloc_compressor(level) else {
            throw RenderError.png("cannot create a compressor at level \(level)")
        }
        pointer = c
        self.level = level
    }

    deinit { libdeflate_free_compressor(pointer) }
}
