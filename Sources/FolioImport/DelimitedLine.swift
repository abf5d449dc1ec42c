import FolioCore
import Foundation

/// One line of a delimited text file split into fields without copying: fields are byte ranges into the
/// line, converted to strings or numbers only when asked. RFC 4180 quotes (`"a, b"`, `""` for a quote)
/// are understood when `quotes` is on; a record may not span lines.
struct DelimitedLine {
    private(set) var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private(set) var ranges: [Range<Int>] = []
    private var quoted: [Bool] = []

    var count: Int { ranges.count }

    /// Splits `line`. Returns `false` when a quoted field is not closed.
    mutating func split(_ line: UnsafeBufferPointer<UInt8>, delimiter: UInt8, quotes: Bool = true) -> Bool {
        bytes = line
        ranges.removeAll(keepingCapacity: true)
        quoted.removeAll(keepingCapacity: true)
        var i = 0
        let n = line.count
        while true {
            if quotes && i < n && line[i] == 0x22 {
                var j = i + 1
                while true {
                    guard j < n else { return false }
                    if line[j] == 0x22 {
                        if j + 1 < n && line[j + 1] == 0x22 {
                            j += 2
                            continue
                        }
                        break
                    }
                    j += 1
                }
                ranges.append(i + 1..<j)
                quoted.append(true)
                i = j + 1
                if i < n && line[i] != delimiter { return false }
            } else {
                var j = i
                while j < n && line[j] != delimiter { j += 1 }
                ranges.append(i..<j)
                quoted.append(false)
                i = j
            }
            if i >= n { return true }
            i += 1  // past the delimiter
        }
    }

    /// The field as text, without surrounding blanks; `""` inside a quoted field becomes `"`.
    func string(_ index: Int) -> String {
        var range = ranges[index]
        while range.lowerBound < range.upperBound && isBlankByte(bytes[range.lowerBound]) {
            range = range.lowerBound + 1..<range.upperBound
        }
        while range.lowerBound < range.upperBound && isBlankByte(bytes[range.upperBound - 1]) {
            range = range.lowerBound..<range.upperBound - 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return quoted[index] && text.utf8.contains(0x22) ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
    }

    @inline(__always) private func isBlankByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    func isBlank(_ index: Int) -> Bool {
        bytes[ranges[index]].allSatisfy(isBlankByte)
    }

    func number(_ index: Int, decimalComma: Bool = false) -> Double? {
        DecimalBytes.parse(
            UnsafeBufferPointer(rebasing: bytes[ranges[index]]),
            decimalSeparator: decimalComma ? 0x2C : 0x2E
        )
    }

    /// Seconds since 1970 of an ISO 8601 date or date-time field.
    func isoSeconds(_ index: Int) -> Double? {
        var slice = ranges[index]
        while slice.lowerBound < slice.upperBound && bytes[slice.lowerBound] == 0x20 {
            slice = slice.lowerBound + 1..<slice.upperBound
        }
        while slice.lowerBound < slice.upperBound && bytes[slice.upperBound - 1] == 0x20 {
            slice = slice.lowerBound..<slice.upperBound - 1
        }
        return ISOTime.parseSeconds(bytes: UnsafeBufferPointer(rebasing: bytes[slice]))
    }

    /// Appends the field's raw bytes to `key`, to look rows up by the exact text of some fields.
    func appendBytes(_ index: Int, to key: inout [UInt8]) {
        key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[ranges[index]]))
    }
}

/// Decimal number parsing straight from bytes. The common case (up to 19 significant digits and a
/// modest exponent) is computed exactly — one correctly rounded multiply or divide of two exact
/// doubles (Clinger's fast path) — and anything else falls back to the standard library's parser.
enum DecimalBytes {
    static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    static func parse(_ b: UnsafeBufferPointer<UInt8>, decimalSeparator: UInt8 = 0x2E) -> Double? {
        var i = 0
        var n = b.count
        while i < n && b[i] == 0x20 { i += 1 }
        while n > i && b[n - 1] == 0x20 { n -= 1 }
        guard i < n else { return nil }
        var negative = false
        if b[i] == 0x2D || b[i] == 0x2B {
            negative = b[i] == 0x2D
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        var overflow = false
        while i < n, b[i] >= 0x30, b[i] <= 0x39 {
            sawDigit = true
            if digits < 19 {
                mantissa = mantissa * 10 + UInt64(b[i] - 0x30)
                if mantissa > 0 { digits += 1 }
            } else {
                exponent += 1
                overflow = true
            }
            i += 1
        }
        if i < n && b[i] == decimalSeparator {
            i += 1
            while i < n, b[i] >= 0x30, b[i] <= 0x39 {
                sawDigit = true
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(b[i] - 0x30)
                    exponent -= 1
                    if mantissa > 0 { digits += 1 }
                } else {
                    overflow = true
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < n && (b[i] == 0x65 || b[i] == 0x45) {
            i += 1
            var expNegative = false
            if i < n && (b[i] == 0x2D || b[i] == 0x2B) {
                expNegative = b[i] == 0x2D
                i += 1
            }
            var e = 0
            let start = i
            while i < n, b[i] >= 0x30, b[i] <= 0x39 {
                e = min(e * 10 + Int(b[i] - 0x30), 100_000)
                i += 1
            }
            guard i > start else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == n else { return nil }
        if !overflow && mantissa <= (1 << 53) && abs(exponent) <= 22 {
            let m = Double(mantissa)
            let value = exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent]
            return negative ? -value : value
        }
        var text = String(decoding: b, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if decimalSeparator != 0x2E {
            text = text.replacingOccurrences(of: String(UnicodeScalar(decimalSeparator)), with: ".")
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
