import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` lock on a file in the store's folder, held while an outbox is open:
/// a second outbox on the same folder, in this process or another, is refused. The kernel
/// releases it when the process ends, however it ends, so a crash never leaves the store locked.
final class DirectoryLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or fails at once when another holds it.
    init(path: String) throws(StoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(
                .io, "The outbox could not open its lock file \(path): \(String(cString: strerror(errno))).")
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            _ = close(descriptor)
            if code == EWOULDBLOCK {
                throw StoreError(
                    .alreadyOpen,
                    "Another Outbox, in this process or another, has the store at \(path.dropLast(5)) open; only "
                        + "one may deliver its entries.")
            }
            throw StoreError(.io, "The outbox could not lock \(path): \(String(cString: strerror(code))).")
        }
        self.descriptor = descriptor
    }

    deinit {
        // Closing the descriptor releases the lock.
        _ = close(descriptor)
    }
}
