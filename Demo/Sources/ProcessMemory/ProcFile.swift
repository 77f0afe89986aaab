import Foundation

/// A file of `/proc`, read to its end.
///
/// `/proc` files announce a size of 0, and Foundation's `String(contentsOfFile:)` then reads only
/// the first page: 4 KiB of a `/proc/net/tcp` that other processes' connections can make far
/// longer, so a socket past them would go unseen.
package enum ProcFile {
    /// The file's whole text, or nil if it cannot be read (not Linux, say).
    package static func read(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
