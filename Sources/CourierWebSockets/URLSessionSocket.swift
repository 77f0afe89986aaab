import CourierCore
import HTTPTypes

#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// A WebSocket over `URLSessionTransport`: `URLSessionWebSocketTask` does the handshake and the
/// framing; its messages are handed to the client's reader as server frames, and the client's
/// frames are sent as messages, so that the rest of the path (limits, decoding, pings, closing,
/// reconnection) is the one every WebSocket runs.
///
/// Used on Apple platforms. FoundationNetworking has the same API, but its libcurl has no
/// WebSocket support on Linux distributions: `SocketUpgrade` refuses before this is reached.
enum URLSessionSocket {
    static func open(
        _ request: HTTPRequest, over transport: URLSessionTransport, context: TransportContext,
        upgrade: SocketUpgrade
    ) async throws -> (HTTPResponse, ResponseBody) {
        let task = try transport.webSocketTask(for: request)
        task.maximumMessageSize = max(1, min(context.bodyLimit, Int.max - 16))
        task.resume()
        // Open once a ping is answered; a refused handshake fails it, with the response kept.
        // The deadline on the call's clock (a test's simulated one, not the machine's).
        let timer = Task {
            // Ends by the deadline (`TransportDeadlineReached`) or by being cancelled once open.
            try? await context.sleep(for: context.remaining)
            guard !Task.isCancelled else { return }
            task.cancel()
        }
        defer { timer.cancel() }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
                    task.sendPing { error in
                        if let error { opened.resume(throwing: error) } else { opened.resume() }
                    }
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            if let refused = URLSessionTransport.response(of: task), refused.status != .switchingProtocols {
                return (refused, ResponseBody(Data()))  // URLSession does not hand a refusal's body over
            }
            if context.deadlineHasPassed { throw URLError(.timedOut) }
            throw error
        }
        // URLSession checked the server's `Sec-WebSocket-Accept`; the client's check is of this.
        var response = URLSessionTransport.response(of: task) ?? HTTPResponse(status: .switchingProtocols)
        response.status = .switchingProtocols
        response.headerFields[.upgrade] = "websocket"
        let key = request.headerFields[.secWebSocketKey] ?? ""
        response.headerFields[.secWebSocketAccept] = Handshake(key: key).expectedAccept
        response.headerFields[.secWebSocketExtensions] = nil  // URLSession inflates what it agreed to
        let frames = FrameQueue(capacity: 16)
        let receiving = Task {
            while !Task.isCancelled {
                let message: URLSessionWebSocketTask.Message
                do {
                    message = try await task.receive()
                } catch {
                    if task.closeCode != .invalid {
                        let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                        let code = WebSocketCloseCode(rawValue: UInt16(clamping: task.closeCode.rawValue))
                        frames.pushNow(FrameEncoder.close(code, reason: reason, masked: false))
                        frames.finish(nil)
                    } else {
                        frames.finish(error)
                    }
                    return
                }
                switch message {
                case .string(let text): await frames.push(FrameEncoder.message(.text(text), masked: false))
                case .data(let data): await frames.push(FrameEncoder.message(.binary(data), masked: false))
                @unknown default: break
                }
            }
        }
        upgrade.switched(to: URLSessionSocketWriter(task: task, frames: frames, receiving: receiving))
        return (response, ResponseBody(FrameQueue.Frames(queue: frames)))
    }
}

/// The client's frames, sent as `URLSessionWebSocketTask`'s messages, pings and close.
struct URLSessionSocketWriter: SocketWriter {
    let task: URLSessionWebSocketTask
    let frames: FrameQueue
    let receiving: Task<Void, Never>

    func write(_ frame: Data) async throws {
        guard let (opcode, payload) = InMemoryWriter.unmasked(frame) else { return }
        switch opcode {
        case .text: try await task.send(.string(String(decoding: payload, as: UTF8.self)))
        case .binary: try await task.send(.data(payload))
        case .ping:
            let frames = frames
            task.sendPing { error in
                if error == nil { frames.pushNow(FrameEncoder.frame(.pong, payload: payload, mask: nil)) }
            }
        case .close:
            let close = (try? FrameParser.close(payload)) ?? nil
            let code = close?.code.flatMap { URLSessionWebSocketTask.CloseCode(rawValue: Int($0.rawValue)) }
            task.cancel(with: code ?? .normalClosure, reason: close.map { Data($0.reason.utf8) })
        case .pong, .continuation: break
        }
    }

    func writeClose(_ frame: Data, within timeout: Duration) async {
        try? await write(frame)
    }

    func end() {
        task.cancel()
        receiving.cancel()
        frames.finish(nil)
    }
}
