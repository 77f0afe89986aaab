public import CourierCore
public import Foundation
public import HTTPTypes

/// A transport that records real exchanges to a HAR file, a cassette, and replays them without
/// touching the network.
///
/// It is a transport like any other, so everything above it runs for real in a replayed test:
/// interceptors, token refresh, retries, the cache, cookies, redirects, status validation and
/// decoding. Recording, it passes each request to an upstream transport (a real one) and writes
/// the exchange down, secrets replaced by placeholders; replaying, it answers each request with
/// the recording that matches it (``Matching``), in the order they were recorded.
///
/// ```swift
/// let cassette = try CassetteTransport(
///     URL(fileURLWithPath: "Tests/AppTests/Cassettes/users.har"),
///     mode: .recordOnce,  // records what the cassette lacks, from the real server
///     recordingFrom: URLSessionTransport.shared
/// )
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: cassette)
/// let user = try await client.send(UserRequest(id: 1))
/// _ = try cassette.finish()
/// ```
///
/// In a Swift Testing test, the `cassette(_:)` trait makes one bound to `Cassettes/<name>.har`
/// beside the test file, as ``current``.
///
/// One type records and replays, rather than a recorder and a replayer: in ``Mode/recordOnce``
/// one run does both, replaying what the cassette holds and recording what it lacks, and a
/// recording is only useful as the replay that reads it back.
public final class CassetteTransport: Transport {
    /// The cassette the test running now was given by its trait (or an XCTest case by
    /// `cassette(_:)`); `nil` outside one.
    @TaskLocal public static var current: CassetteTransport?

    /// The HAR file.
    public let file: URL

    /// When it records.
    public let mode: Mode

    let upstream: any Transport
    let matching: Matching
    let secretNames: Set<String>
    /// Lowercased names.
    let placeholders: [String: String]
    /// The values of ``placeholders``, hidden in the requests a replay compares.
    let placeholderValues: SecretValues
    let pacing: Pacing
    let state: Locked<State>
    let reportMiss: @Sendable (HTTPRequest, String) -> any Error

    struct State: Sendable {
        /// What the file held, to replay: each recording once.
        var recordings: [Recording]
        /// What the file will hold.
        var written: HAR
        /// Whether anything was recorded in this run, so the file must be written.
        var changed = false
        /// The streams being recorded: their bodies so far, by entry.
        var streams: [Int: StreamRecording] = [:]
        /// The secrets of the last redaction seen, kept for the next call.
        var secrets: (client: Redaction?, secrets: CassetteSecrets)?
        /// The secret values seen so far, hidden wherever they appear.
        var values = SecretValues()

        /// Learns `learned`; when a value is new, what has been written is hidden from it too.
        mutating func learn(_ learned: [CassetteSecrets.Value]) {
            let known = values.count
            values.insert(learned)
            guard values.count > known else { return }
            written.log.entries = written.log.entries.map { $0.scrubbing(values) }
        }
    }

    struct Recording: Sendable {
        let entry: HAR.Entry
        let request: RecordedRequest?
        /// The response head and body, read from the entry once.
        let head: HTTPResponse?
        let body: Data
        var used = false

        init(_ entry: HAR.Entry) {
            self.entry = entry
            request = entry.request.record.map(RecordedRequest.init)
            head = entry.response.head
            body = entry.response.content.data
        }
    }

    /// Opens the cassette at `file`; a file that does not exist yet is an empty cassette.
    ///
    /// - Parameters:
    ///   - file: The HAR file.
    ///   - mode: When to record.
    ///   - upstream: The transport that records: `APIClient.defaultTransport` unless given.
    ///   - matching: Which recording answers a request.
    ///   - names: Names whose values never reach the cassette, besides the client's redaction
    ///     (`APIClient.Configuration.redaction`): header fields, query parameters, JSON members at
    ///     any depth, form fields.
    ///   - placeholders: Values to replay in place of placeholders, by the name of the header
    ///     field, cookie, JSON member or form field they stand in (case does not count): a
    ///     token's, say. A secret value hidden where it appeared unnamed (a cookie's value echoed
    ///     in a body: `<redacted:session>`) is filled by the name it went by, as it is.
    ///   - pacing: How a replayed stream's chunks arrive.
    ///   - fileID: Where the cassette was made, for a miss's message.
    ///   - filePath: Where the cassette was made, for a miss's message.
    ///   - line: Where the cassette was made, for a miss's message.
    /// - Throws: An error when the file exists but is not a HAR file.
    public convenience init(
        _ file: URL,
        mode: Mode = .replayOnly,
        recordingFrom upstream: (any Transport)? = nil,
        matching: Matching = .methodAndURL,
        redacting names: Set<String> = [],
        placeholders: [String: String] = [:],
        pacing: Pacing = .fullSpeed,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line
    ) throws {
        try self.init(
            file, mode: mode, upstream: upstream, matching: matching, names: names, placeholders: placeholders,
            pacing: pacing
        ) { request, reason in
            UnexpectedRequest.report(request, reason: reason, fileID: fileID, filePath: filePath, line: line)
        }
    }

