import CourierCore
import Foundation
import HTTPTypes

/// Opens a socket's connections, one at a time: the first, and with reconnection, the next one
/// each time one drops, after the policy's back-off.
struct SocketConnector<Request: WebSocketRequest>: Sendable {
    let client: APIClient
    let request: Request
    let options: WebSocketOptions
    let inbox: Inbox<Request.Response>
    let onReconnect: (@Sendable (WebSocketResumption<Request>) async throws -> Void)?
    let reader: SocketReader<Request>
    /// How long the handshake may take.
    let timeout: Duration

    /// How one connection ended.
    private enum Ending: Sendable {
        /// It never opened: the handshake's error.
        case refused(APIError)
        /// It was open, and ended: how (`nil` for a close with 1000 or 1001), and the server's
        /// close frame.
        case ended(APIError?, WebSocketClose?)
    }

    /// Keeps `socket` connected until it is closed, cancelled, or a connection ends in a way that
    /// does not reconnect; then ends its messages.
    func keep(_ socket: WebSocket<Request>, firstOpen: FirstOpen) async {
        var opened = false
        var attempt = 0  // reconnections since the last open connection
        while true {
            let ending = await connect(socket, resuming: opened ? attempt : nil, firstOpen: firstOpen)
            let error: APIError?
            switch ending {
            case .refused(let refusal):
                if !opened {
                    firstOpen.resolve(.failure(refusal))
                    return end(socket, refusal)
                }
                error = refusal
                guard let policy = options.reconnection, Self.reconnects(after: refusal, policy: policy) else {
                    return end(socket, refusal)
                }
            case .ended(let failure, let close):
                opened = true
                attempt = 0
                error = failure
                guard options.reconnection != nil, Self.reconnects(after: failure, close: close) else {
                    return end(socket, failure)
                }
            }
            guard let policy = options.reconnection, !socket.isClosing, attempt < policy.maximumRetries else {
                return end(socket, socket.isClosing ? nil : error)
            }
            attempt += 1
            let delay = policy.backoff(beforeRetry: attempt, random: Double.random(in: 0..<1))
            reader.observation.event("courier.reconnect", attributes: ["courier.reconnect.attempt": attempt])
            socket.markReconnecting(attempt: attempt, delay: delay)
            do {
                try await client.callClock.sleep(for: delay)
            } catch {
                return end(socket, APIError(.cancelled, "The WebSocket's task was cancelled while it reconnected."))
            }
            if socket.isClosing { return end(socket, nil) }
        }
    }

    private func end(_ socket: WebSocket<Request>, _ error: APIError?) {
        inbox.finish(error)
        socket.markClosed()
        reader.observation.end(error: error)
    }

    /// Whether a connection that was open reconnects after it ended so: it dropped, failed or fell
    /// silent, or the server closed it as going away or to be tried again.
    private static func reconnects(after error: APIError?, close: WebSocketClose?) -> Bool {
        if let code = close?.code?.rawValue { return [1001, 1011, 1012, 1013].contains(code) }
        guard let error else { return false }
        return error.kind == .transport || error.kind == .timeout
    }

    /// Whether a failed reconnection's handshake is tried again: a connection that could not be
    /// made, or a status the policy retries.
    private static func reconnects(after error: APIError, policy: RetryPolicy) -> Bool {
        if error.kind == .transport || error.kind == .timeout { return true }
        if error.kind == .unacceptableStatus, let status = error.status {
            return policy.retryableStatusCodes.contains(status)
        }
        return false
    }

    /// Opens one connection and reads it until it ends.
    private func connect(
        _ socket: WebSocket<Request>, resuming attempt: Int?, firstOpen: FirstOpen
    ) async -> Ending {
        let upgrade = SocketUpgrade(closeTimeout: options.closeTimeout)
        defer { upgrade.end() }
        let handshake = Handshake()
        let subprotocols = request.subprotocols
        let (options, reader, inbox, onReconnect, clock) = (options, reader, inbox, onReconnect, client.callClock)
        let opened = Locked<SocketSession?>(nil)
        let hookFailure = Locked<APIError?>(nil)
        let offersDeflate = options.acceptsCompression && PerMessageDeflate.isAvailable
        let asksToSwitch: (inout PreparedCall) -> Void = { call in
            handshake.prepare(&call.request, subprotocols: subprotocols, offersDeflate: offersDeflate)
            call.acceptableStatusCodes = [.switchingProtocols]
        }
        do throws(APIError) {
            try await client.run(request, mode: .upgrade(upgrade), limit: .connect(timeout), adjust: asksToSwitch) {
                outcome in
                let deflates: Bool
                do throws(FrameViolation) {
                    deflates = try handshake.check(
                        outcome.head, subprotocols: subprotocols, offeredDeflate: offersDeflate)
                } catch {
                    throw SocketReader<Request>.error(for: error, request: outcome.request, response: outcome.head)
                }
                guard let writer = upgrade.current else {
                    throw APIError(
                        .transport, "The transport switched protocols without a connection.",
                        request: outcome.request, response: outcome.head)
                }
                let session = SocketSession(
                    writer: writer, request: outcome.request, closeTimeout: options.closeTimeout, clock: clock)
                opened.withLock { $0 = session }
                socket.attach(session, response: outcome.head)
                let failure = await withTaskGroup(of: Void.self, returning: APIError?.self) { tasks in
                    if let interval = options.pingInterval {
                        tasks.addTask { await Self.ping(session, every: interval, clock: clock) }
                    }
                    defer { tasks.cancelAll() }
                    // A reconnection's hook runs first; the frames it waits for are read meanwhile.
                    if let attempt, let onReconnect {
                        tasks.addTask {
                            do {
                                try await onReconnect(
                                    WebSocketResumption(
                                        attempt: attempt, session: session, encoding: socket.encoding,
                                        observation: socket.observation))
                                socket.markOpen()
                            } catch {
                                hookFailure.withLock {
                                    $0 = APIError(
                                        .interceptor, "The WebSocket's reconnection hook failed: \(error)",
                                        request: session.request, underlying: error)
                                }
                                await session.close(.goingAway, reason: "")
                            }
                        }
                    } else {
                        socket.markOpen()
                        firstOpen.resolve(.success(()))
                    }
                    let inflater = deflates ? PerMessageDeflate.makeInflater() : nil
                    return await reader.read(outcome, session: session, inbox: inbox, inflater: inflater)
                }
                session.ended()
                if let failure { throw failure }
            }
            if let failure = hookFailure.withLock({ $0 }) { return .ended(failure, nil) }
            return .ended(nil, opened.withLock { $0 }?.serverClose)
        } catch {
            if let failure = hookFailure.withLock({ $0 }) { return .ended(failure, nil) }
            guard let session = opened.withLock({ $0 }) else { return .refused(error) }
            return .ended(error, session.serverClose)
        }
    }

    /// Sends a ping every `interval` until the task is cancelled or the connection fails.
    private static func ping(_ session: SocketSession, every interval: Duration, clock: CallClock) async {
        var count: UInt32 = 0
        while (try? await clock.sleep(for: interval)) != nil {
            count &+= 1
            let payload = withUnsafeBytes(of: count.bigEndian) { Data($0) }
            guard (try? await session.write(FrameEncoder.frame(.ping, payload: payload))) != nil else { return }
        }
    }
}
