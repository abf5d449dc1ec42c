import CCairo
import CPNG
import Foundation
import FolioCharts
#if canImport(Glibc)
import Glibc
#endif

/// How the PNG encoder compresses. Charts are flat colour with long runs and antialiased edges:
/// the Up filter turns repeated rows into zeros and the Sub filter turns flat runs into zeros, and zlib's
/// run-length strategy at a low level then compresses them as well as the default strategy does, many times
/// faster (measurements in `PNGEncoding.default`'s comment).
public struct PNGEncoding: Hashable, Sendable {
    public var filters: Int32
    public var level: Int32
    public var strategy: Int32

    public init(filters: Int32, level: Int32, strategy: Int32) {
        self.filters = filters; self.level = level; self.strategy = strategy
    }

    /// Measured on the W1 chart at 1200×675 (see the report in the charts branch history).
    public static let `default` = PNGEncoding(filters: Int32(PNG_FILTER_UP | PNG_FILTER_SUB), level: 1, strategy: Z_RLE)
}

/// A raster of a scene in Cairo's RGB24 format, at `scale` device pixels per point.
final class RasterImage {
    let surface: CairoSurface
    let width: Int
    let height: Int

    init(scene: Scene, scale: Double, fonts: FontSet) throws {
        width = max(Int((scene.width * scale).rounded()), 1)
        height = max(Int((scene.height * scale).rounded()), 1)
        // RGB24: charts are opaque, and three channels make a smaller PNG than RGBA.
        surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
                                   what: "image")
        let cr = try CairoContext(surface: surface)
        cairo_scale(cr.pointer, scale, scale)
        SceneDrawer(fonts: fonts).draw(scene, into: cr.pointer)
        try cr.check()
        cairo_surface_flush(surface.pointer)
    }

    /// Encodes through libpng into an open stdio stream.
    func encode(to file: UnsafeMutablePointer<FILE>, encoding: PNGEncoding) throws {
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError.png("no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let result = folio_png_write_cairo_rgb24(file, UInt32(width), UInt32(height), data, stride,
                                                 encoding.filters, encoding.level, encoding.strategy)
        guard result == 0 else { throw RenderError.png("libpng could not encode the image") }
    }

    /// The PNG in memory (glibc's open_memstream gives libpng a FILE that grows a buffer).
    func pngBytes(encoding: PNGEncoding) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw RenderError.png("open_memstream failed") }
        do {
            try encode(to: stream, encoding: encoding)
        } catch {
            fclose(stream); free(buffer)
            throw error
        }
        fclose(stream)
        defer { free(buffer) }
        guard let buffer else { return [] }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size).bindMemory(to: UInt8.self))
    }

    /// RGB bytes, row-major, for image comparison in tests.
    func rgbPixels() -> [UInt8] {
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                out[(y * width + x) * 3] = UInt8((p >> 16) & 0xFF)
                out[(y * width + x) * 3 + 1] = UInt8((p >> 8) & 0xFF)
                out[(y * width + x) * 3 + 2] = UInt8(p & 0xFF)
            }
        }
        return out
    }
}
