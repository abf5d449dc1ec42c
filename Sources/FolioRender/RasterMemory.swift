import Foundation
import Synchronization

/// The large buffer of every PNG — Cairo's pixels (4 bytes a pixel), packed into the PNG scanlines
/// in place — kept for the next image of the same size. A fresh one costs more than drawing: the kernel
/// maps and zeroes every page on first touch, and Cairo clears the surface again; a batch and the
/// benchmark render thousands of images of one size. One per `Renderer`; safe to share between threads.
final class RasterMemory: Sendable {
    /// Buffers kept: one image in flight per thread that shares the renderer is the usual case.
    static let kept = 4

    private struct Pixels: @unchecked Sendable {
        var pointer: UnsafeMutableRawPointer
        var bytes: Int
    }
    private let pixels = Mutex<[Pixels]>([])

    deinit { for p in pixels.withLock({ $0 }) { free(p.pointer) } }

    /// Memory for `bytes` of pixels, uninitialised (a reused one holds the last image's scanlines).
    func takePixels(_ bytes: Int) -> UnsafeMutableRawPointer? {
        if let found = pixels.withLock({ list in list.firstIndex { $0.bytes == bytes }.map { list.remove(at: $0) } }) {
            return found.pointer
        }
        // 64-byte alignment: Cairo's and pixman's vector code load whole cache lines.
        var pointer: UnsafeMutableRawPointer?
        return posix_memalign(&pointer, 64, bytes) == 0 ? pointer : nil
    }

    func giveBack(pixels pointer: UnsafeMutableRawPointer, bytes: Int) {
        let extra: Pixels? = pixels.withLock { list in
            list.append(Pixels(pointer: pointer, bytes: bytes))
            return list.count > Self.kept ? list.removeFirst() : nil
        }
        if let extra { free(extra.pointer) }
    }
}
