internal import CPNG

/// A zlib stream (RFC 1950/1951) for PNG scanlines, made for speed on rendered charts (the idea of
/// fpng/fpnge). A general deflate searches hash chains of earlier positions for the longest match; in a
/// raster most matches worth having are at two distances: the pixel to the left (3 bytes: flat fills,
/// horizontal runs) and the pixel above (one scanline: anything that repeats down the image). So the LZ77
/// pass tries those two first (see `Matcher`), extends a match 16 and 8 bytes at a time, and codes the
/// tokens with dynamic-Huffman blocks whose codes come from each block's histogram.
///
/// No PNG row filters: with this matcher no rule tried for choosing them made the charts smaller
/// (docs/performance.md, "Measured in the code").
///
/// Little-endian only (x86-64, arm64): match lengths come from the trailing zeros of XOR-ed words.
enum ScanlineDeflate {
    /// Deflate's window: the row above must be within reach.
    static let maxDistance = 32768

    /// Input bytes per deflate block, so that each block's codes follow the part of the image it covers.
    /// Measured on W1–W4 (total 255.1 KB at 32 KB, 252.4 KB at 128 KB, 251.5 KB at 512 KB, 253.2 KB in
    /// one block): 512 KB.
    static let defaultBlockBytes = 1 << 19

    static func canEncode(rowBytes: Int) -> Bool { rowBytes >= 1 && rowBytes <= maxDistance }

    /// Tokens per block at most: the token buffer stays in cache (128 KB) even where almost every byte is
    /// a literal; ordinary blocks end at `blockBytes` first (W1: 5,000–10,000 tokens per block).
    static let maxBlockTokens = 1 << 15

    /// The zlib stream for `data`, scanlines of `rowBytes` bytes (filter byte included), which must pass
    /// `canEncode`. The same input always gives the same bytes.
    static func zlib(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, blockBytes: Int = defaultBlockBytes) -> [UInt8]
    {
        precondition(canEncode(rowBytes: rowBytes) && blockBytes > 0)
        let size = data.count
        var writer = BitWriter(capacity: size / 32 + 1024)
        writer.write(0x78, 8)  // CMF: deflate, 32 KB window
        writer.write(0x01, 8)  // FLG: fastest compression; (0x78 << 8 | 0x01) is a multiple of 31
        let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: maxBlockTokens)
        defer { tokens.deallocate() }
        let matcher = Matcher(data: data, rowBytes: rowBytes)
        defer { matcher.deallocate() }
        var histogram = [UInt32](repeating: 0, count: Token.histogramCount)
        var position = 0
        repeat {
            let end = min(position + blockBytes, size)
            let tokenCount = histogram.withUnsafeMutableBufferPointer { h in
                h.update(repeating: 0)
                // The histogram has a count per symbol, never none.
                guard let counts = h.baseAddress else { return 0 }
                return matcher.tokens(
                    from: &position,
                    to: end,
                    into: tokens,
                    capacity: maxBlockTokens,
                    counting: counts
                )
            }
            let block = BlockCode(histogram: histogram, rowBytes: rowBytes)
            writer.reserve(block.byteCount(histogram: histogram))
            block.write(tokens: tokens, count: tokenCount, isFinal: position >= size, to: &writer)
        } while position < size
        writer.reserve(8)
        writer.alignToByte()
        let adler = data.isEmpty ? 1 : libdeflate_adler32(1, data.baseAddress, size)
        writer.write(adler.byteSwapped, 32)  // big-endian (RFC 1950)
        return writer.finish()
    }
}

/// LZ77 tokens as 32-bit values. The low 16 bits: 0–255 a literal byte; 256 + (length − 3) a match with the
/// pixel to the left (distance 3); 512 + (length − 3) a match with the row above (distance `rowBytes`);
/// 768 + (length − 3) a match found through the hash table, whose distance is in the high 16 bits.
/// Their histogram is counted in the same pass, by the low 16 bits, followed by the distance symbols of
/// hashed matches.
enum Token {
    static let leftMatch = 256
    static let aboveMatch = 512
    static let hashedMatch = 768
    static let count = 1024
    /// Token values, then the 30 distance symbols of hashed matches.
    static let histogramCount = count + 30
}

