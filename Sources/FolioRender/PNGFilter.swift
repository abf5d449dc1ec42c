import CPNG
import Foundation

/// PNG row filtering for charts, measured on the gallery at 1200×675 against Cairo's writer (libpng's
/// adaptive filters, zlib level 6):
/// - charts of lines, text and curves (line, pie, small multiples, tables) compress best unfiltered: raw
///   RGB repeats exactly along antialiased edges, which Sub/Up/Paeth turn into noise (W1: 45 KB unfiltered
///   vs 53 KB from Cairo);
/// - charts of large flat fills (bars, correlation cells) compress best with Up on rows that repeat the
///   row above more than they repeat their own left pixel (bars: 20.7 KB vs 26.3 KB unfiltered, Cairo 21.0 KB).
/// Which kind an image is gets decided by deflating a sample of rows both ways (one band of 8 rows in every
/// 64), so the full image is deflated once.
enum PNGFilter {
    /// Filters `raw` in place when that compresses better, and returns the deflate level to use: flat-fill
    /// images deflate quickly even at level 6 (they are mostly long runs), and need it to stay below Cairo's
    /// size (dark-theme horizontal bars: 26.1 KB at level 1, 25.2 KB from Cairo).
    @discardableResult
    static func apply(to raw: inout [UInt8], width: Int, height: Int, level: Int32) -> Int32 {
        let rowBytes = width * 3 + 1
        guard height > 1 else { return level }
        var plain: [UInt8] = [], filtered: [UInt8] = []
        var y = 1
        while y < height {
            for row in y..<min(y + 8, height) {
                let start = row * rowBytes
                plain += raw[start..<(start + rowBytes)]
                filtered += filteredRow(raw, row: row, rowBytes: rowBytes)
            }
            y += 64
        }
        let plainSize = plain.withUnsafeBufferPointer { folio_deflated_size($0.baseAddress, $0.count, level) }
        let filteredSize = filtered.withUnsafeBufferPointer { folio_deflated_size($0.baseAddress, $0.count, level) }
        guard filteredSize > 0, filteredSize < plainSize else { return level }
        // Bottom-up, so that every row is filtered against the unfiltered row above it.
        for row in stride(from: height - 1, through: 1, by: -1) {
            let line = filteredRow(raw, row: row, rowBytes: rowBytes)
            raw.replaceSubrange((row * rowBytes)..<((row + 1) * rowBytes), with: line)
        }
        return max(level, flatFillLevel)
    }

    static let flatFillLevel: Int32 = 6

    /// The row with filter Up when more of its bytes equal the row above than equal the pixel to their left,
    /// otherwise unchanged (filter None).
    static func filteredRow(_ raw: [UInt8], row: Int, rowBytes: Int) -> [UInt8] {
        raw.withUnsafeBufferPointer { r in
            let cur = row * rowBytes, above = cur - rowBytes
            var sameAbove = 0, sameLeft = 0
            for i in 1..<rowBytes {
                if r[cur + i] == r[above + i] { sameAbove += 1 }
                if i > 3, r[cur + i] == r[cur + i - 3] { sameLeft += 1 }
            }
            guard sameAbove > sameLeft else { return Array(r[cur..<(cur + rowBytes)]) }
            var out = [UInt8](repeating: 2, count: rowBytes)
            for i in 1..<rowBytes { out[i] = r[cur + i] &- r[above + i] }
            return out
        }
    }
}
