import CourierCore
import Foundation
import HTTPTypes

extension CassetteTransport {
    /// The recorded answer: the head and the body, placeholders filled, the body whole or chunk
    /// by chunk; or the recorded failure.
    func replay(
        _ recording: Recording, for request: HTTPRequest, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let entry = recording.entry
        let failure = entry.response.failure ?? entry.response.browserError.map(HAR.Failure.init(browserError:))
        guard var head = recording.head else {
            throw (failure ?? HAR.Failure(kind: "transport", message: "", underlying: "no response")).error(
                for: request)
        }
        let content = entry.response.content
        var data = recording.body
        var chunks = content.chunks
        if !placeholders.isEmpty {
            head.headerFields = filling(head.headerFields)
            let (filled, sizes) = fill(data, mimeType: content.mimeType, chunks: chunks?.map(\.size))
            data = filled
            if let sizes, let recorded = chunks {
                chunks = zip(recorded, sizes).map { HAR.Chunk(time: $0.time, size: $1) }
            }
            // The values hidden where they appeared unnamed (`<redacted:NAME>`).
            head.headerFields = HTTPFields(
                head.headerFields.map {
                    HTTPField(name: $0.name, value: SecretValues.filling($0.value, from: placeholders))
                })
            let (restored, moved) = SecretValues.filling(data, chunks: chunks?.map(\.size), from: placeholders)
            data = restored
            if let moved, let recorded = chunks {
                chunks = zip(recorded, moved).map { HAR.Chunk(time: $0.time, size: $1) }
            }
        }
        let bodyFailure = failure.map { $0.kind == "bodyTooLarge" ? BodyLimitExceededReplay() : $0.error(for: request) }
        if bodyFailure is BodyLimitExceededReplay {
            return (head, .exceedingLimit(announcedLength: head.headerFields[.contentLength].flatMap { Int($0) }))
        }
        if context.readsWholeBody {
            if let bodyFailure { return (head, ResponseBody(failure: bodyFailure)) }
            return (head, ResponseBody(data))
        }
        let pieces = ReplayedChunks.pieces(of: data, chunks: chunks)
        let clock: (any Clock<Duration>)? = pacing.asRecorded ? context.clock : nil
        let body = ReplayedChunks(pieces: pieces, failure: bodyFailure, clock: clock)
        return (head, ResponseBody(body, expectedLength: bodyFailure == nil ? data.count : nil))
    }

    /// `fields` with the placeholders whose values the test gave filled: a whole field's value, or
    /// one cookie's. (The named placeholders of values hidden elsewhere are filled after.)
    private func filling(_ fields: HTTPFields) -> HTTPFields {
        var filled = HTTPFields()
        for var field in fields {
            if field.value == CassetteSecrets.placeholder, let value = placeholders[field.name.canonicalName] {
                field.value = value
            } else if field.name == .setCookie || field.name == .cookie {
                field.value = field.value.split(separator: ";", omittingEmptySubsequences: false).map { part in
                    let pair = part.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[1] == CassetteSecrets.placeholder,
                        let value = placeholders[pair[0].trimmingCharacters(in: .whitespaces).lowercased()]
                    else { return String(part) }
                    return "\(pair[0])=\(value)"
                }.joined(separator: ";")
            }
            filled.append(field)
        }
        return filled
    }

    /// A body with the placeholders whose values the test gave filled.
    private func fill(_ data: Data, mimeType: String, chunks: [Int]?) -> (Data, [Int]?) {
        BodyRewriting { name, value, isJSON in
            guard let filled = self.placeholders[name.lowercased()] else { return nil }
            if isJSON {
                return JSONMembers.isString(value, equalTo: CassetteSecrets.placeholder)
                    ? JSONMembers.quoted(filled) : nil
            }
            return value == CassetteSecrets.placeholder ? FormText.encode(filled) : nil
        }
        .rewrite(data, mimeType: mimeType, chunks: chunks)
    }
}

/// A replayed stream: the recorded chunks in order, each after its recorded spacing when paced,
/// then the recorded failure, if any.
struct ReplayedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let pieces: [(delay: Duration, data: Data)]
    let failure: (any Error)?
    let clock: (any Clock<Duration>)?

    /// The chunks of `data`: as recorded, or the whole body at once when no chunks were.
    static func pieces(of data: Data, chunks: [HAR.Chunk]?) -> [(delay: Duration, data: Data)] {
        guard let chunks, !chunks.isEmpty else { return data.isEmpty ? [] : [(.zero, data)] }
        var pieces: [(delay: Duration, data: Data)] = []
        var offset = data.startIndex
        var previous = 0.0
        for chunk in chunks where chunk.size > 0 {
            let end = Swift.min(data.endIndex, offset + chunk.size)
            pieces.append((.microseconds(Int64(Swift.max(0, chunk.time - previous) * 1000)), data[offset..<end]))
            previous = chunk.time
            offset = end
        }
        if offset < data.endIndex { pieces.append((.zero, data[offset...])) }
        return pieces
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: ReplayedChunks
        var index = 0

        mutating func next() async throws -> Data? {
            guard index < chunks.pieces.count else {
                if let failure = chunks.failure, index == chunks.pieces.count {
                    index += 1
                    throw failure
                }
                return nil
            }
            let piece = chunks.pieces[index]
            index += 1
            if let clock = chunks.clock, piece.delay > .zero { try await clock.sleep(for: piece.delay) }
            return piece.data
        }
    }
}
