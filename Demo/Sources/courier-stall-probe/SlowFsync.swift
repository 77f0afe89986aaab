#if os(Linux)
    import Foundation
    import Glibc

    /// Makes `fsync` slow for files under one directory, in this process: a disk under load (a
    /// build writing beside the app) makes a flush wait for a minute or more, and a test cannot
    /// load a disk to order.
    ///
    /// The probe defines the C symbol `fsync` and exports it (`--export-dynamic-symbol=fsync` in
    /// `Package.swift`), so Foundation's `FileHandle.synchronize()` calls this one, which waits
    /// and then calls libc's. Other files are flushed at once.
    enum SlowFsync {
        private struct Rule {
            var directory: String
            var delay: Duration
        }

        private static let rule = Locked<Rule?>(nil)

        /// From now on, delays every `fsync` of a file under `directory` by `delay`.
        static func slow(under directory: URL, by delay: Duration) {
            rule.withLock { $0 = Rule(directory: directory.resolvingSymlinksInPath().path, delay: delay) }
        }

        fileprivate static func delay(for fd: Int32) -> Duration? {
            guard let rule = rule.withLock({ $0 }) else { return nil }
            guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
                path.hasPrefix(rule.directory + "/")
            else { return nil }
            return rule.delay
        }
    }

    private typealias FsyncFunction = @convention(c) (Int32) -> Int32
    private let libcFsync = unsafeBitCast(
        dlsym(UnsafeMutableRawPointer(bitPattern: -1), "fsync"),  // RTLD_NEXT: libc's
        to: FsyncFunction.self)

    /// The process's `fsync`: waits first when ``SlowFsync`` says so, then calls libc's.
    @_cdecl("fsync")
    public func courierTestsFsync(_ fd: Int32) -> Int32 {
        if let delay = SlowFsync.delay(for: fd) {
            let (seconds, attoseconds) = delay.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        }
        return libcFsync(fd)
    }
#endif
