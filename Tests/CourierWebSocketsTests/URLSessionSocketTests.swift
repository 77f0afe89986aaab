import CourierCore
import Foundation
import Testing

@testable import CourierWebSockets

/// WebSockets over `URLSessionTransport`: on Linux, a loud refusal with nothing sent; everywhere,
/// the queue that hands `URLSessionWebSocketTask`'s messages to the client's reader.
@Suite("WebSockets: over URLSession")
struct URLSessionSocketTests {
    struct Greeting: WebSocketRequest {
        typealias Response = String
        var path: String { "/echo" }
    }

    #if canImport(FoundationNetworking)
        /// FoundationNetworking's libcurl has no WebSockets: refused before a byte is sent.
        @Test func onLinuxItIsRefusedBeforeAnythingIsSent() async throws {
            try await WebSocketTestServer.withRunning { server in
                let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport())
                await #expect {
                    try await client.withWebSocket(Greeting()) { _ in }
                } throws: { error in
                    guard let error = error as? APIError else { return false }
                    return error.kind == .invalidRequest && error.message.contains("libcurl")
                }
                try await Task.sleep(for: .milliseconds(100))
                #expect(server.events.isEmpty, "the server saw: \(server.events)")
            }
        }
    #endif

    /// The receive loop waits while the queue is full; a pong does not.
    @Test func theQueueHoldsAtMostItsCapacityFromTheReceiveLoop() async throws {
        let queue = FrameQueue(capacity: 2)
        let pushed = Locked(0)
        let producer = Task {
            for n in 0..<5 {
                await queue.push(Data([UInt8(n)]))
                pushed.withLock { $0 += 1 }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(pushed.withLock { $0 } == 2)
        queue.pushNow(Data([99]))  // a pong, past the capacity
        var read: [UInt8] = []
        for _ in 0..<6 { read += try await queue.next() ?? Data() }
        await producer.value
        #expect(read == [0, 1, 99, 2, 3, 4])
    }

    /// Frames queued before the end are read before it; then the failure, once.
    @Test func theEndComesAfterTheQueuedFrames() async throws {
        struct Dropped: Error {}
        let queue = FrameQueue(capacity: 4)
        queue.pushNow(Data([1]))
        queue.finish(Dropped())
        queue.pushNow(Data([2]))  // after the end: dropped
        #expect(try await queue.next() == Data([1]))
        await #expect(throws: Dropped.self) { try await queue.next() }
    }

    /// A reader waiting when the queue ends gets the end.
    @Test func aWaitingReaderGetsTheEnd() async throws {
        let queue = FrameQueue(capacity: 4)
        let reader = Task { try await queue.next() }
        try await Task.sleep(for: .milliseconds(50))
        queue.finish(nil)
        #expect(try await reader.value == nil)
    }
}