    init(
        _ file: URL, mode: Mode, upstream: (any Transport)?, matching: Matching, names: Set<String>,
        placeholders: [String: String], pacing: Pacing,
        reportMiss: @escaping @Sendable (HTTPRequest, String) -> any Error
    ) throws {
        self.file = file
        self.mode = mode
        self.upstream = upstream ?? APIClient.defaultTransport
        self.matching = matching
        self.secretNames = names
        self.placeholders = Dictionary(placeholders.map { ($0.key.lowercased(), $0.value) }) { $1 }
        var placeholderValues = SecretValues()
        placeholderValues.insert(placeholders.map { ($0.key, $0.value) })
        self.placeholderValues = placeholderValues
        self.pacing = pacing
        self.reportMiss = reportMiss
        let har = try Self.read(file)
        let recordings = (mode.replays ? har?.log.entries ?? [] : []).map(Recording.init)
        let written = mode.replays ? har ?? HAR() : HAR()
        state = Locked(State(recordings: recordings, written: written))
        self.previous = har?.log.entries ?? []
        self.existed = har != nil
    }

    /// What the file held when the cassette was opened.
    let previous: [HAR.Entry]
    /// Whether the file existed.
    let existed: Bool

    /// Answers from the cassette, or records through the upstream transport, as ``mode`` says.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: Its body.
    ///   - context: The exchange's context; the client's redaction and clock come with it.
    /// - Returns: The recorded response, or the upstream transport's.
    /// - Throws: `UnexpectedRequest` for a request the cassette cannot answer in
    ///   ``Mode/replayOnly``; a recorded failure, as the transport threw it or standing for it.
    public func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let secrets = secrets(for: context.redaction)
        if mode.replays {
            let needsBody = matching.comparesBody || !matching.predicates.isEmpty
            let data = needsBody ? try await body?.gathered() : nil
            let (live, named) = hidden(request, body: data, secrets: secrets)
            // A HAR a browser exported holds the values in clear: the request hidden by name
            // only may match it.
            if let recording = claim(live) ?? claim(named) {
                if let body { body.didSend(body.length) }
                return try await replay(recording, for: request, context: context)
            }
            if !mode.records { throw reportMiss(live.record.request, missReason(live)) }
        }
        return try await record(request, body: body, context: context, secrets: secrets)
    }

    /// Writes what was recorded, and says how the answers changed when the cassette was
    /// recorded again.
    ///
    /// Each exchange is written as it is recorded; this writes the file once more, whole.
    ///
    /// - Returns: In ``Mode/reRecord``, how the new recordings differ from the old ones (empty
    ///   when nothing changed); `nil` otherwise.
    /// - Throws: The file's write error.
    @discardableResult
    public func finish() throws -> DriftReport? {
        try state.withLock { state in
            if state.changed { try Self.write(state.written, to: file) }
            guard mode == .reRecord, existed else { return nil }
            return DriftReport(cassette: file, old: previous, new: state.written.log.entries)
        }
    }

    /// The recordings no request has used yet.
    public var unusedRecordings: Int {
        state.withLock { $0.recordings.count { !$0.used } }
    }

    /// The first unused recording that answers `live`, now used.
    /// The first unused recording that answers `live`, now used; with
    /// ``Matching/repeatingLast()``, the last one that answers it once all have been used.
    func claim(_ live: RecordedRequest) -> Recording? {
        state.withLock { state in
            var last: Int?
            for index in state.recordings.indices {
                guard let recorded = state.recordings[index].request, matching.matches(recorded, live) else {
                    continue
                }
                guard state.recordings[index].used else {
                    state.recordings[index].used = true
                    return state.recordings[index]
                }
                last = index
            }
            return matching.repeatsLast ? last.map { state.recordings[$0] } : nil
        }
    }

    /// `request` as the cassette compares it: its secrets hidden by name, and the secret values
    /// seen so far (its own among them, and those of ``placeholders``) wherever they appear;
    /// and with its secrets hidden by name only.
    func hidden(
        _ request: HTTPRequest, body: Data?, secrets: CassetteSecrets
    ) -> (RecordedRequest, named: RecordedRequest) {
        let contentType = request.headerFields[.contentType]
        var learned = secrets.values(in: request)
        if let body { learned += secrets.values(inBody: body, mimeType: contentType) }
        let values = state.withLock { state in
            state.learn(learned)
            return state.values
        }
        let named = RecordedRequest(
            RecordingTransport.Record(
                request: secrets.request(request), body: body.map { secrets.body($0, mimeType: contentType).0 }))
        var redacted = named.record.request
        var bodyData = named.record.body
        for known in [values, placeholderValues] where known.count > 0 {
            redacted.path = redacted.path.map { known.scrub($0) }
            redacted.headerFields = HTTPFields(
                redacted.headerFields.map { HTTPField(name: $0.name, value: known.scrub($0.value)) })
            bodyData = bodyData.map { known.scrub($0, chunks: nil).0 }
        }
        return (RecordedRequest(RecordingTransport.Record(request: redacted, body: bodyData)), named)
    }

    func secrets(for client: Redaction?) -> CassetteSecrets {
        state.withLock { state in
            if let cached = state.secrets, cached.client == client { return cached.secrets }
            let secrets = CassetteSecrets(client: client, appNames: secretNames)
            state.secrets = (client, secrets)
            return secrets
        }
    }
}
