import Foundation
import HTTPTypes

/// A streamed response body handed on to code outside the client (a generated OpenAPI client),
/// read under the call's deadline: each read runs in a task the deadline cancels, so a body that
/// trickles in fails with ``APIError/Kind/timeout`` when the call's time is up. Errors are
/// ``APIError``s, redacted.
struct DeadlineBoundChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: ResponseBody
    let pipeline: Pipeline
    let request: HTTPRequest
    let response: HTTPResponse
    let name: String

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: self, reader: Reader(body.makeAsyncIterator()))
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: DeadlineBoundChunks
        let reader: Reader

        mutating func next() async throws -> Data? {
            let reader = self.reader
            let pipeline = chunks.pipeline
            let (result, expired) = await Deadline.race(until: pipeline.context.deadline) {
                () async -> Result<Data?, any Error> in
                do {
                    return .success(try await reader.next())
                } catch {
                    return .failure(error)
                }
            }
            let redaction = pipeline.configuration.redaction
            if expired {
                throw pipeline.timedOut(request: chunks.request, response: chunks.response)
                    .finished(named: chunks.name, redaction: redaction)
            }
            do {
                return try result.get()
            } catch {
                throw pipeline.mapTransportError(error, request: chunks.request, response: chunks.response)
                    .finished(named: chunks.name, redaction: redaction)
            }
        }
    }

    /// Holds the body's iterator so that each read can run in a task of its own.
    // @unchecked Sendable: an async iterator is read by one consumer, one `next()` at a time, and
    // `Iterator.next()` awaits the task running each read before it returns, so no two reads
    // overlap and each one happens after the previous one.
    final class Reader: @unchecked Sendable {
        private var base: ResponseBody.AsyncIterator

        init(_ base: ResponseBody.AsyncIterator) {
            self.base = base
        }

        func next() async throws -> Data? {
            try await base.next()
        }
    }
}

@available(*, unavailable)
extension DeadlineBoundChunks.Iterator: Sendable {}
