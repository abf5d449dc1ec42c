/// One dynamic-Huffman block's codes (RFC 1951 §3.2.7), from the histogram of its tokens, and the writer of
/// its header and tokens.
struct BlockCode {
    let literalLengths: [UInt8]  // lengths of the literal/length alphabet, 0…285
    let distanceLengths: [UInt8]  // lengths of the distance alphabet, 0…29
    /// Per token value (low 16 bits): its literal or length code followed by the length's extra bits, as
    /// `bits << 8 | bitCount` (at most 15 + 5 bits).
    let tokenCodes: [UInt32]
    let distanceCodes: [UInt16]
    /// The two fixed distances' codes with their extra bits (at most 15 + 13 bits).
    let left: (bits: UInt32, count: Int), above: (bits: UInt32, count: Int)
    let endOfBlock: (bits: UInt32, count: Int)

    init(histogram f: [UInt32], rowBytes: Int) {
        var literal = [UInt32](repeating: 0, count: 286)
        for b in 0..<256 { literal[b] = f[b] }
        literal[256] = 1  // end of block
        var distance = Array(f[Token.count..<(Token.count + 30)])
        let leftSymbol = Deflate.distanceSymbol(3)
        let aboveSymbol = Deflate.distanceSymbol(rowBytes)
        for m in 0..<256 {
            let symbol = 257 + Int(Deflate.lengthSymbol[m])
            literal[symbol] += f[Token.leftMatch + m] + f[Token.aboveMatch + m] + f[Token.hashedMatch + m]
            distance[leftSymbol] += f[Token.leftMatch + m]
            distance[aboveSymbol] += f[Token.aboveMatch + m]
        }
        let literalLengths = HuffmanCode.lengths(frequencies: literal, maxLength: 15)
        let distanceLengths = HuffmanCode.lengths(frequencies: distance, maxLength: 15)
        self.literalLengths = literalLengths
        self.distanceLengths = distanceLengths
        let literalCodes = HuffmanCode.codes(lengths: literalLengths)
        let distanceCodes = HuffmanCode.codes(lengths: distanceLengths)
        self.distanceCodes = distanceCodes

        var table = [UInt32](repeating: 0, count: Token.count)
        for b in 0..<256 { table[b] = UInt32(literalCodes[b]) << 8 | UInt32(literalLengths[b]) }
        for m in 0..<256 {
            let symbol = Int(Deflate.lengthSymbol[m])
            let code = UInt32(literalCodes[257 + symbol])
            let bits = Int(literalLengths[257 + symbol])
            let extra = UInt32(m + 3 - Int(Deflate.lengthBase[symbol]))
            let extraBits = Int(Deflate.lengthExtraBits[symbol])
            let entry = (code | extra << bits) << 8 | UInt32(bits + extraBits)
            table[Token.leftMatch + m] = entry
            table[Token.aboveMatch + m] = entry
            table[Token.hashedMatch + m] = entry
        }
        tokenCodes = table
        endOfBlock = (UInt32(literalCodes[256]), Int(literalLengths[256]))
        left = Self.distanceCode(3, codes: distanceCodes, lengths: distanceLengths)
        above = Self.distanceCode(rowBytes, codes: distanceCodes, lengths: distanceLengths)
    }

    /// The block's size in bytes, rounded up, with room for the largest header.
    func byteCount(histogram f: [UInt32]) -> Int {
        var bits = 0
        for t in 0..<Token.count { bits += Int(f[t]) * Int(tokenCodes[t] & 0xFF) }
        for m in 0..<256 {
            bits += Int(f[Token.leftMatch + m]) * left.count + Int(f[Token.aboveMatch + m]) * above.count
        }
        for s in 0..<30 {
            bits += Int(f[Token.count + s]) * (Int(distanceLengths[s]) + Int(Deflate.distanceExtraBits[s]))
        }
        // Header: 17 bits, 19 × 3 for the code-length code, at most 316 lengths of 7 + 7 bits each.
        return (bits + endOfBlock.count + 17 + 19 * 3 + 316 * 14) / 8 + 1
    }

    /// The code of distance `d` followed by its extra bits.
    @inline(__always)
    static func distanceCode(_ d: Int, codes: UnsafePointer<UInt16>, lengths: UnsafePointer<UInt8>) -> (UInt32, Int) {
        let symbol = Deflate.distanceSymbol(d)
        let bits = Int(lengths[symbol])
        let extra = UInt32(d - Int(Deflate.distanceBase[symbol]))
        return (UInt32(codes[symbol]) | extra << bits, bits + Int(Deflate.distanceExtraBits[symbol]))
    }

