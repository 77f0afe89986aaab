import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's peak resident memory (Linux's `VmHWM`), which can be reset to the current
/// resident size, so that a test (or `courier-memory-probe`, in a process of its own) can see what
/// one call cost at most.
package enum PeakMemory {
    /// Whether the peak can be reset and read here (Linux 4.0 and later).
    package static let isAvailable: Bool = {
        #if os(Linux)
            return FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") && field("VmHWM") != nil
        #else
            return false
        #endif
    }()

    /// Returns freed memory to the system, then makes the peak the current resident size.
    ///
    /// Without the trim, memory a previous test freed stays in the allocator's free lists and is
    /// reused without raising the resident size, which would hide what the next call takes.
    ///
    /// - Returns: The resident size, in bytes, the peak now starts from.
    package static func reset() throws -> Int {
        #if os(Linux)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
            try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        #endif
        return field("VmRSS") ?? 0
    }

    /// The peak resident size since the last ``reset()``, in bytes.
    package static var peak: Int { field("VmHWM") ?? 0 }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = ProcFile.read("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
            let kilobytes = line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap {
                Int($0)
            }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
