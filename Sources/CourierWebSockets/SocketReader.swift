import CourierCore
import Foundation
import HTTPTypes

/// What one frame comes to for the app: a message (decoded, or its decoding failure) or a control
/// frame the connection answers.
private enum Incoming<Value: Sendable>: Sendable {
    case message(Result<Value, APIError>)
    case ping(Data)
    case pong
    case close(WebSocketClose?)
}

/// Reads one open connection's frames through the call path's frame loop (`CallOutcome/readFrames`):
/// decodes its messages into the inbox, answers pings and the server's close, and says how the
/// connection ended.
struct SocketReader<Request: WebSocketRequest>: Sendable {
    let request: Request
    let options: WebSocketOptions
    let limit: Int
    let decoder: JSONDecoder
    /// The socket's span and counters.
    let observation: StreamObservation

    /// Reads until the connection ends.
    ///
    /// - Returns: `nil` for a connection closed by either side with 1000 or 1001, else the error
    ///   the messages end with.
    func read(
        _ outcome: CallOutcome, session: SocketSession, inbox: Inbox<Request.Response>,
        inflater: (any MessageInflater)?
    ) async -> APIError? {
        var parser = FrameParser(limit: limit, inflater: inflater)
        var violation: FrameViolation?
        let idle: DeadlineScope.Limit
        switch (options.pingInterval, options.pingTimeout) {
        case (let interval?, let timeout?): idle = .idle(interval + timeout)
        case (nil, let timeout?): idle = .idle(timeout)
        case (_, nil): idle = .idle(.seconds(100 * 365 * 86_400))  // no limit
        }
        let request = request
        let head = outcome.head
        let decoder = decoder
        let endsOnMalformed = options.endsOnMalformedMessage
        let observation = observation
        do throws(APIError) {
            let bodyEnded = try await outcome.readFrames(
                idle: idle,
                frames: { (chunk: Data) throws(APIError) -> [WebSocketFrame] in
                    do throws(FrameViolation) {
                        return try parser.parse(chunk)
                    } catch {
                        violation = error
                        throw Self.error(for: error, request: outcome.request, response: head)
                    }
                },
                decode: { (frame: WebSocketFrame) throws(APIError) -> Incoming<Request.Response> in
                    switch frame {
                    case .message(let message):
                        observation.received(bytes: message.byteCount)
                        let decoded = Self.decode(
                            message, of: request, head: head, decoder: decoder, for: outcome.request)
                        if endsOnMalformed, case .failure(let error) = decoded {
                            violation = FrameViolation(code: .invalidPayload, message: error.message)
                            throw error
                        }
                        return .message(decoded)
                    case .ping(let data): return .ping(data)
                    case .pong: return .pong
                    case .close(let close): return .close(close)
                    }
                },
                send: { (batch: [Incoming<Request.Response>]) async -> Bool in
                    for incoming in batch {
                        switch incoming {
                        case .message(let message):
                            guard await inbox.push(message) else { return false }
                        case .ping(let data):
                            try? await session.write(FrameEncoder.frame(.pong, payload: data))
                        case .pong:
                            break
                        case .close(let close):
                            await session.serverClosed(close)
                            return false
                        }
                    }
                    return true
                })
            // A cancelled task's bytes end without an error (NIO's inbound stream ends): going away.
            if Task.isCancelled, session.serverClose == nil {
                await session.sendClose(.goingAway, reason: "")
                return APIError(.cancelled, "The WebSocket's task was cancelled.", request: outcome.request)
            }
            if let close = session.serverClose {
                return Self.error(forServerClose: close, request: outcome.request)
            }
            if bodyEnded, !session.closeSent {
                return APIError(
                    .transport, "The server closed the WebSocket's connection without a close frame (1006).",
                    request: outcome.request, response: head)
            }
            return nil
        } catch {
            // A close frame says why, unless the server has gone silent (a frame would only wait
            // behind the unread ones).
            if let violation {
                await session.sendClose(violation.code, reason: String(violation.message.prefix(100)))
            } else if error.kind != .timeout {
                await session.sendClose(.goingAway, reason: "")
            }
            return error
        }
    }

    /// The error a server's close ends the messages with: none for 1000 and 1001.
    static func error(forServerClose close: WebSocketClose, request: HTTPRequest) -> APIError? {
        guard let code = close.code, code != .normal, code != .goingAway else { return nil }
        let reason = close.reason.isEmpty ? "" : ": \(close.reason)"
        return APIError(.transport, "The server closed the WebSocket with \(code)\(reason).", request: request)
    }

    /// A violation of the protocol by the server, as the call reports it.
    static func error(for violation: FrameViolation, request: HTTPRequest, response: HTTPResponse) -> APIError {
        if violation.code == .messageTooBig {
            return APIError(
                .bodyTooLarge, "The server sent a WebSocket message over the limit: \(violation.message).",
                request: request, response: response)
        }
        return APIError(
            .transport, "The server broke the WebSocket protocol: \(violation.message).", request: request,
            response: response)
    }

    /// A message decoded as the request's `Response`, or its failure naming the type.
    static func decode(
        _ message: WebSocketMessage, of request: Request, head: HTTPResponse, decoder: JSONDecoder,
        for httpRequest: HTTPRequest
    ) -> Result<Request.Response, APIError> {
        let data = message.data
        do {
            return .success(try request.decode(data, from: head, decoder: decoder))
        } catch {
            return .failure(
                APIError(
                    .decoding, "A WebSocket message could not be decoded as \(Request.Response.self).",
                    request: httpRequest, response: head, body: data, underlying: error,
                    codingPath: (error as? DecodingError)?.codingPathStrings ?? []))
        }
    }
}
