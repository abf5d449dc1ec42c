/// Where bytes stop being UTF-8. Importers and YAML readers refuse text in another encoding instead of
/// decoding it leniently: a Windows-1251 budget decoded as UTF-8 stores U+FFFD in place of every
/// Cyrillic letter, and nothing says so.
public enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode 3-7: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or nil when every byte is in one.
    /// A sequence cut short counts as starting at its lead byte: a CP1251 `П` (0xCF) followed by an ASCII
    /// letter is reported as 0xCF, the byte the user's editor shows as the first wrong letter.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        while i < n {
            // Most files are ASCII: eight bytes at a time while no byte has its high bit set.
            while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { return nil }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            default: return i
            }
            guard i + length <= n, second.contains(base[i + 1]) else { return i }
            for k in 2..<length where !(0x80...0xBF).contains(base[i + k]) { return i }
            i += length
        }
        return nil
    }

    /// `not UTF-8 (found byte 0xCF); convert with iconv -f CP1251 -t UTF-8`: Windows-1251 is what a
    /// Ukrainian spreadsheet saves by default. A file that starts with a UTF-16 byte-order mark gets the
    /// UTF-16 command instead.
    public static func problem(foundByte byte: UInt8, fileStart: some Sequence<UInt8>) -> String {
        let start = Array(fileStart.prefix(2))
        let source = start == [0xFF, 0xFE] || start == [0xFE, 0xFF] ? "UTF-16" : "CP1251"
        return "not UTF-8 (found byte 0x" + hex(byte) + "); convert with iconv -f \(source) -t UTF-8"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
