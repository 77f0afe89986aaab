import CourierCore
import Foundation
import HTTPTypes

/// A download's body into its file: resumed inside the call when the connection fails mid-way,
/// checked against its digest, and moved into place. What the download verb's `finish` runs, in
/// the call's own task and under its one deadline; the one owner of when a download resumes.
///
/// The first response is the call's, its status already accepted by the client. When its body
/// fails mid-way (reset, closed early, a transport's idle timeout) and the download can resume
/// (``DownloadFile/canResume``), the request goes out again through the call's steps
/// (``CallOutcome/resend(_:)``) asking for the rest, and ``DownloadFile/claim(_:accepted:)``
/// decides what its answer's body is: appended, the body from the start, or refused. A `206` that
/// ends short of the whole body is followed by a request for the rest, not counted as a
/// resumption.
struct ResumingDownload: Sendable {
    let file: DownloadFile
    let options: DownloadOptions
    let progress: (@Sendable (TransferProgress) -> Void)?
    /// The most bytes of an error response's body kept in the error.
    let bodyLimit: Int
    let log: CallLog

    /// Writes the body of the call's response and of its resumptions into the file, checks its
    /// digest, and moves it to the destination.
    ///
    /// - Returns: The head of the response the body began with: the call's first, or the `200`
    ///   that restarted it.
    /// - Throws: The body's failure when it cannot resume; ``APIError/Kind/resumption``,
    ///   ``APIError/Kind/digestMismatch``, ``APIError/Kind/unacceptableStatus`` (an error answer
    ///   to a resumption), ``APIError/Kind/storage``, or what ``FileSink`` throws.
    func receive(_ outcome: CallOutcome) async throws -> HTTPResponse {
        let reporter = ProgressReporter(progress)
        var response = outcome.response
        var sent = outcome.request
        var head = outcome.head
        var accepted = true  // the client checked the first response's status
        var resumptions = 0
        var hashing: FileHasher?
        defer { hashing?.stop() }
        while true {
            let segment: DownloadFile.Segment
            switch try file.claim(response, accepted: accepted) {
            case .segment(let opened):
                segment = opened
            case .refused(var error):
                file.discard()
                error.request = sent
                throw error
            case .notTheBody:
                throw await statusError(response, request: sent, scope: outcome.scope)
            }
            accepted = false
            if segment.begins { head = response.head }
            file.saveRecord()
            hashing = self.hashing(before: segment, current: hashing)
            let expected = file.representation?.length
            reporter.report(segment.start, expected: expected)
            let written = await FileSink.write(
                response.body, into: segment, progress: { reporter.report(segment.start + $0, expected: expected) },
                hashing: hashing)
            file.ended(segment, written: written.bytes)
            if let failure = written.failure {
                let error = outcome.scope.classify(failure, request: sent, response: response.head)
                guard file.canResume, Self.mayResume(after: error, scope: outcome.scope),
                    resumptions < options.resumption.maximumResumptions
                else { throw error }
                resumptions += 1
                response = try await resume(outcome, resumptions: &resumptions, waits: written.bytes == 0, sent: &sent)
            } else if file.isComplete {
                break
            } else {
                // A partial body that ended whole but short of the whole body: ask for the rest.
                response = try await resume(outcome, resumptions: &resumptions, waits: false, sent: &sent)
            }
        }
        try await verify(hashing, request: sent, response: response.head, scope: outcome.scope)
        try await FileSink.install(file, scope: outcome.scope)
        file.installed()
        return head
    }

    /// Sends the request for the rest of the body; again, as the policy allows, while it fails
    /// before its answer arrives.
    private func resume(
        _ outcome: CallOutcome, resumptions: inout Int, waits: Bool, sent: inout HTTPRequest
    ) async throws -> InterceptorResponse {
        var waits = waits
        while true {
            if waits, options.resumption.delay > .zero {
                try await outcome.scope.clock.sleep(for: options.resumption.delay)
            }
            sent = file.rangeRequest(from: outcome.request)
            log.debug(
                "Resuming a download",
                metadata: [
                    "courier.destination": "\(file.destination.path)", "courier.download.offset": "\(file.length)",
                ])
            do {
                return try await outcome.resend(sent)
            } catch {
                let error = outcome.scope.classify(error, request: sent, response: nil)
                guard Self.mayResume(after: error, scope: outcome.scope),
                    resumptions < options.resumption.maximumResumptions
                else { throw error }
                resumptions += 1
                waits = true
            }
        }
    }

