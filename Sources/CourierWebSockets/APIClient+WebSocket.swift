public import CourierCore
import Foundation
import HTTPTypes

extension APIClient {
    /// Opens a WebSocket, runs `body` with it, and closes it.
    ///
    /// ```swift
    /// try await client.withWebSocket(ChatSocket()) { socket in
    ///     try await socket.send(.join(room: "general"))
    ///     for try await event in socket.messages {
    ///         if case .left = event { break }
    ///     }
    /// }
    /// ```
    ///
    /// The handshake is a call: the client's interceptors run on it (an `Authorization` field, a
    /// refresh and a second handshake after a `401`), with its cookies and redirects, and it must
    /// be answered within the request's timeout (or `configuration.timeout`). A refused
    /// handshake fails as a refused call does (`APIError.Kind.unacceptableStatus`, with the
    /// server's body), a failed connection as `APIError.Kind.transport`, `APIError.Kind.tls` or
    /// `APIError.Kind.timeout`.
    ///
    /// Once open, the connection has no total time limit. It is kept by `options`: pings, and a
    /// connection silent for longer than the ping's interval and timeout ends as
    /// `APIError.Kind.timeout`; messages up to a size (the client's body limit by default);
    /// at most a number of messages waiting for `body`, past which the connection stops reading.
    ///
    /// When `body` returns, the connection is closed with 1000 and the server's close awaited; when
    /// it throws, or the task is cancelled, with 1001 (going away).
    ///
    /// - Parameters:
    ///   - request: The endpoint and its messages.
    ///   - options: Limits, keep-alive and closing.
    ///   - isolation: The caller's actor, which `body` runs on.
    ///   - body: Uses the connection; it is closed when this returns.
    /// - Returns: What `body` returns.
    /// - Throws: The handshake's `APIError`, or what `body` throws.
    public func withWebSocket<Request: WebSocketRequest, Result>(
        _ request: Request,
        options: WebSocketOptions = WebSocketOptions(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (WebSocket<Request>) async throws -> Result
    ) async throws -> Result {
        let upgrade = SocketUpgrade(closeTimeout: options.closeTimeout)
        let handshake = Handshake()
        let inbox = Inbox<Request.Response>(capacity: options.bufferedMessages)
        let opened = Opening<Request>()
        let reader = SocketReader(
            request: request, options: options,
            limit: options.maximumMessageSize ?? resolved.configuration.maximumBodySize,
            decoder: request.decoder.resolvedDecoder ?? resolved.configuration.decoder)
        let encoder = resolved.configuration.encoder
        let clock = callClock
        let subprotocols = request.subprotocols
        let timeout = request.timeout.resolvedTimeout ?? resolved.configuration.timeout
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask {
                defer { upgrade.end() }
                do throws(APIError) {
                    try await run(
                        request, mode: .upgrade(upgrade), limit: .connect(timeout),
                        adjust: { call in
                            handshake.prepare(&call.request, subprotocols: subprotocols)
                            call.acceptableStatusCodes = [.switchingProtocols]
                        }
                    ) { outcome in
                        do throws(FrameViolation) {
                            try handshake.check(outcome.head, subprotocols: subprotocols)
                        } catch {
                            throw SocketReader<Request>.error(
                                for: error, request: outcome.request, response: outcome.head)
                        }
                        guard let writer = upgrade.current else {
                            throw APIError(
                                .transport, "The transport switched protocols without a connection.",
                                request: outcome.request, response: outcome.head)
                        }
                        let session = SocketSession(
                            writer: writer, request: outcome.request, closeTimeout: options.closeTimeout,
                            clock: clock)
                        let socket = WebSocket(
                            response: outcome.head, session: session, inbox: inbox, request: request, encoder: encoder)
                        opened.resolve(.success(socket))
                        let failure = await withTaskGroup(of: Void.self, returning: APIError?.self) { pings in
                            if let interval = options.pingInterval {
                                pings.addTask {
                                    var count: UInt32 = 0
                                    while (try? await clock.sleep(for: interval)) != nil {
                                        count &+= 1
                                        let payload = withUnsafeBytes(of: count.bigEndian) { Data($0) }
                                        guard
                                            (try? await session.write(FrameEncoder.frame(.ping, payload: payload)))
                                                != nil
                                        else { return }
                                    }
                                }
                            }
                            defer { pings.cancelAll() }
                            return await reader.read(outcome, session: session, inbox: inbox)
                        }
                        session.ended()
                        if let failure { throw failure }
                    }
                    inbox.finish(nil)
                } catch {
                    opened.resolve(.failure(error))
                    inbox.finish(error)
                }
            }
            let socket: WebSocket<Request>
            do {
                socket = try await opened.value.get()
            } catch {
                group.cancelAll()
                throw error
            }
            do {
                let result = try await body(socket)
                await socket.close(.normal)
                try await group.waitForAll()
                return result
            } catch {
                await socket.close(.goingAway)
                group.cancelAll()
                try? await group.waitForAll()
                throw error
            }
        }
    }
}

/// The connection's opening, awaited by ``APIClient/withWebSocket(_:options:isolation:_:)``: the
/// socket, or the handshake's error.
final class Opening<Request: WebSocketRequest>: Sendable {
    private let state = Locked<
        (value: Result<WebSocket<Request>, APIError>?, waiter: CheckedContinuation<Void, Never>?)
    >((nil, nil))

    func resolve(_ value: Result<WebSocket<Request>, APIError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    var value: Result<WebSocket<Request>, APIError> {
        get async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.value != nil { return true }
                    state.waiter = waiter
                    return false
                }
                if ready { waiter.resume() }
            }
            return state.withLock { $0.value! }
        }
    }
}
