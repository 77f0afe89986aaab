import CourierCore
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download's hash, taken from its file as the file grows, on a queue of its own: the bytes are
/// hashed as they are written (across resumptions too), while the transfer goes on.
///
/// Whoever writes the file says how far it holds the body (``advance(to:)``, which never waits);
/// the queue reads those bytes back (from the page cache, just written) and hashes them, a
/// megabyte at a time, off the receiving path and off Swift's cooperative pool. When the last
/// byte has arrived, ``digest(of:)`` waits for the hash to catch up: at most the time the hash
/// takes over the whole file, when the transfer is quicker than the hash, and otherwise next to
/// nothing.
///
/// A download makes one when it has a digest to check, and keeps it while its segments follow one
/// another in the same file; bytes kept from before (a partial download, or bytes received before
/// the digest was known) are hashed from the start of the file, while the rest arrives.
final class FileHasher: Sendable {
    let algorithm: DigestAlgorithm
    /// The file hashed, from its first byte.
    let file: URL
    private let queue = DispatchQueue(label: "Courier.FileHasher")
    private let progress = Locked(Progress())
    /// Touched only by the queue's work, one step at a time.
    private let work: Locked<Work>

    /// The bytes read in one step.
    static let readSize = 1024 * 1024

    private struct Progress {
        /// The bytes the file holds, as far as the hasher was told.
        var available: Int64 = 0
        /// The bytes hashed.
        var hashed: Int64 = 0
        /// Whether the queue has work in hand or on its way.
        var scheduled = false
        var stopped = false
        var failure: APIError?
        /// Those waiting for the hash of a length, with the length.
        var waiters: [(Int64, CheckedContinuation<Void, Never>)] = []

        /// Takes the waiters the hash now answers: their length is hashed, or it never will be.
        mutating func takeAnswered() -> [CheckedContinuation<Void, Never>] {
            let ended = stopped || failure != nil
            let answered = waiters.filter { ended || $0.0 <= hashed }.map(\.1)
            waiters.removeAll { ended || $0.0 <= hashed }
            return answered
        }
    }

    private struct Work {
        var hasher: DigestHasher
        var descriptor: Int32 = -1
        var buffer: [UInt8] = []
    }

    init(_ algorithm: DigestAlgorithm, file: URL) {
        self.algorithm = algorithm
        self.file = file
        work = Locked(Work(hasher: DigestHasher(algorithm)))
    }

    deinit {
        work.withLock { work in
            if work.descriptor >= 0 { close(work.descriptor) }
        }
    }

    /// The bytes of the file the hasher was told about (``advance(to:)``).
    var available: Int64 {
        progress.withLock { $0.available }
    }

    /// Tells the hasher that the file holds at least `length` bytes of the body: they are hashed in
    /// the background. Returns at once.
    func advance(to length: Int64) {
        let starts = progress.withLock { progress -> Bool in
            guard length > progress.available else { return false }
            progress.available = length
            guard !progress.scheduled, !progress.stopped, progress.failure == nil else { return false }
            progress.scheduled = true
            return true
        }
        if starts { queue.async { self.run() } }
    }

    /// Waits until the file's first `length` bytes are hashed, and returns their digest: `length`
    /// is all the hasher was told about (``advance(to:)``), or more.
    ///
    /// - Throws: `CancellationError` when the task is cancelled meanwhile (the hasher stops), or
    ///   ``APIError/Kind/storage`` when the file could not be read back.
    func digest(of length: Int64) async throws -> [UInt8] {
        advance(to: length)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = progress.withLock { progress -> Bool in
                    if progress.stopped || progress.failure != nil || progress.hashed >= length { return true }
                    progress.waiters.append((length, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            stop()
        }
        let (hashed, failure) = progress.withLock { ($0.hashed, $0.failure) }
        if let failure { throw failure }
        guard hashed >= length else { throw CancellationError() }
        // The queue is idle: everything it was told about is hashed.
        return work.withLock { $0.hasher.finalize() }
    }

    /// Stops hashing: the download ended, or its bytes no longer follow the ones hashed.
    func stop() {
        let answered = progress.withLock { progress -> [CheckedContinuation<Void, Never>] in
            progress.stopped = true
            return progress.takeAnswered()
        }
        for waiter in answered { waiter.resume() }
    }

    /// The queue's work: hashes what the file holds, a step at a time, until it has caught up.
    private func run() {
        while true {
            let next = progress.withLock { progress -> (from: Int64, count: Int)? in
                guard !progress.stopped, progress.failure == nil, progress.hashed < progress.available else {
                    progress.scheduled = false
                    return nil
                }
                return (progress.hashed, Int(min(progress.available - progress.hashed, Int64(Self.readSize))))
            }
            guard let next else { return }
            let result = work.withLock { work in Self.hash(next.count, at: next.from, of: file, into: &work) }
            let answered = progress.withLock { progress -> [CheckedContinuation<Void, Never>] in
                switch result {
                case .success: progress.hashed += Int64(next.count)
                case .failure(let error): progress.failure = error
                }
                return progress.takeAnswered()
            }
            for waiter in answered { waiter.resume() }
        }
    }

    /// Reads `count` bytes of `file` at `offset` and adds them to the hash.
    private static func hash(_ count: Int, at offset: Int64, of file: URL, into work: inout Work) -> Result<
        Void, APIError
    > {
        if work.descriptor < 0 {
            work.descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            guard work.descriptor >= 0 else { return .failure(readError(file)) }
        }
        if work.buffer.count < count { work.buffer = [UInt8](repeating: 0, count: readSize) }
        let descriptor = work.descriptor
        let read = work.buffer.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < count {
                let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { break }
                done += result
            }
            return done
        }
        guard read == count else { return .failure(readError(file)) }
        work.buffer.withUnsafeBytes { work.hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        return .success(())
    }

    private static func readError(_ file: URL) -> APIError {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return APIError(.storage, "Could not read \(file.path).", underlying: POSIXError(code))
    }
}
