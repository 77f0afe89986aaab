import CourierCore
import Foundation
public import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension StubTransport {
    /// One scripted answer: a reply or a failure.
    public struct Step: Sendable {
        fileprivate let answer: @Sendable () throws -> Reply

        /// Answers with `reply`.
        ///
        /// - Parameter reply: The reply.
        /// - Returns: The step.
        public static func reply(_ reply: Reply) -> Step {
            Step { reply }
        }

        /// Answers with a JSON body.
        ///
        /// - Parameters:
        ///   - json: The JSON text.
        ///   - status: The status.
        /// - Returns: The step.
        public static func json(_ json: String, status: HTTPResponse.Status = .ok) -> Step {
            reply(.json(json, status: status))
        }

        /// Answers with a status and an empty JSON object, like a bare `503` or `401`.
        ///
        /// - Parameters:
        ///   - status: The status.
        ///   - headerFields: Header fields, such as `Retry-After`.
        /// - Returns: The step.
        public static func status(_ status: HTTPResponse.Status, headerFields: HTTPFields = [:]) -> Step {
            var fields = headerFields
            fields[.contentType] = fields[.contentType] ?? "application/json"
            return reply(Reply(status: status, headerFields: fields, body: Data("{}".utf8)))
        }

        /// Fails with `error`, as a transport would.
        ///
        /// - Parameter error: The error.
        /// - Returns: The step.
        public static func failure(_ error: any Error) -> Step {
            Step { throw error }
        }

        /// The connection was lost before a response arrived (a retryable transport failure).
        ///
        /// The client sends an idempotent request (a `GET`) that meets it again once by itself,
        /// so that request meets the next step too: script two to make it fail.
        public static var connectionReset: Step { failure(URLError(.networkConnectionLost)) }

        /// The server could not be reached.
        public static var cannotConnect: Step { failure(URLError(.cannotConnectToHost)) }

        /// The transport timed out.
        public static var timedOut: Step { failure(URLError(.timedOut)) }
    }

    /// A stub that answers `steps` in order, one per request: `401` then `200`, or `503`, `503`,
    /// `200`.
    ///
    /// A request after the last step is unexpected: it fails the running test loudly, printing
    /// the request, and the call fails with ``UnexpectedRequest``.
    ///
    /// - Parameters:
    ///   - steps: The answers, in order.
    ///   - latency: How long each answer takes.
    ///   - fileID: Where the stub was made, for the failure message.
    ///   - filePath: Where the stub was made, for the failure message.
    ///   - line: Where the stub was made, for the failure message.
    /// - Returns: The stub.
    public static func sequence(
        _ steps: [Step],
        latency: Duration = .zero,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line
    ) -> StubTransport {
        let position = Locked(0)
        return StubTransport(latency: latency) { request, _ in
            let index = position.withLock { position in
                defer { position += 1 }
                return position
            }
            guard index < steps.count else {
                throw UnexpectedRequest.report(
                    request,
                    reason: "the sequence has only \(steps.count) steps",
                    fileID: fileID,
                    filePath: filePath,
                    line: line
                )
            }
            return try steps[index].answer()
        }
    }
}
