import CPNG
import FolioCharts
import FolioCore
import Foundation
import Testing

@testable import FolioRender

/// The image-aware deflate encoder (ScanlineDeflate): every stream must inflate to exactly its input, with
/// zlib (through libpng, reading the PNG back) and with libdeflate's strict zlib decoder (which also checks
/// the Adler-32).
@Suite struct ScanlineDeflateTests {
    /// Scanlines (filter byte 0, then RGB) from RGB pixels.
    static func scanlines(rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            out.append(0)
            out += rgb[(y * width * 3)..<((y + 1) * width * 3)]
        }
        return out
    }

    /// Inflates with libdeflate; nil when it rejects the stream.
    static func inflate(_ stream: [UInt8], size: Int) -> [UInt8]? {
        guard let d = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(d) }
        var out = [UInt8](repeating: 0, count: size)
        var actual = 0
        let result = stream.withUnsafeBytes { s in
            out.withUnsafeMutableBytes { o in
                libdeflate_zlib_decompress(d, s.baseAddress, s.count, o.baseAddress, o.count, &actual)
            }
        }
        return result == LIBDEFLATE_SUCCESS && actual == size ? out : nil
    }

    /// Encodes RGB pixels as a PNG with the default encoding, reads it back with libpng (zlib's inflate),
    /// and checks the pixels; also inflates the bare zlib stream with libdeflate when the fast encoder
    /// applies. Returns the PNG's size.
    @discardableResult
    static func roundTrip(
        rgb: [UInt8],
        width: Int,
        height: Int,
        blockBytes: Int = ScanlineDeflate.defaultBlockBytes,
        _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let raw = scanlines(rgb: rgb, width: width, height: height)
        let rowBytes = width * 3 + 1
        if ScanlineDeflate.canEncode(rowBytes: rowBytes) {
            let stream = raw.withUnsafeBufferPointer {
                ScanlineDeflate.zlib($0, rowBytes: rowBytes, blockBytes: blockBytes)
            }
            #expect(
                inflate(stream, size: raw.count) == raw,
                "\(what): libdeflate inflate",
                sourceLocation: sourceLocation
            )
        }
        let png = try raw.withUnsafeBufferPointer {
            try PNGWriter.bytes(scanlines: $0, width: width, height: height, encoding: .default)
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("image.png")
        try Data(png).write(to: url)
        let decoded = try #require(
            PNGDecoding.rgb(contentsOf: url.path),
            "\(what): libpng rejects it",
            sourceLocation: sourceLocation
        )
        #expect(decoded.width == width && decoded.height == height, "\(what)", sourceLocation: sourceLocation)
        #expect(decoded.pixels == rgb, "\(what): pixels differ", sourceLocation: sourceLocation)
        return png.count
    }

    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var g = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: g.next()) }
    }

    @Test func galleryChartsRoundTrip() throws {
        let renderer = try Renderer()
        for theme in [Theme.light, .dark] {
            for (name, spec) in Gallery.charts(theme, .uk) + EdgeCases.charts() {
                for (w, h) in [(640.0, 360.0), (1200.0, 675.0)] {
                    let scene = spec.resized(width: w, height: h).scene(measurer: renderer.measurer)
                    let image = try renderer.rgb(scene)
                    try Self.roundTrip(
                        rgb: image.pixels,
                        width: image.width,
                        height: image.height,
                        "\(name) \(theme) \(w)"
                    )
                }
            }
        }
    }

    @Test func manySmallBlocksRoundTrip() throws {
        let renderer = try Renderer()
        let spec = try #require(Gallery.charts(.dark, .en).first { $0.name == "bars" }).spec
        let image = try renderer.rgb(spec.scene(measurer: renderer.measurer))
        for blockBytes in [1, 7, 1000, 65536] {
            try Self.roundTrip(
                rgb: image.pixels,
                width: image.width,
                height: image.height,
                blockBytes: blockBytes,
                "bars in blocks of \(blockBytes)"
            )
        }
    }

    @Test func randomNoiseRoundTrips() throws {
        // Incompressible: almost all literals, with every byte value and long codes for the rare ones.
        for (w, h, seed) in [(1, 1, 1), (2, 3, 2), (97, 61, 3), (640, 360, 4)] as [(Int, Int, UInt64)] {
            try Self.roundTrip(rgb: Self.noise(count: w * h * 3, seed: seed), width: w, height: h, "noise \(w)×\(h)")
        }
    }

    @Test func onePixelAndTinyImages() throws {
        try Self.roundTrip(rgb: [12, 200, 7], width: 1, height: 1, "1×1")
        try Self.roundTrip(rgb: [0, 0, 0], width: 1, height: 1, "1×1 black")
        try Self.roundTrip(rgb: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], width: 1, height: 4, "1×4, rows equal")
        try Self.roundTrip(rgb: [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], width: 4, height: 1, "4×1, pixels equal")
    }

    @Test func singleColourImageIsTiny() throws {
        let (w, h) = (1200, 675)
        let rgb = Array([[UInt8]](repeating: [0x1F, 0x23, 0x2A], count: w * h).joined())
        let size = try Self.roundTrip(rgb: rgb, width: w, height: h, "single colour")
        #expect(size < 4000, "single colour: \(size) B")
    }

    @Test func rowsAllEqualToTheFirst() throws {
        let (w, h) = (333, 200)
        let row = Self.noise(count: w * 3, seed: 9)
        let rgb = Array([[UInt8]](repeating: row, count: h).joined())
        let size = try Self.roundTrip(rgb: rgb, width: w, height: h, "equal rows")
        // The first row is literals, every other row a few 258-byte matches with the row above.
        #expect(size < w * 3 + (h - 1) * 4 * 3, "equal rows: \(size) B")
    }

    @Test func widthsAroundTheDeflateWindow() throws {
        // rowBytes = 3·width + 1: 32764 and 32767 fit in deflate's 32 KB window, 32770 does not (libdeflate).
        for w in [10921, 10922, 10923] {
            #expect(ScanlineDeflate.canEncode(rowBytes: w * 3 + 1) == (w <= 10922))
            let h = 4
            let row = Self.noise(count: w * 3, seed: UInt64(w))
            // Rows 0 and 2 noise; 1 and 3 repeat the row above (matches at the full row distance), except a
            // few changed bytes.
            var rgb = row + row + Self.noise(count: w * 3, seed: 1) + row
            rgb[w * 3 + 5] ^= 0xFF
            rgb[3 * w * 3 + w] ^= 0x55
            try Self.roundTrip(rgb: rgb, width: w, height: h, "width \(w)")
        }
    }

    @Test func fibonacciFrequenciesAreLengthLimited() throws {
        // Fibonacci weights make an unlimited Huffman code as deep as the alphabet is long.
        var fib: [UInt32] = [1, 1]
        while fib.count < 30 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        for maxLength in [7, 15] {
            let symbols = Array(fib.prefix(maxLength == 7 ? 19 : 30))
            let lengths = HuffmanCode.lengths(frequencies: symbols, maxLength: maxLength)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= maxLength })
            #expect(lengths.contains { Int($0) == maxLength })
            let kraft = lengths.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1, "complete code")
        }
        // Unconstrained, it costs what the Huffman tree (1, 2, 3, … 9, 9 bits) costs.
        let ten = Array(fib.prefix(10))
        let free = HuffmanCode.lengths(frequencies: ten, maxLength: 15)
        let cost = zip(ten, free).reduce(0) { $0 + Int($1.0) * Int($1.1) }
        let huffman = zip(ten, [9, 9, 8, 7, 6, 5, 4, 3, 2, 1]).reduce(0) { $0 + Int($1.0) * $1.1 }
        #expect(cost == huffman)
        // One or no symbols still give a complete code (inflate rejects incomplete ones).
        #expect(HuffmanCode.lengths(frequencies: [0, 0, 5, 0], maxLength: 15) == [1, 0, 1, 0])
        #expect(HuffmanCode.lengths(frequencies: [0, 0, 0], maxLength: 15) == [1, 1, 0])
    }

    @Test func fibonacciLiteralsInAStreamInflate() throws {
        // A block of literals only with Fibonacci counts (the end-of-block symbol is the first 1, byte values
        // 1…23 the rest; an unlimited Huffman code would be over 20 bits deep), written the way
        // ScanlineDeflate writes blocks: its literal code must be cut to 15 bits, and zlib (through libpng)
        // and libdeflate must inflate it to the same pixels.
        var fib = [1, 1]
        while fib.count < 24 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        var symbols = fib.indices.dropFirst().flatMap { [UInt8](repeating: UInt8($0), count: fib[$0]) }
        let width = 64
        let rowBytes = width * 3 + 1
        let height = (symbols.count + width * 3 - 1) / (width * 3)
        symbols += [UInt8](repeating: UInt8(fib.count - 1), count: height * width * 3 - symbols.count)
        var g = SplitMix64(seed: 5)
        let rgb = g.shuffled(symbols)
        let raw = Self.scanlines(rgb: rgb, width: width, height: height)

        var histogram = [UInt32](repeating: 0, count: Token.histogramCount)
        for b in raw { histogram[Int(b)] += 1 }
        let tokens = raw.map(UInt32.init)
        let code = BlockCode(histogram: histogram, rowBytes: rowBytes)
        #expect(code.literalLengths.max() == 15, "the histogram needs limiting")
        #expect(code.literalLengths.allSatisfy { $0 <= 15 } && code.distanceLengths.allSatisfy { $0 <= 15 })

        var writer = BitWriter(capacity: 64)
        writer.write(0x78, 8)
        writer.write(0x01, 8)
        writer.reserve(code.byteCount(histogram: histogram) + 8)
        tokens.withUnsafeBufferPointer { t in
            code.write(
                tokens: UnsafeMutablePointer(mutating: t.baseAddress!),
                count: t.count,
                isFinal: true,
                to: &writer
            )
        }
        writer.alignToByte()
        let adler = raw.withUnsafeBufferPointer { libdeflate_adler32(1, $0.baseAddress, $0.count) }
        writer.write(adler.byteSwapped, 32)
        let stream = writer.finish()
        #expect(Self.inflate(stream, size: raw.count) == raw, "libdeflate inflate")

        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("fibonacci.png").path
        let file = try #require(fopen(path, "wb"))
        let result = stream.withUnsafeBufferPointer {
            folio_png_write_idat(file, UInt32(width), UInt32(height), $0.baseAddress, $0.count)
        }
        fclose(file)
        #expect(result == 0)
        let decoded = try #require(PNGDecoding.rgb(contentsOf: path), "libpng rejects it")
        #expect(decoded.pixels == rgb)
    }
}

