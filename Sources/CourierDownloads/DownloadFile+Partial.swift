import CourierCore
import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download's file before the call and once it ends: picking up a partial download kept by an
/// earlier call, recording what the bytes are, and what is left when the call ends.
extension DownloadFile {
    /// Looks at the request before it is sent: whether it may resume, and, for a download that
    /// keeps its partial download, whether one of the same request is there to pick up — then the
    /// request asks for the rest of it.
    func prepare(_ call: inout PreparedCall) {
        let request = call.request
        let mayResume =
            request.method == .get && request.headerFields[.range] == nil && request.headerFields[.ifRange] == nil
        let key = mayResume && partial != nil ? PartialDownload.requestKey(request) : nil
        state.withLock {
            $0.mayResume = mayResume
            $0.requestKey = key
        }
        guard let partial, let key else { return }
        let loaded: (PartialDownload.Record, Int64)?
        do {
            loaded = try partial.load(key: key)
        } catch {
            let metadata: [String: String] = ["courier.destination": "\(destination.path)"]
            if error.isExpected {
                log.debug("Discarding a partial download: \(error)", metadata: metadata)
            } else {
                log.warning("Discarding a partial download: \(error)", metadata: metadata)
            }
            partial.removeRecord()
            return
        }
        guard let (record, size) = loaded else { return }
        // A body already whole still asks for its last byte: a range the server can satisfy.
        let length = record.representation.length.map { min(size, max(0, $0 - 1)) } ?? size
        state.withLock {
            $0.length = length
            $0.representation = record.representation
            $0.recorded = true
        }
        call.request = rangeRequest(from: call.request)
        if var accepted = call.acceptableStatusCodes {
            accepted.insert(.partialContent)
            accepted.insert(.rangeNotSatisfiable)
            call.acceptableStatusCodes = accepted
        }
    }

    /// Records what the bytes on disk are, for a download that keeps its partial download, once a
    /// response that may be resumed began or changed it.
    func saveRecord() {
        guard let partial else { return }
        let record = state.withLock { state -> PartialDownload.Record? in
            guard !state.recorded, state.mayResume, let key = state.requestKey,
                let representation = state.representation, representation.isResumable
            else { return nil }
            state.recorded = true
            return PartialDownload.Record(request: key, representation: representation)
        }
        guard let record else { return }
        do {
            try partial.save(record)
        } catch {
            state.withLock { $0.recorded = false }
            log.warning(
                "Could not record a partial download: \(error)",
                metadata: ["courier.destination": "\(destination.path)"])
        }
    }

    /// The file was moved to the destination: nothing of the partial download is left.
    func installed() {
        end { _ in partial?.removeRecord() }
    }

    /// Removes the file and any record: the bytes received are not the body's.
    func discard() {
        end { _ in
            partial?.remove()
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Ends a download that failed: a download that keeps its partial download keeps the bytes
    /// received when the record describes them; anything else is removed.
    func abandon() {
        end { state in
            guard partial != nil, state.recorded, state.length > 0, let handle = FileHandle(forWritingAtPath: url.path)
            else {
                partial?.remove()
                try? FileManager.default.removeItem(at: url)
                return
            }
            // Nothing past the bytes that were checked (a spool stopped while it wrote).
            try? handle.truncate(atOffset: UInt64(state.length))
            try? handle.close()
        }
    }

    /// Ends the download once: stops the writers still open, then runs `finish`.
    private func end(_ finish: (State) -> Void) {
        let snapshot = state.withLock { state in
            defer {
                state.ended = true
                state.active = nil
                state.opened = nil
            }
            return state
        }
        guard !snapshot.ended else { return }
        snapshot.active?.release()
        snapshot.opened?.spool.release()
        finish(snapshot)
        if let lockDescriptor { close(lockDescriptor) }  // and with it the lock
    }
}
