internal import CCairo
import Foundation

/// Owns a cairo surface; finishing flushes it (PDF/SVG write their trailer then).
final class CairoSurface {
    let pointer: OpaquePointer
    /// Runs once the surface is destroyed: gives back memory it drew into (`RasterMemory`).
    private let afterDestroy: (() -> Void)?
    /// Where a stream surface (PDF, SVG) writes. Cairo finishes a surface, and writes its last bytes, when
    /// its last reference goes — on an error path that is after the drawing function has thrown — so the
    /// sink is released only after the surface is destroyed (stored properties outlive `deinit`'s body).
    let sink: ByteSink?

    init(
        _ pointer: OpaquePointer?,
        what: String,
        writingInto sink: ByteSink? = nil,
        afterDestroy: (() -> Void)? = nil
    ) throws {
        guard let pointer else {
            afterDestroy?()
            throw RenderError.cairo("cannot create \(what) surface")
        }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            afterDestroy?()
            throw RenderError.cairo("\(what) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        self.pointer = pointer
        self.afterDestroy = afterDestroy
        self.sink = sink
    }

    func finish() throws {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }

    deinit {
        cairo_surface_destroy(pointer)
        afterDestroy?()
    }
}

/// Owns a cairo drawing context, and keeps its surface (and so the surface's sink) alive until the
/// context is destroyed.
final class CairoContext {
    let pointer: OpaquePointer
    private let surface: CairoSurface

    init(surface: CairoSurface) throws {
        guard let cr = cairo_create(surface.pointer) else { throw RenderError.cairo("cannot create context") }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        pointer = cr
        self.surface = surface
    }

    func check() throws {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
    }

    deinit { cairo_destroy(pointer) }
}

/// Collects what a stream surface (PDF, SVG) writes, in memory.
final class ByteSink {
    var bytes: [UInt8] = []

    /// The C callback cairo calls with each chunk; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
