import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// `digest-bench [--seconds S]`: Courier's SHA-256 and SHA-512 (its own source files, linked
// from Sources/CourierCore/Support and built as Courier builds them on this platform, see
// Package.swift), hashing 16 KiB buffers one at a time, as `openssl speed -bytes 16384` does.
// Prints one line of JSON per algorithm and implementation: the one Courier hashes with in this
// build (`compiled`) and Courier's own (`portable`), in MB/s (10^6 bytes, OpenSSL's unit) of the
// process's CPU time, as `openssl speed` counts (user time) without `-elapsed`: on a shared
// machine the figures then do not depend on what else runs.
//
// `digest-bench --file PATH`: hashes a file the way a download's hasher does (``FileHasher``:
// 1 MiB `pread`s), with the compiled SHA-256 and SHA-512, and prints the seconds each took (wall
// clock, as the download is timed).

#if DEBUG
    let build = "debug"
#else
    let build = "release"
#endif

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst(), name.hasPrefix("--"), let value = arguments.popFirst() {
    options[String(name.dropFirst(2))] = value
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The process's CPU time, in seconds (`clock()`: user and system; hashing spends it in user).
func cpuTime() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
}

/// Hashes 16 KiB buffers, each to its digest, for about `duration` of CPU time; returns MB/s.
func speed(_ hashOne: (UnsafeRawBufferPointer) -> [UInt8], for duration: Duration) -> Double {
    let buffer = (0..<16384).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var bytes = 0
    var sink: UInt8 = 0
    let started = cpuTime()
    while cpuTime() - started < seconds(duration) {
        for _ in 0..<16 {
            sink ^= buffer.withUnsafeBytes { hashOne($0) }[0]
            bytes += buffer.count
        }
    }
    let elapsed = cpuTime() - started
    if sink == 0x5a { print("", terminator: "") }  // keeps the digests alive
    return Double(bytes) / elapsed / 1e6
}

func report(_ fields: [String: Any]) {
    let json = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
}

if let path = options["file"] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { fatalError("cannot open \(path)") }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    func hashFile<H: SHA2>(_: H.Type) -> (Double, Int) {
        var hash = H()
        var offset: off_t = 0
        let started = ContinuousClock.now
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            guard read > 0 else { break }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
            offset += off_t(read)
        }
        _ = hash.finalize()
        return (seconds(started.duration(to: .now)), Int(offset))
    }
    for (name, run) in [("sha-256", { hashFile(SHA256.self) }), ("sha-512", { hashFile(SHA512.self) })] {
        let (elapsed, bytes) = run()
        report([
            "build": build, "algorithm": name, "file_bytes": bytes, "seconds": (elapsed * 1000).rounded() / 1000,
        ])
    }
    exit(0)
}

let duration = Duration.seconds(Double(options["seconds"] ?? "3") ?? 3)
let implementations: [(String, String, (UnsafeRawBufferPointer) -> [UInt8])] = [
    (
        "sha-256", "compiled",
        {
            var hash = SHA256()
            hash.update($0)
            return hash.finalize()
        }
    ),
    (
        "sha-256", "portable",
        {
            var hash = PortableSHA256()
            hash.update(bufferPointer: $0)
            return hash.finalize()
        }
    ),
    (
        "sha-512", "compiled",
        {
            var hash = SHA512()
            hash.update($0)
            return hash.finalize()
        }
    ),
    (
        "sha-512", "portable",
        {
            var hash = PortableSHA512()
            hash.update(bufferPointer: $0)
            return hash.finalize()
        }
    ),
]
for (algorithm, implementation, hashOne) in implementations {
    let rate = speed(hashOne, for: duration)
    report(["build": build, "algorithm": algorithm, "implementation": implementation, "mb_per_second": Int(rate)])
}
