import Courier
import CourierWebSockets
import Foundation

/// Courier's WebSocket over `AsyncHTTPClientTransport`: the handshake through the client's call
/// path (NIO's HTTP upgrade on AsyncHTTPClient's event loops), then Courier's own framing, its
/// inbox of decoded messages (64 at most, the default) and its counters. Default options: pings
/// every 30 s (none fall in a round), compression offered (the echo server declines it).
enum CourierClient {
    struct EchoSocket: WebSocketRequest {
        typealias Response = Note
        typealias Outgoing = Note
        var path: String { "/echo" }
    }

    static func run(port: Int, plan: Plan) async throws -> Figures {
        let client = APIClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: AsyncHTTPClientTransport.shared)
        return try await client.withWebSocket(EchoSocket(), options: WebSocketOptions()) { socket in
            var receiver = Receiver(messages: socket.messages.makeAsyncIterator())
            return try await Exercise.run(plan, sender: Sender(socket: socket), receiver: &receiver)
        }
    }

    struct Sender: NoteSender {
        let socket: WebSocket<EchoSocket>

        func send(_ note: Note) async throws {
            try await socket.send(note)
        }
    }

    struct Receiver: NoteReceiver {
        var messages: WebSocketMessages<Note>.AsyncIterator

        mutating func receive() async throws -> Note {
            guard let note = try await messages.next() else { throw RawClient.Closed() }
            return note
        }
    }
}
