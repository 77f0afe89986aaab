import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's file operations over POSIX calls: `open`, `write`, `fsync`, `rename`.
///
/// On Apple platforms `fsync` only hands the bytes to the drive, whose cache may still lose them
/// at a power cut; `F_FULLFSYNC` asks the drive to write them through, as SQLite does in its
/// `fullfsync` mode.
package struct SystemFileSystem: StoreFileSystem {
    /// The file system.
    package init() {}

    /// An `errno` as the error it names, with the operation and path.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32

        var description: String {
            "\(operation) \(path): \(String(cString: strerror(code)))"
        }
    }

    private static func check(_ result: Int32, _ operation: String, _ path: String) throws(Failure) {
        if result < 0 { throw Failure(operation: operation, path: path, code: errno) }
    }

    package func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func contents(of path: String) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT { return nil }
        try Self.check(descriptor, "open", path)
        defer { closeDescriptor(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            try Self.check(Int32(clamping: count), "read", path)
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    package func openForAppending(_ path: String) throws -> StoreFileHandle {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        try Self.check(descriptor, "open", path)
        return StoreFileHandle(rawValue: descriptor)
    }

    package func create(_ path: String) throws -> StoreFileHandle {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try Self.check(descriptor, "create", path)
        return StoreFileHandle(rawValue: descriptor)
    }

    package func append(_ bytes: [UInt8], to file: StoreFileHandle) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(file.rawValue, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0, errno == EINTR { continue }
            try Self.check(Int32(clamping: count), "write", "descriptor \(file.rawValue)")
            written += count
        }
    }

    package func synchronize(_ file: StoreFileHandle) throws {
        try Self.flush(file.rawValue, "descriptor \(file.rawValue)")
    }

    package func truncate(_ file: StoreFileHandle, to length: Int) throws {
        try Self.check(ftruncate(file.rawValue, off_t(length)), "ftruncate", "descriptor \(file.rawValue)")
    }

    package func close(_ file: StoreFileHandle) {
        closeDescriptor(file.rawValue)
    }

    package func synchronizeDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try Self.check(descriptor, "open", path)
        defer { closeDescriptor(descriptor) }
        try Self.flush(descriptor, path)
    }

    package func rename(_ source: String, to destination: String) throws {
        try Self.check(renameFile(source, destination), "rename", source)
    }

    package func remove(_ path: String) throws {
        if unlink(path) < 0, errno != ENOENT { try Self.check(-1, "unlink", path) }
    }

    package func fileNames(in directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory)
    }

    /// `fsync(2)`, or on Apple platforms `F_FULLFSYNC` (falling back to `fsync` where the file
    /// system does not support it).
    private static func flush(_ descriptor: Int32, _ path: String) throws(Failure) {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) < 0 {
            if errno == EINTR { continue }
            throw Failure(operation: "fsync", path: path, code: errno)
        }
    }
}

// At file scope, where the C functions are not hidden by the methods of the same names.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func renameFile(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
