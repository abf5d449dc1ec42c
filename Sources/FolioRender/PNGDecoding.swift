internal import CCairo
import Foundation

/// Reads a PNG back into RGB pixels (through Cairo's reader), for comparing renders with baselines.
package enum PNGDecoding {
    /// RGB bytes row-major, and the image size; `nil` when the file is missing or not a PNG.
    package static func rgb(contentsOf path: String) -> (pixels: [UInt8], width: Int, height: Int)? {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                out[(y * width + x) * 3] = UInt8(truncatingIfNeeded: p >> 16)
                out[(y * width + x) * 3 + 1] = UInt8(truncatingIfNeeded: p >> 8)
                out[(y * width + x) * 3 + 2] = UInt8(truncatingIfNeeded: p)
            }
        }
        return (out, width, height)
    }

    /// Writes RGB pixels as a PNG (for diff images in test failures).
    package static func write(rgb pixels: [UInt8], width: Int, height: Int, to path: String) throws {
        let surface = try CairoSurface(
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            what: "image"
        )
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError.png("no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let i = (y * width + x) * 3
                row[x] = UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2])
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        guard cairo_surface_write_to_png(surface.pointer, path) == CAIRO_STATUS_SUCCESS else {
            throw RenderError.io(path: path, reason: "cannot write PNG")
        }
    }
}

/// Cairo's own PNG writer, kept only to compare sizes with ours (tests).
func cairo_write(_ image: RasterImage, _ path: String) -> Int32 {
    Int32(cairo_surface_write_to_png(image.surface.pointer, path).rawValue)
}