/// What the speed costs in size: the default encoder against the one it replaced (libdeflate level 2 with
/// PNGFilter, still `PNGEncoding(level: 2)`), on the gallery at the benchmark size.
@Suite struct ScanlineDeflateSizeTests {
    @Test func galleryWithinAFifthOfLibdeflate() throws {
        let renderer = try Renderer()
        var total = (ours: 0, libdeflate: 0)
        for theme in [Theme.light, .dark] {
            for (name, spec) in Gallery.charts(theme, .en) {
                let scene = spec.resized(width: 1200, height: 675).scene(measurer: renderer.measurer)
                let image = try RasterImage(scene: scene, scale: 1, fonts: renderer.fonts)
                let ours = try image.pngBytes(encoding: .default).count
                let libdeflate = try image.pngBytes(encoding: PNGEncoding(level: 2)).count
                print(
                    "size \(name)-\(theme.name): \(libdeflate) B → \(ours) B (\(String(format: "%+.1f", 100 * Double(ours - libdeflate) / Double(libdeflate))) %)"
                )
                #expect(Double(ours) <= 1.2 * Double(libdeflate), "\(name) \(theme): \(ours) B vs \(libdeflate) B")
                total.ours += ours
                total.libdeflate += libdeflate
            }
        }
        print("size total: \(total.libdeflate) B → \(total.ours) B")
    }
}
