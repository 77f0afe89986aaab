import CourierCore
import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a download writes beside its destination, and what it knows of the bytes in it: the
/// one place that decides where a response's body goes in the file — after the bytes already
/// there, or from the start — and whether it may go there at all.
///
/// A transport that writes a download's body from its own callbacks (``URLSessionTransport``)
/// asks ``spool(for:)`` when the head arrives; the download (``ResumingDownload``) asks
/// ``claim(_:accepted:)`` for every response it reads. Both get the same answer, so no byte of a
/// response that does not fit ever reaches the file:
///
/// | response | to the request | its body |
/// |---|---|---|
/// | `206` whose `Content-Range` starts at the bytes on disk, same length, same validator | for the rest (`Range`) | appended |
/// | `200`, or another status the request accepts | for the whole body | from the start |
/// | `200` | for the rest: the server ignored `Range`, or `If-Range` found another version | from the start, the bytes before dropped |
/// | `206` that does not fit, or to a request for the whole body | any | refused: ``APIError/Kind/resumption`` |
/// | anything else (a redirect, an error, `416`) | any | not the file's: read in memory |
///
/// The file is a temporary one (`.<name>.<UUID>.download`), removed when the call fails, or, for
/// a download that keeps what it received (``DownloadOptions/keepsPartialDownload``), the
/// destination's ``PartialDownload``.
final class DownloadFile: Sendable, DownloadDestination {
    /// Where the download goes once whole.
    let destination: URL
    /// The file the body is written to.
    let url: URL
    /// The partial download this one keeps, if it keeps one (and holds its lock).
    let partial: PartialDownload?
    let lockDescriptor: Int32?
    let log: CallLog
    /// Shared with the extensions in `DownloadFile+Partial.swift`.
    let state = Locked(State())

    struct State {
        /// The bytes of the body on disk, from its first byte.
        var length: Int64 = 0
        /// The first byte the request in flight asked for (`Range`); `nil` when it asked for all.
        var requested: Int64?
        /// What the server said about the whole body.
        var representation: Representation?
        /// The digest algorithm the app's digest uses, to prefer in the server's fields.
        var preferredAlgorithm: DigestAlgorithm?
        /// Whether a failed body may be asked for again from where it broke off: a `GET` whose
        /// request sets no `Range` or `If-Range` of its own.
        var mayResume = false
        /// The request's key in a partial download's record.
        var requestKey: String?
        /// Whether the record describes the bytes on disk.
        var recorded = false
        /// The segment a transport opened for the response in flight, until the download claims it.
        var opened: Segment?
        /// The last segment's writer: stopped when the download ends.
        var active: BodySpool?
        /// Whether the download has ended (the file moved into place, kept or removed).
        var ended = false
    }

    /// One response's body in the file.
    struct Segment: Sendable {
        let spool: BodySpool
        /// Where in the file it starts.
        let start: Int64
        /// Whether it begins the body (a first response, or a restart): the bytes before are gone.
        let begins: Bool
        /// Whether a transport writes it, though the body handed on is not read from it: a
        /// transport wrapping the one that writes (a cassette recording, a decorator) hands on
        /// its own body, made from the spooled one. The transport's bytes are the file's; the body
        /// handed on is read to its end, to let the wrapper see it, and not written again.
        var writtenByTransport = false
    }

    /// What becomes of a response, from ``claim(_:accepted:)``.
    enum Claim {
        /// Its body goes into the file.
        case segment(Segment)
        /// Its body is not the download's (a redirect, an error status, `416`).
        case notTheBody
        /// Its body does not fit the bytes on disk.
        case refused(APIError)
    }

    /// A download's file beside `destination`.
    ///
    /// - Parameters:
    ///   - destination: Where the body goes once whole.
    ///   - keepsPartial: Whether to keep what was received when the call fails, for a later call.
    ///   - digest: The app's expected digest, whose algorithm the server's digests are read in.
    ///   - log: Where a partial download that cannot be picked up is reported.
    init(destination: URL, keepsPartial: Bool, digest: DownloadDigest?, log: CallLog) {
        self.destination = destination
        self.log = log
        let partial = keepsPartial ? PartialDownload(of: destination) : nil
        let descriptor = partial?.lock()
        if let partial, descriptor != nil {
            url = partial.body
            self.partial = partial
        } else {
            if partial != nil {
                log.debug(
                    "Another download to the same destination holds its partial download; keeping nothing",
                    metadata: ["courier.destination": "\(destination.path)"])
            }
            url = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
            self.partial = nil
        }
        lockDescriptor = descriptor
        state.withLock { $0.preferredAlgorithm = digest?.algorithm }
    }

    deinit {
        if let lockDescriptor, !state.withLock({ $0.ended }) { close(lockDescriptor) }
    }

    // MARK: Responses

    /// The spool a transport writes a response's body to as it arrives, or `nil` when the body is
    /// not the download's (the transport hands it on in memory, and the download says why).
    ///
    /// - Throws: ``APIError/Kind/storage`` when the file cannot be opened; ``APIError/Kind/cancelled``
    ///   when the download has already ended (its deadline passed before the head arrived, say):
    ///   nothing is opened then, so that no file is left behind the call.
    func spool(for head: HTTPResponse) throws(APIError) -> BodySpool? {
        try state.withLock { state in
            Result { () throws(APIError) -> BodySpool? in
                guard !state.ended else {
                    throw APIError(.cancelled, "The download had ended when its response arrived.", response: head)
                }
                guard case .segment(let segment) = try open(head, accepted: false, &state) else { return nil }
                state.opened = segment
                return segment.spool
            }
        }.get()
    }