    func write(tokens: UnsafeMutablePointer<UInt32>, count: Int, isFinal: Bool, to w: inout BitWriter) {
        writeHeader(isFinal: isFinal, to: &w)
        tokenCodes.withUnsafeBufferPointer { table in
            distanceCodes.withUnsafeBufferPointer { distanceCodes in
                distanceLengths.withUnsafeBufferPointer { distanceLengths in
                    // The tables are never empty (286 and 30 codes).
                    guard let table = table.baseAddress, let codes = distanceCodes.baseAddress,
                        let lengths = distanceLengths.baseAddress
                    else { return }
                    let (leftBits, leftCount) = left
                    let (aboveBits, aboveCount) = above
                    for k in 0..<count {
                        let token = Int(tokens[k])
                        let t = token & 0xFFFF
                        let entry = table[t]
                        w.write(entry >> 8, Int(entry & 0xFF))
                        if t >= Token.hashedMatch {
                            let (bits, n) = Self.distanceCode(token >> 16, codes: codes, lengths: lengths)
                            w.write(bits, n)
                        } else if t >= Token.aboveMatch {
                            w.write(aboveBits, aboveCount)
                        } else if t >= Token.leftMatch {
                            w.write(leftBits, leftCount)
                        }
                    }
                }
            }
        }
        w.write(endOfBlock.bits, endOfBlock.count)
    }

    /// BFINAL, BTYPE = 2, then the code lengths, run-length coded with the code-length alphabet.
    private func writeHeader(isFinal: Bool, to w: inout BitWriter) {
        let literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
        let runs = Deflate.runLengthCoded(
            Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
        )
        var frequencies = [UInt32](repeating: 0, count: 19)
        for r in runs { frequencies[Int(r.symbol)] += 1 }
        let lengths = HuffmanCode.lengths(frequencies: frequencies, maxLength: 7)
        let codes = HuffmanCode.codes(lengths: lengths)
        let order = Deflate.codeLengthOrder
        let codeLengthCount = max(4, (order.lastIndex { lengths[$0] != 0 } ?? 0) + 1)

        w.write(isFinal ? 1 : 0, 1)
        w.write(2, 2)
        w.write(UInt32(literalCount - 257), 5)
        w.write(UInt32(distanceCount - 1), 5)
        w.write(UInt32(codeLengthCount - 4), 4)
        for i in 0..<codeLengthCount { w.write(UInt32(lengths[order[i]]), 3) }
        for r in runs {
            w.write(UInt32(codes[Int(r.symbol)]), Int(lengths[Int(r.symbol)]))
            if r.extraBits > 0 { w.write(UInt32(r.extra), Int(r.extraBits)) }
        }
    }
}

/// Deflate's fixed tables (RFC 1951 §3.2.5, §3.2.7).
enum Deflate {
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
        99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
        1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
        11, 11, 12, 12, 13, 13,
    ]
    /// The order code-length code lengths are sent in.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length symbol (0–28, i.e. 257–285) for match length − 3 (0–255). Length 258 has its own symbol (285),
    /// not 284 + 31.
    static let lengthSymbol: [UInt8] = (0..<256).map { m in
        let length = m + 3
        return UInt8(lengthBase.lastIndex { Int($0) <= length } ?? 0)
    }

    /// Distance symbol (0–29) for distance `d` (1–32768), through zlib's two-part table: distances up to 256
    /// directly, longer ones by (d − 1) >> 7, since their symbols' bases are multiples of 128 apart or more.
    @inline(__always) static func distanceSymbol(_ d: Int) -> Int {
        Int(distanceSymbolTable[d <= 256 ? d - 1 : 256 + (d - 1) >> 7])
    }

    private static let distanceSymbolTable: [UInt8] = (0..<512).map { i in
        let d = i < 256 ? i + 1 : ((i - 256) << 7) + 1
        return UInt8(distanceBase.lastIndex { Int($0) <= d } ?? 0)
    }

    /// Code lengths as code-length symbols: 0–15 a length, 16 repeats the previous length 3–6 times,
    /// 17 and 18 give runs of 3–10 and 11–138 zeros.
    static func runLengthCoded(_ lengths: [UInt8]) -> [(symbol: UInt8, extra: UInt8, extraBits: UInt8)] {
        var out: [(symbol: UInt8, extra: UInt8, extraBits: UInt8)] = []
        var i = 0
        while i < lengths.count {
            let l = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == l { run += 1 }
            i += run
            if l == 0 {
                while run >= 11 {
                    let k = min(run, 138)
                    out.append((18, UInt8(k - 11), 7))
                    run -= k
                }
                if run >= 3 {
                    out.append((17, UInt8(run - 3), 3))
                    run = 0
                }
            } else {
                out.append((l, 0, 0))
                run -= 1
                while run >= 3 {
                    let k = min(run, 6)
                    out.append((16, UInt8(k - 3), 2))
                    run -= k
                }
            }
            while run > 0 {
                out.append((l, 0, 0))
                run -= 1
            }
        }
        return out
    }
}
