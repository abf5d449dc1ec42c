internal import CPNG

/// How glibc's allocator treats the memory a renderer frees, set once at the start of a process that
/// renders. Rendering allocates and frees the same large buffers over and over (token and bit buffers of
/// the PNG encoder, Cairo's paths and glyph runs, report layout): by default glibc serves those above
/// 128 KB with fresh `mmap`s and gives the top of the heap back to the kernel as soon as it is free, and
/// the kernel then maps and zeroes every page again on the next touch — 6 % of a W4 render. Kept, the
/// memory is reused; the process's peak is unchanged, it only stays at its peak until it exits.
public enum ProcessMemory {
    /// Allocations below this come from the heap (glibc's own upper limit is 32 MiB).
    static let mmapThreshold: Int32 = 16 << 20
    /// Free memory at the top of the heap kept for reuse.
    static let trimThreshold: Int32 = 64 << 20

    public static func keepFreedMemoryForReuse() {
        mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        mallopt(M_TRIM_THRESHOLD, trimThreshold)
    }

    /// Hands the free heap back to the kernel now (for a measurement of resident memory).
    package static func returnFreedMemory() { malloc_trim(0) }
}