    /// What becomes of a response the download reads: the segment a transport opened for it, or
    /// the one opened now.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - accepted: Whether the client accepted its status (the call's first response): then
    ///     its body is the download's whatever the status.
    /// - Returns: Where its body goes, if anywhere.
    /// - Throws: ``APIError/Kind/storage`` when the file cannot be opened.
    func claim(_ response: InterceptorResponse, accepted: Bool) throws(APIError) -> Claim {
        try state.withLock { state in
            Result { () throws(APIError) -> Claim in
                let opened = state.opened
                state.opened = nil
                if var opened {
                    // A transport writes this response's body to the file. When the body handed
                    // on is another, a transport wrapping it made that body from the spooled one:
                    // the spool must go on (releasing it, or cutting the file for a segment of the
                    // download's own, would fail the body the wrapper reads).
                    if response.body.spoolReader?.spool !== opened.spool { opened.writtenByTransport = true }
                    return .segment(opened)
                }
                return try open(response.head, accepted: accepted, &state)
            }
        }.get()
    }

    /// Decides what becomes of a response and opens its segment.
    private func open(_ head: HTTPResponse, accepted: Bool, _ state: inout State) throws(APIError) -> Claim {
        let status = head.status.code
        guard let requested = state.requested else {
            if status == 206 {
                return .refused(Self.refusal("a partial body to a request for the whole body", head))
            }
            guard (200..<300).contains(status) || accepted else { return .notTheBody }
            return try begin(head, &state)
        }
        switch status {
        case 200:
            return try begin(head, &state)
        case 206:
            let representation = state.representation
            guard let range = ContentRange(head.headerFields[.contentRange]) else {
                return .refused(Self.refusal("a partial body without a Content-Range", head))
            }
            guard range.first == requested else {
                return .refused(
                    Self.refusal("bytes from \(range.first) on, when the download has \(requested)", head))
            }
            if let sent = head.headerFields[.contentLength].flatMap({ Int64($0) }), sent != range.last - range.first + 1
            {
                return .refused(
                    Self.refusal("\(sent) bytes for a Content-Range of \(range.last - range.first + 1)", head))
            }
            if let length = representation?.length, let complete = range.complete, complete != length {
                return .refused(
                    Self.refusal("part of a body of \(complete) bytes, when it was \(length) bytes", head))
            }
            guard !ContentDecoding.isEncoded(head.headerFields[.contentEncoding]),
                representation?.matches(head) ?? false
            else {
                return .refused(Self.refusal("part of another version of the body", head))
            }
            if state.representation?.digest == nil {
                let digest = ServerDigest.announced(in: head, preferring: state.preferredAlgorithm)
                if digest != nil { state.recorded = false }
                state.representation?.digest = digest
            }
            let spool = try BodySpool(writingTo: url, at: requested)
            state.requested = nil
            state.active = spool
            return .segment(Segment(spool: spool, start: requested, begins: false))
        default:
            return .notTheBody
        }
    }

    /// Starts the body over with a response that carries it whole: the record goes first, so that
    /// no record ever describes bytes of another version.
    private func begin(_ head: HTTPResponse, _ state: inout State) throws(APIError) -> Claim {
        if state.recorded { partial?.removeRecord() }
        state.recorded = false
        let spool = try BodySpool(writingTo: url, at: 0)
        state.length = 0
        state.requested = nil
        state.representation = Representation(whole: head, preferring: state.preferredAlgorithm)
        state.active = spool
        return .segment(Segment(spool: spool, start: 0, begins: true))
    }

    private static func refusal(_ what: String, _ head: HTTPResponse) -> APIError {
        APIError(
            .resumption, "The server answered the request for the rest of the download with \(what).",
            response: head)
    }

    // MARK: After a response

    /// Records that a segment's body ended, whole or not, with `written` bytes.
    func ended(_ segment: Segment, written: Int64) {
        state.withLock { $0.length = segment.start + written }
    }

    /// The bytes of the body on disk.
    var length: Int64 { state.withLock { $0.length } }

    /// What the server said about the whole body.
    var representation: Representation? { state.withLock { $0.representation } }

    /// Whether the bytes on disk are the whole body, as far as its announced length says.
    var isComplete: Bool {
        state.withLock { state in state.representation?.length.map { state.length == $0 } ?? true }
    }

    /// Whether the rest of the body can be asked for.
    var canResume: Bool {
        state.withLock { $0.mayResume && $0.representation?.isResumable == true }
    }

    /// `request` asking for the body from the bytes on disk on, if it is still the version they are
    /// of (`Range`, `If-Range`), and as sent (`Accept-Encoding: identity`: a range counts the bytes
    /// of a coding, and the file holds them decoded).
    func rangeRequest(from request: HTTPRequest) -> HTTPRequest {
        var request = request
        let (length, validator) = state.withLock { state in
            state.requested = state.length
            return (state.length, state.representation?.validator)
        }
        request.headerFields.set("bytes=\(length)-", for: .range)
        request.headerFields.set(validator, for: .ifRange)
        request.headerFields.set("identity", for: .acceptEncoding)
        return request
    }
}
