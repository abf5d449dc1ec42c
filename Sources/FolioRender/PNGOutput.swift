internal import CCairo
internal import CPNG
import FolioCharts
import FolioCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How the PNG encoder compresses. By default with `ScanlineDeflate`, the image-aware deflate made for
/// speed; with a `level`, libdeflate at that level (1–12) and PNG row filters (`PNGFilter`), slower but a
/// little smaller, for files written once and kept (the test baselines in git).
public struct PNGEncoding: Hashable, Sendable {
    public var level: Int32?

    public init(level: Int32?) { self.level = level }

    /// ScanlineDeflate: files a little larger than libdeflate's, written several times as fast
    /// (docs/performance.md, "Measured in the code").
    public static let `default` = PNGEncoding(level: nil)

    /// For images ScanlineDeflate cannot take (rows longer than deflate's 32 KB window).
    static let fallbackLevel: Int32 = 2
}

/// A raster of a scene in Cairo's RGB24 format, at `scale` device pixels per point.
final class RasterImage {
    let surface: CairoSurface
    let width: Int
    let height: Int
    let memory: RasterMemory
    /// The pixels have become PNG scanlines (`scanlines()`).
    private var packed = false

    init(scene: Scene, scale: Double, fonts: FontSet, memory: RasterMemory = RasterMemory()) throws {
        width = max(Int((scene.width * scale).rounded()), 1)
        height = max(Int((scene.height * scale).rounded()), 1)
        self.memory = memory
        // RGB24: charts are opaque, and three channels make a smaller PNG than RGBA.
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        let bytes = stride * height
        guard stride > 0, let pixels = memory.takePixels(bytes) else {
            throw RenderError.cairo("cannot allocate a \(width)×\(height) image")
        }
        // A reused buffer holds the last image: an opaque background covers every pixel, any other is
        // drawn over black, as on a new surface.
        if scene.background.alpha < 1 { memset(pixels, 0, bytes) }
        surface = try CairoSurface(
            cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self),
                CAIRO_FORMAT_RGB24,
                Int32(width),
                Int32(height),
                Int32(stride)
            ),
            what: "image",
            afterDestroy: { memory.giveBack(pixels: pixels, bytes: bytes) }
        )
        let cr = try CairoContext(surface: surface)
        cairo_scale(cr.pointer, scale, scale)
        SceneDrawer(fonts: fonts).draw(scene, into: cr.pointer)
        try cr.check()
        cairo_surface_flush(surface.pointer)
    }

    /// PNG scanlines: filter type 0 (None) and R, G, B bytes per pixel, packed from Cairo's native-endian
    /// 0x00RRGGBB words in place, over the pixels. The pixels are gone afterwards: the image can be
    /// encoded again, not drawn or read as pixels.
    // In place: a row of scanlines (3 bytes a pixel and one) never reaches past the pixels not yet read,
    // and a buffer of its own cost a fresh page of memory every 4 KB in a process that draws one image.
    private func scanlines() throws -> UnsafeBufferPointer<UInt8> {
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError.png("no pixel data") }
        let rowBytes = width * 3 + 1
        let rows = UnsafeBufferPointer(start: UnsafePointer(data), count: rowBytes * height)
        if packed { return rows }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let (w, h) = (width, height)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let o = UnsafeMutableRawPointer(data + y * rowBytes)
            // Four pixels (16 bytes in) become three words (12 bytes out): R G B R | G B R G | B R G B,
            // from each pixel byte-swapped to 0x00BBGGRR. Three stores where one per pixel was the
            // bottleneck of this loop (it runs over all 3.2 MB of the surface). Each group is read
            // before anything is stored over it.
            var x = 0
            while x + 4 <= w {
                let q0 = row[x].byteSwapped >> 8
                let q1 = row[x + 1].byteSwapped >> 8
                let q2 = row[x + 2].byteSwapped >> 8
                let q3 = row[x + 3].byteSwapped >> 8
                let at = 1 + 3 * x
                o.storeBytes(of: UInt32(littleEndian: q0 | q1 << 24), toByteOffset: at, as: UInt32.self)
                o.storeBytes(of: UInt32(littleEndian: q1 >> 8 | q2 << 16), toByteOffset: at + 4, as: UInt32.self)
                o.storeBytes(of: UInt32(littleEndian: q2 >> 16 | q3 << 8), toByteOffset: at + 8, as: UInt32.self)
                x += 4
            }
            while x < w {
                let p = row[x]
                o.storeBytes(of: UInt8(truncatingIfNeeded: p >> 16), toByteOffset: 1 + 3 * x, as: UInt8.self)
                o.storeBytes(of: UInt8(truncatingIfNeeded: p >> 8), toByteOffset: 2 + 3 * x, as: UInt8.self)
                o.storeBytes(of: UInt8(truncatingIfNeeded: p), toByteOffset: 3 + 3 * x, as: UInt8.self)
                x += 1
            }
            // Last: in the first row the filter byte sits on the first pixel.
            o.storeBytes(of: 0, as: UInt8.self)
        }
        packed = true
        return rows
    }

    /// Encodes into an open stdio stream.
    func encode(to file: UnsafeMutablePointer<FILE>, encoding: PNGEncoding) throws {
        try PNGWriter.write(scanlines: try scanlines(), width: width, height: height, to: file, encoding: encoding)
    }

    /// The PNG in memory.
    func pngBytes(encoding: PNGEncoding) throws -> [UInt8] {
        try PNGWriter.bytes(scanlines: try scanlines(), width: width, height: height, encoding: encoding)
    }

    /// RGB bytes, row-major, for image comparison in tests: the scanlines without their filter bytes.
    func rgbPixels() throws -> [UInt8] {
        let raw = try scanlines()
        let rowBytes = width * 3
        var out = [UInt8]()
        out.reserveCapacity(rowBytes * height)
        for y in 0..<height { out += raw[(y * (rowBytes + 1) + 1)...(y * (rowBytes + 1) + rowBytes)] }
        return out
    }
}