    /// Whether a failure is the connection's, with time left: a reset, an early close, a
    /// transport's idle timeout — not the call's deadline, a cancellation, the disk or a coding.
    static func mayResume(after error: APIError, scope: DeadlineScope) -> Bool {
        guard !scope.hasPassed, !Task.isCancelled else { return false }
        return error.kind == .transport || error.kind == .timeout
    }

    /// The hash a segment's bytes are added to, in the algorithm of the digest to check; `nil`
    /// when there is none to check. The current one while the segment follows the bytes it was
    /// told about; otherwise a new one, which hashes the bytes before the segment (kept from an
    /// earlier call, or received before the digest was known) while the segment arrives.
    private func hashing(before segment: DownloadFile.Segment, current: FileHasher?) -> FileHasher? {
        guard let algorithm = options.expectedDigest?.algorithm ?? file.representation?.digest?.algorithm else {
            current?.stop()
            return nil
        }
        if !segment.begins, let current, current.algorithm == algorithm, current.file == segment.spool.file,
            current.available == segment.start
        {
            return current
        }
        current?.stop()
        let hashing = FileHasher(algorithm, file: segment.spool.file)
        hashing.advance(to: segment.start)
        return hashing
    }

    /// Checks the whole body's hash against the app's digest and the server's; removes the file
    /// when one does not match. Waits for the hash to catch up with the file first.
    private func verify(
        _ hashing: FileHasher?, request: HTTPRequest, response: HTTPResponse, scope: DeadlineScope
    ) async throws {
        guard let hashing else { return }
        let digest: [UInt8]
        do {
            digest = try await hashing.digest(of: file.length)
        } catch {
            throw scope.classify(error, request: request, response: response)
        }
        var expected: [([UInt8], String)] = []
        if let app = options.expectedDigest { expected.append((app.bytes, "the digest the app expected")) }
        if let server = file.representation?.digest, server.algorithm == hashing.algorithm {
            expected.append((server.bytes, "the server's \(server.field)"))
        }
        for (bytes, source) in expected where bytes != digest {
            file.discard()
            throw APIError(
                .digestMismatch,
                "The downloaded body's \(hashing.algorithm.rawValue) digest does not match \(source); the file was "
                    + "removed.",
                request: request, response: response)
        }
    }

    /// The error for an answer to a resumption whose body is not the download's: its body read as
    /// the call path reads a refused status's (``DeadlineScope/rejectedBody(of:request:limit:)``),
    /// so that one read past the deadline is the call's timeout here too.
    private func statusError(
        _ response: InterceptorResponse, request: HTTPRequest, scope: DeadlineScope
    ) async -> APIError {
        let body: Data?
        do {
            body = try await scope.rejectedBody(of: response, request: request, limit: bodyLimit)
        } catch {
            return error
        }
        guard response.head.status == .rangeNotSatisfiable else {
            return APIError.unacceptableStatus(response.head, body: body, request: request)
        }
        let length = file.length
        file.discard()
        return APIError(
            .resumption,
            "The server answered 416 Range Not Satisfiable to the request for the download's bytes from \(length) on.",
            request: request, response: response.head, body: body)
    }
}

/// A download's progress as the app sees it: the bytes of the body on disk, never fewer than
/// already reported (after a restart it holds until the new body passes it).
final class ProgressReporter: Sendable {
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private let reported = Locked<Int64>(0)

    init(_ progress: (@Sendable (TransferProgress) -> Void)?) {
        self.progress = progress
    }

    func report(_ completed: Int64, expected: Int64?) {
        guard let progress else { return }
        let advanced = reported.withLock { reported -> Bool in
            guard completed > reported else { return false }
            reported = completed
            return true
        }
        if advanced { progress(TransferProgress(completedBytes: completed, expectedBytes: expected)) }
    }
}
