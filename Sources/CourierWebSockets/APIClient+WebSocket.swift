public import CourierCore
import Foundation

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
    /// be answered within the request's timeout (or the configuration's). A refused handshake
    /// fails as a refused call does (`APIError.Kind.unacceptableStatus`, with the server's body), a
    /// failed connection as `APIError.Kind.transport`, `APIError.Kind.tls` or
    /// `APIError.Kind.timeout`.
    ///
    /// Once open, the connection has no total time limit. It is kept by `options`: pings, and a
    /// connection silent for longer than the ping's interval and timeout ends as
    /// `APIError.Kind.timeout`; messages up to a size (the client's body limit by default); at most
    /// a number of messages waiting for `body`, past which the connection stops reading; and, if
    /// asked, a new connection when one drops (``WebSocketOptions/reconnection``), after which
    /// `onReconnect` runs before the app's sends go through.
    ///
    /// When `body` returns, the connection is closed with 1000 and the server's close awaited; when
    /// it throws, or the task is cancelled, with 1001 (going away).
    ///
    /// - Parameters:
    ///   - request: The endpoint and its messages.
    ///   - options: Limits, keep-alive, closing and reconnection.
    ///   - isolation: The caller's actor, which `body` runs on.
    ///   - onReconnect: Sends what the server needs to resume on a new connection (a resume token,
    ///     the subscriptions again); an error it throws ends the socket.
    ///   - body: Uses the connection; it is closed when this returns.
    /// - Returns: What `body` returns.
    /// - Throws: The first handshake's `APIError`, or what `body` throws.
    public func withWebSocket<Request: WebSocketRequest, Result>(
        _ request: Request,
        options: WebSocketOptions = WebSocketOptions(),
        isolation: isolated (any Actor)? = #isolation,
        onReconnect: (@Sendable (WebSocketResumption<Request>) async throws -> Void)? = nil,
        _ body: (WebSocket<Request>) async throws -> Result
    ) async throws -> Result {
        let inbox = Inbox<Request.Response>(capacity: options.bufferedMessages)
        let name = Memo.name(of: Request.self)
        let observation = streamObservation(name: "WebSocket \(name)", requestName: name)
        let socket = WebSocket(
            inbox: inbox, encoding: MessageEncoding(request: request, encoder: resolved.configuration.encoder),
            observation: observation)
        let connector = SocketConnector(
            client: self, request: request, options: options, inbox: inbox, onReconnect: onReconnect,
            reader: SocketReader(
                request: request, options: options,
                limit: options.maximumMessageSize ?? resolved.configuration.maximumBodySize,
                decoder: request.decoder.resolvedDecoder ?? resolved.configuration.decoder,
                observation: observation),
            timeout: request.timeout.resolvedTimeout ?? resolved.configuration.timeout)
        let firstOpen = FirstOpen()
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            // One span for the socket, parent of each connection's call span.
            group.addTask { await observation.run { await connector.keep(socket, firstOpen: firstOpen) } }
            do {
                try await firstOpen.wait().get()
            } catch {
                group.cancelAll()
                throw error
            }
            do {
                let result = try await body(socket)
                await socket.close(.normal)
                // The close handshake is over (or timed out): a reconnection waiting out its
                // back-off, or a handshake under way, stops now.
                group.cancelAll()
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

/// The first connection's opening, awaited by ``CourierCore/APIClient/withWebSocket(_:options:isolation:onReconnect:_:)``
/// before it runs its closure: success, or the first handshake's error.
final class FirstOpen: Sendable {
    private let state = Locked<(result: Result<Void, APIError>?, waiter: CheckedContinuation<Void, Never>?)>((nil, nil))

    func resolve(_ result: Result<Void, APIError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async -> Result<Void, APIError> {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.result != nil { return true }
                state.waiter = waiter
                return false
            }
            if ready { waiter.resume() }
        }
        return state.withLock { $0.result } ?? .success(())
    }
}