/// Finds the matches. At each position it tries the pixel to the left and the row above, and takes the
/// longer (the left one on a tie: its distance code is shorter). Where neither gives a match, the bytes are
/// a literal in most encoders of this kind; here they are looked up in a small hash table of earlier such
/// positions, which finds repeated glyphs and antialiased edges. It costs little because it runs only
/// where the two cheap candidates fail (1.6 % of W1's bytes), and W1 goes from 54.3 KB to about 44 KB
/// (libdeflate level 2: 44.0 KB).
struct Matcher {
    let data: UnsafeBufferPointer<UInt8>
    let rowBytes: Int
    /// Position + 1 of the last literal position whose next 4 bytes hash to each slot (0: none). 2^13 slots
    /// (32 KB, in L1): on W1–W4, 2^15 made files 0.1 % smaller, 2^11 0.6 % larger.
    private let table: UnsafeMutablePointer<Int32>
    static let hashBits = 13

    init(data: UnsafeBufferPointer<UInt8>, rowBytes: Int) {
        self.data = data
        self.rowBytes = rowBytes
        table = .allocate(capacity: 1 << Self.hashBits)
        table.initialize(repeating: 0, count: 1 << Self.hashBits)
    }

    func deallocate() { table.deallocate() }

    /// Tokens for the bytes from `position` to at least `end` (a match may run past it, up to 257 bytes), or
    /// until `capacity` tokens; advances `position` past them. Returns the number of tokens.
    func tokens(
        from position: inout Int,
        to end: Int,
        into tokens: UnsafeMutablePointer<UInt32>,
        capacity: Int,
        counting freq: UnsafeMutablePointer<UInt32>
    ) -> Int {
        guard let base = data.baseAddress else { return 0 }
        let p = UnsafeRawPointer(base)
        let size = data.count
        var i = position
        var n = 0
        while i < end && n < capacity {
            let limit = min(258, size - i)
            var length = 0
            var kind = Token.leftMatch
            var t = 0
            if i >= 3 { length = Self.matchLength(p + i, p + i - 3, limit: limit) }
            if i >= rowBytes && length < limit {
                let above = Self.matchLength(p + i, p + i - rowBytes, limit: limit)
                if above > length {
                    length = above
                    kind = Token.aboveMatch
                }
            }
            if length >= 3 {
                t = kind + length - 3
            } else if limit >= 4 {
                let word = p.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                let slot = Int((word &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
                let candidate = Int(table[slot]) - 1
                table[slot] = Int32(i + 1)
                if candidate >= 0 && i - candidate <= ScanlineDeflate.maxDistance {
                    let found = Self.matchLength(p + i, p + candidate, limit: limit)
                    if found >= 4 {  // a 3-byte match this far back costs more than three literals
                        length = found
                        let distance = i - candidate
                        t = distance << 16 | (Token.hashedMatch + length - 3)
                        freq[Token.count + Deflate.distanceSymbol(distance)] &+= 1
                    }
                }
            }
            if length < 3 {
                t = Int(base[i])
                length = 1
            }
            tokens[n] = UInt32(truncatingIfNeeded: t)
            freq[t & 0xFFFF] &+= 1
            n += 1
            i += length
        }
        position = i
        return n
    }

    /// How many bytes (up to `limit`) at `a` equal those at `b`: 16 bytes at a time (two words) while they
    /// are equal, as in flat fills, then a 64-bit word at a time, where the first differing byte is the
    /// lowest non-zero byte of the XOR.
    @inline(__always) static func matchLength(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, limit: Int) -> Int {
        var n = 0
        while n + 16 <= limit {
            let x0 =
                a.loadUnaligned(fromByteOffset: n, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: n, as: UInt64.self)
            let x1 =
                a.loadUnaligned(fromByteOffset: n + 8, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: n + 8, as: UInt64.self)
            if x0 | x1 != 0 { break }
            n += 16
        }
        while n + 8 <= limit {
            let x =
                a.loadUnaligned(fromByteOffset: n, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: n, as: UInt64.self)
            if x != 0 { return n + x.trailingZeroBitCount >> 3 }
            n += 8
        }
        while n < limit && a.load(fromByteOffset: n, as: UInt8.self) == b.load(fromByteOffset: n, as: UInt8.self) {
            n += 1
        }
        return n
    }
}