/// RGB scanlines (filter byte 0, then R, G, B per pixel) → PNG: the image data deflated here, the file
/// structure written by libpng. The scanlines are left as they are: libdeflate's path filters a copy.
enum PNGWriter {
    static func write(
        scanlines raw: UnsafeBufferPointer<UInt8>,
        width: Int,
        height: Int,
        to file: UnsafeMutablePointer<FILE>,
        encoding: PNGEncoding
    ) throws {
        let rowBytes = width * 3 + 1
        guard width > 0, height > 0, raw.count == rowBytes * height else { throw RenderError.png("bad scanlines") }
        let idat: [UInt8]
        if encoding.level == nil && ScanlineDeflate.canEncode(rowBytes: rowBytes) {
            idat = ScanlineDeflate.zlib(raw, rowBytes: rowBytes)
        } else {
            var copy = Array(raw)
            idat = try libdeflateZlib(
                &copy,
                width: width,
                height: height,
                level: encoding.level ?? PNGEncoding.fallbackLevel
            )
        }
        let result = idat.withUnsafeBufferPointer {
            folio_png_write_idat(file, UInt32(width), UInt32(height), $0.baseAddress, $0.count)
        }
        guard result == 0 else {
            // A write to the stream failed (a full disk): the caller knows the file to name.
            if result > 0 { throw StreamWriteError(errno: result) }
            throw RenderError.png("libpng refused the image")
        }
    }

    /// The PNG in memory (glibc's open_memstream gives libpng a FILE that grows a buffer).
    static func bytes(
        scanlines raw: UnsafeBufferPointer<UInt8>,
        width: Int,
        height: Int,
        encoding: PNGEncoding
    ) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw RenderError.png("open_memstream failed") }
        do {
            try write(scanlines: raw, width: width, height: height, to: stream, encoding: encoding)
        } catch let failed as StreamWriteError {
            fclose(stream)
            free(buffer)
            throw RenderError.png("cannot hold the image in memory: \(FileError.reason(errno: failed.errno))")
        } catch {
            fclose(stream)
            free(buffer)
            throw error
        }
        fclose(stream)
        defer { free(buffer) }
        guard let buffer else { return [] }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size).bindMemory(to: UInt8.self))
    }

    /// Filters the scanlines when that compresses better (see PNGFilter) and deflates them with libdeflate.
    private static func libdeflateZlib(_ raw: inout [UInt8], width: Int, height: Int, level: Int32) throws -> [UInt8] {
        var compressor = try DeflateCompressor(level: level)
        let filteredLevel = PNGFilter.apply(to: &raw, width: width, height: height, compressor: compressor)
        if filteredLevel != compressor.level { compressor = try DeflateCompressor(level: filteredLevel) }
        let bound = libdeflate_zlib_compress_bound(compressor.pointer, raw.count)
        let out = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = raw.withUnsafeBufferPointer {
                libdeflate_zlib_compress(compressor.pointer, $0.baseAddress, $0.count, out.baseAddress, bound)
            }
        }
        guard !out.isEmpty else { throw RenderError.png("libdeflate failed") }
        return out
    }
}
