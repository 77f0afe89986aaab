package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response body written to a file as it arrives: a download's body (``DownloadFile``).
///
/// FoundationNetworking hands every chunk to the session's delegate without waiting, and no
/// delegate callback may wait for a reader (every session in the process shares one serial work
/// queue), so a body handed on in memory queues as fast as the network delivers it. A download
/// does not need it in memory: ``URLSessionTransport``'s callback appends each chunk here, where it
/// is called, as FoundationNetworking's own download tasks do, and memory stays at one gathered
/// write whatever the size. The client waits for the spool to end (``FileSink``), or reads the body
/// back as the file grows (``SpoolReader``). The client also writes a body that arrives some other
/// way (over AsyncHTTPClient, from a stub) through one.
///
/// A spool writes one response's body into the download's file from ``base`` on: after the bytes
/// of the body the download already has when it resumes, from the start otherwise. It never removes
/// the file: the download owns it, and removes it or keeps it when the call ends.
package final class BodySpool: Sendable {
    /// Chunks are gathered into writes of up to this size: one system call instead of sixteen for
    /// URLSession's 16 KiB chunks.
    static let writeSize = 256 * 1024
    /// Gathered chunks are written at least this often, so that a slow body's progress shows and
    /// a reader gets it without waiting for a whole write.
    static let flushInterval = Duration.milliseconds(50)

    /// The file being written.
    package let file: URL
    /// Where in the file the body starts.
    let base: Int64
    private let state: Locked<State>

    /// What a reader sees: the bytes in the file, and how the body ended, once it has.
    package struct Snapshot {
        package var written: Int64
        package var outcome: Outcome?
    }

    package enum Outcome {
        case finished
        case failed(any Error)
    }

    private struct State {
        var handle: FileHandle?
        var pending = Data()
        var written: Int64 = 0
        var lastFlush = ContinuousClock.now
        var outcome: Outcome?
        /// Whether the reader went away: the spool takes no more chunks.
        var released = false
        var waiters: [CheckedContinuation<Void, Never>] = []

        var snapshot: Snapshot { Snapshot(written: written, outcome: outcome) }
    }

    /// Opens `file` (creating it when it does not exist) to write a body from `base` on: the file
    /// is cut there first.
    ///
    /// - Throws: ``APIError/Kind/storage`` when the file cannot be opened or cut.
    package init(writingTo file: URL, at base: Int64) throws(APIError) {
        let handle: FileHandle
        do {
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.truncate(atOffset: UInt64(base))
            try handle.seekToEnd()
        } catch {
            throw APIError(.storage, "Could not open \(file.path).", underlying: error)
        }
        self.file = file
        self.base = base
        self.state = Locked(State(handle: handle))
    }

    deinit {
        release()
    }

    // MARK: Writing (the transport's callbacks, one at a time)

    /// Appends a chunk of the body.
    ///
    /// - Returns: `false` when the spool takes no more (it failed, ended or was abandoned): the
    ///   caller should stop the transfer.
    package func append(_ chunk: Data) -> Bool {
        let (accepted, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard state.outcome == nil, !state.released else { return (false, []) }
            state.pending.append(chunk)
            guard state.pending.count >= Self.writeSize || state.lastFlush.duration(to: .now) >= Self.flushInterval
            else { return (true, []) }
            let flushed = Self.flush(&state, file: file)
            return (flushed, Self.takeWaiters(&state))
        }
        for waiter in waiters { waiter.resume() }
        return accepted
    }

    /// Ends the body: writes what is left and closes the file, and records the failure if any (a
    /// failed body keeps the bytes it got, which a download resumes after).
    ///
    /// Does nothing once the body has ended, so a transfer cancelled after a storage failure
    /// keeps reporting the storage failure.
    package func finish(throwing error: (any Error)? = nil) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.outcome == nil, !state.released else { return [] }
            if Self.flush(&state, file: file) {
                state.outcome = error.map { .failed($0) } ?? .finished
            }
            try? state.handle?.close()
            state.handle = nil
            return Self.takeWaiters(&state)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Writes the gathered chunks; on failure records a storage error and returns `false`.
    private static func flush(_ state: inout State, file: URL) -> Bool {
        guard !state.pending.isEmpty else { return true }
        do {
            guard let handle = state.handle else { throw CocoaError(.fileWriteUnknown) }
            try handle.write(contentsOf: state.pending)
        } catch {
            state.outcome = .failed(APIError(.storage, "Could not write \(file.path).", underlying: error))
            try? state.handle?.close()
            state.handle = nil
            state.pending = Data()
            return false
        }
        state.written += Int64(state.pending.count)
        state.pending.removeAll(keepingCapacity: true)
        state.lastFlush = .now
        return true
    }

    private static func takeWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        defer { state.waiters = [] }
        return state.waiters
    }

    // MARK: Reading (the client)

    /// Waits until the file holds more than `known` bytes or the body has ended, and says which;
    /// returns at once when the calling task is cancelled (check for it).
    package func snapshot(after known: Int64) async -> Snapshot {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    if state.written > known || state.outcome != nil || Task.isCancelled { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
            return state.withLock { $0.snapshot }
        } onCancel: {
            let waiters = state.withLock { Self.takeWaiters(&$0) }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// The bytes in the file and how the body ended, now, without waiting.
    package var current: Snapshot { state.withLock { $0.snapshot } }

    /// Stops taking chunks (what is gathered and not written yet is dropped); the file stays.
    package func release() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.released else { return [] }
            state.released = true
            try? state.handle?.close()
            state.handle = nil
            state.pending = Data()
            if state.outcome == nil {
                state.outcome = .failed(CancellationError())
            }
            return Self.takeWaiters(&state)
        }
        for waiter in waiters { waiter.resume() }
    }
}
