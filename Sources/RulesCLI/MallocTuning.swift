import Foundation

/// `rules index build` allocates some 30 MB in a few hundred milliseconds of CPU and exits.
/// glibc's malloc gives a large array a mapping of its own and returns it to the kernel
/// when freed, and trims its heaps as they empty, so the same memory is faulted in again
/// and again: page faults were about a fifth of the build's CPU time. Raising the
/// thresholds keeps freed memory in the heaps for the next arrays.
enum MallocTuning {
    // glibc's <malloc.h>, which the Glibc module does not export.
    @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3

    static func keepFreedMemory() {
        _ = mallopt(mmapThreshold, 64 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        _ = mallopt(topPad, 16 << 20)
    }
}
