#if OpenAPI
    import CourierCore
    import Foundation
    import HTTPTypes
    import OpenAPIRuntime

    extension OutgoingBody {
        /// Request bodies of known length up to this size are gathered into memory, where
        /// interceptors can read them and every transport sends them at once.
        static let gatheredSize = 1 << 20

        /// A generated client's request body as Courier's: small ones in memory, larger ones
        /// streamed from the `HTTPBody` as the transport sends them.
        ///
        /// - Throws: `APIError.Kind.encoding` when a small body cannot be read.
        static func converting(_ body: HTTPBody?, request: HTTPRequest) async throws(APIError) -> OutgoingBody? {
            guard let body else { return nil }
            let length: Int64? = if case .known(let length) = body.length { length } else { nil }
            if let length, length <= gatheredSize, body.iterationBehavior == .multiple {
                do {
                    return OutgoingBody(try await Data(collecting: body, upTo: gatheredSize))
                } catch {
                    throw APIError(
                        .encoding, "The request body could not be read.", request: request, underlying: error)
                }
            }
            return OutgoingBody(length: length) {
                let reader = HTTPBodyReader(body.makeAsyncIterator())
                return { try await reader.next() }
            }
        }
    }

    /// Holds an `HTTPBody`'s iterator for Courier's streamed request body.
    // @unchecked Sendable: a transport reads one iteration of a body as one sequence of `next()`
    // calls, each awaited before the next, so the iterator is never used by two tasks at once.
    final class HTTPBodyReader: @unchecked Sendable {
        private var base: HTTPBody.Iterator

        init(_ base: HTTPBody.Iterator) {
            self.base = base
        }

        func next() async throws -> Data? {
            try await base.next().map { Data($0) }
        }
    }

    extension HTTPBody {
        /// Courier's response body as a generated client's: a body in memory as it is (`nil`
        /// when empty), a streaming one as a single-pass stream.
        static func converting(_ body: ResponseBody) -> HTTPBody? {
            if let data = body.bufferedData {
                return data.isEmpty ? nil : HTTPBody(data)
            }
            return HTTPBody(
                body, length: body.expectedLength.map { .known(Int64($0)) } ?? .unknown, iterationBehavior: .single)
        }

        /// Courier's request body (as an interceptor passes it on) as a generated client's.
        static func converting(_ body: OutgoingBody) -> HTTPBody {
            if let data = body.data { return HTTPBody(data) }
            return HTTPBody(
                body.chunks(), length: body.length >= 0 ? .known(body.length) : .unknown,
                iterationBehavior: body.isStreamed ? .single : .multiple)
        }
    }

    extension ResponseBody {
        /// A generated client's response body as Courier's, streamed as it arrives.
        init(converting body: HTTPBody?) {
            guard let body else {
                self.init(Data())
                return
            }
            let length: Int? = if case .known(let length) = body.length { Int(length) } else { nil }
            self.init(HTTPBodyChunks(body: body), expectedLength: length)
        }
    }

    /// An `HTTPBody`'s chunks as `Data`.
    struct HTTPBodyChunks: AsyncSequence, Sendable {
        typealias Element = Data

        let body: HTTPBody

        func makeAsyncIterator() -> Iterator {
            Iterator(base: body.makeAsyncIterator())
        }

        struct Iterator: AsyncIteratorProtocol {
            var base: HTTPBody.Iterator

            mutating func next() async throws -> Data? {
                try await base.next().map { Data($0) }
            }
        }
    }
#endif
