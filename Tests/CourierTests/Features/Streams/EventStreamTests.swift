import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing
@testable import CourierStreams

/// `APIClient.events(_:)`: decoding, reconnection, time limits and cancellation, over a scripted
/// transport.
@Suite("Server-Sent Events: the client's stream")
struct EventStreamTests {
    struct Token: Decodable, Equatable, Sendable {
        var text: String
    }

    struct TokensRequest: APIRequest {
        typealias Response = Token
        var method: HTTPRequest.Method { .get }
        var path: String { "/tokens" }
        var timeout: Duration?
    }

    struct TextEventsRequest: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method { .get }
        var path: String { "/events" }
        var headers: HTTPFields = [:]
    }

    static let fast = ReconnectionPolicy(maximumAttempts: 3, delay: .milliseconds(10))

    static func client(
        _ transport: some Transport, interceptors: [any Interceptor] = [], clock: ManualClock? = nil
    ) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, interceptors: interceptors) {
            if let clock { $0.clock = clock }
        }
    }

    @Test func decodesEachEventsDataAsTheResponseType() async throws {
        let transport = ScriptedStreamTransport([
            .init(chunks: ["id: 1\nevent: token\ndata: {\"text\":", "\"Hel\"}\n\nid: 2\ndata: {\"text\":\"lo\"}\n\n"])
        ])
        var events: [ServerSentEvent<Token>] = []
        for try await event in Self.client(transport).events(TokensRequest(), reconnection: .never) {
            events.append(event)
        }
        #expect(events.map(\.data.text) == ["Hel", "lo"])
        #expect(events.map(\.id) == ["1", "2"])
        #expect(events.map(\.event) == ["token", "message"])
        let sent = try #require(transport.sent.withLock { $0.first })
        #expect(sent.headerFields[.accept] == "text/event-stream")
        #expect(sent.headerFields[HTTPField.Name("Last-Event-ID")!] == nil)
    }

    @Test func stringEventsKeepTheirData() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: ["data: a\ndata: b\n\n"])])
        var data: [String] = []
        for try await event in Self.client(transport).events(TextEventsRequest(), reconnection: .never) {
            data.append(event.data)
        }
        #expect(data == ["a\nb"])
    }

    @Test func aDroppedStreamReconnectsWithTheLastEventIDAndTheServersRetry() async throws {
        let transport = ScriptedStreamTransport([
            .init(chunks: ["retry: 20\nid: 1\ndata: a\n\nid: 2\ndata: b\n\nid: 3\ndata: cut"], ending: .fail),
            .init(chunks: ["id: 3\ndata: c\n\n"], ending: .close),
            .init(status: .noContent, chunks: []),
        ])
        let clock = ManualClock(advancesOnSleep: true)
        var data: [String] = []
        for try await event in Self.client(transport, clock: clock).events(TextEventsRequest(), reconnection: Self.fast)
        {
            data.append(event.data)
        }
        #expect(data == ["a", "b", "c"])
        // The partial event 3 did not count: the reconnection asks from 2.
        #expect(transport.lastEventIDs == [nil, "2", "3"])
        #expect(clock.sleeps == [.milliseconds(20), .milliseconds(20)])  // the server's retry, on the client's clock
    }

    @Test func theFirstConnectionCanResumeFromAGivenID() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: ["data: x\n\n"])])
        let stream = Self.client(transport).events(TextEventsRequest(), lastEventID: "41", reconnection: .never)
        for try await _ in stream {}
        #expect(transport.lastEventIDs == ["41"])
    }

    @Test func reconnectionsAreBoundedByThePolicy() async throws {
        let transport = ScriptedStreamTransport(Array(repeating: .init(chunks: [], ending: .fail), count: 10))
        let error = await #expect(throws: APIError.self) {
            for try await _ in Self.client(transport).events(TextEventsRequest(), reconnection: Self.fast) {}
        }
        #expect(error?.kind == .transport)
        #expect(error?.requestName == "TextEventsRequest")
        #expect(transport.sent.withLock { $0.count } == 4)  // the first connection and three more
    }

    @Test func eventsInBetweenResetTheCount() async throws {
        let dropAfterOne = ScriptedStreamTransport.Script(chunks: ["data: x\n\n"], ending: .fail)
        let transport = ScriptedStreamTransport(
            Array(repeating: dropAfterOne, count: 6) + [.init(status: .noContent, chunks: [])])
        var count = 0
        for try await _ in Self.client(transport).events(TextEventsRequest(), reconnection: Self.fast) {
            count += 1
        }
        #expect(count == 6)
    }

    @Test func anUnacceptableStatusEndsTheStreamWithoutReconnecting() async throws {
        let transport = ScriptedStreamTransport([.init(status: .notFound, chunks: ["gone"])])
        let error = await #expect(throws: APIError.self) {
            for try await _ in Self.client(transport).events(TextEventsRequest(), reconnection: Self.fast) {}
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.body == Data("gone".utf8))
        #expect(transport.sent.withLock { $0.count } == 1)
    }

    @Test func aResponseThatIsNotAnEventStreamFails() async throws {
        let transport = ScriptedStreamTransport([.init(contentType: "application/json", chunks: ["{}"])])
        let error = await #expect(throws: APIError.self) {
            for try await _ in Self.client(transport).events(TextEventsRequest(), reconnection: Self.fast) {}
        }
        #expect(error?.kind == .decoding)
        #expect(transport.sent.withLock { $0.count } == 1)
    }

    @Test func anEventThatCannotBeDecodedFailsNamingIt() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: ["id: 9\ndata: {\"txt\": 1}\n\n"])])
        let error = await #expect(throws: APIError.self) {
            for try await _ in Self.client(transport).events(TokensRequest(), reconnection: Self.fast) {}
        }
        #expect(error?.kind == .decoding)
        #expect(error?.message.contains("Event 9") == true)
        #expect(error?.body == Data("{\"txt\": 1}".utf8))
    }

    @Test func aSilentStreamTimesOutAndReconnects() async throws {
        let transport = ScriptedStreamTransport([
            .init(chunks: ["data: a\n\n"], ending: .hang), .init(chunks: ["data: b\n\n"]),
            .init(status: .noContent, chunks: []),
        ])
        let clock = ManualClock()
        let stream = Self.client(transport, clock: clock).events(
            TextEventsRequest(), reconnection: Self.fast, idleTimeout: .seconds(1))
        let reading = Task {
            var data: [String] = []
            for try await event in stream { data.append(event.data) }
            return data
        }
        await clock.waitForSleepers()  // the first connection went silent
        await clock.advance(by: .seconds(1))  // its idle timeout
        await clock.waitForSleepers()  // the reconnection's wait
        await clock.advance(by: .milliseconds(10))
        await clock.waitForSleepers()  // the second connection closed: the next reconnection's wait
        await clock.advance(by: .milliseconds(10))
        #expect(try await reading.value == ["a", "b"])
        #expect(transport.readersCancelled.withLock { $0 } == 1)
    }

    @Test func aSilentStreamFailsAsATimeoutOnceReconnectionsAreUsedUp() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: [": hello\n"], ending: .hang)])
        let clock = ManualClock()
        let stream = Self.client(transport, clock: clock).events(
            TextEventsRequest(), reconnection: .never, idleTimeout: .milliseconds(200))
        let reading = Task { for try await _ in stream {} }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(200))
        let error = await #expect(throws: APIError.self) { try await reading.value }
        #expect(error?.kind == .timeout)
        #expect(error?.message == "The stream stayed silent for longer than its idle timeout of 0.2 seconds.")
    }

    @Test(arguments: [Duration.zero, .milliseconds(100)])
    func theTimeoutCoversConnecting(_ timeout: Duration) async throws {
        let clock = ManualClock()
        let stream = Self.client(NoHeadTransport(), clock: clock).events(
            TokensRequest(timeout: timeout), reconnection: .never)
        let reading = Task { for try await _ in stream {} }
        if timeout > .zero {
            await clock.waitForSleepers()  // the server does not answer
            await clock.advance(by: timeout)
        }
        let error = await #expect(throws: APIError.self) { try await reading.value }
        #expect(error?.kind == .timeout)
        #expect(error?.message.contains("did not answer") == true)
    }

    @Test func theDeadlineDoesNotCutALongStream() async throws {
        // The request's timeout covers connecting; the stream outlives it, since chunks keep coming
        // well within the idle timeout.
        let transport = SlowChunksTransport(count: 8, interval: .milliseconds(150))
        let clock = ManualClock(advancesOnSleep: true)
        var count = 0
        let stream = Self.client(transport, clock: clock).events(
            TokensRequest(timeout: .milliseconds(500)), reconnection: .never, idleTimeout: .seconds(5))
        for try await _ in stream { count += 1 }
        #expect(count == 8)
        #expect(clock.now.offset == .milliseconds(1200))  // past the 500 ms timeout
    }

    @Test func cancellingTheConsumerClosesTheConnection() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: ["data: a\n\n"], ending: .hang)])
        let received = Locked(0)
        let client = Self.client(transport)
        let consumer = Task {
            for try await _ in client.events(TextEventsRequest(), reconnection: Self.fast) {
                received.withLock { $0 += 1 }
            }
        }
        while received.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        consumer.cancel()
        let error = await #expect(throws: APIError.self) { try await consumer.value }
        #expect(error?.kind == .cancelled)
        let started = ContinuousClock.now
        while transport.readersCancelled.withLock({ $0 }) == 0, started.duration(to: .now) < .seconds(30) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(transport.readersCancelled.withLock { $0 } == 1)
        #expect(transport.sent.withLock { $0.count } == 1)
    }

    @Test func breakingOutOfTheLoopClosesTheConnection() async throws {
        let transport = ScriptedStreamTransport([.init(chunks: ["data: a\n\ndata: b\n\n"], ending: .hang)])
        for try await _ in Self.client(transport).events(TextEventsRequest()) { break }
        let started = ContinuousClock.now
        while transport.readersCancelled.withLock({ $0 }) == 0, started.duration(to: .now) < .seconds(30) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(transport.readersCancelled.withLock { $0 } == 1)
    }

    @Test func everyReconnectionPassesThroughTheInterceptors() async throws {
        let transport = ScriptedStreamTransport([
            .init(chunks: ["id: 1\ndata: a\n\n"], ending: .fail), .init(chunks: ["id: 2\ndata: b\n\n"]),
            .init(status: .noContent, chunks: []),
        ])
        let counter = CountingInterceptor()
        let client = Self.client(transport, interceptors: [counter])
        for try await _ in client.events(TextEventsRequest(), reconnection: .init(maximumAttempts: 1, delay: .zero)) {}
        #expect(
            transport.sent.withLock { $0.map { $0.headerFields[HTTPField.Name("X-Attempt")!] } } == ["1", "2", "3"])
    }
}

/// Stamps each request it sees with its count, as an authorization interceptor stamps a token.
struct CountingInterceptor: Interceptor {
    let count = Locked(0)

    func intercept(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: InterceptorNext
    ) async throws -> InterceptorResponse {
        let attempt = count.withLock { count in
            count += 1
            return count
        }
        var request = request
        request.headerFields[HTTPField.Name("X-Attempt")!] = "\(attempt)"
        return try await next(request, body)
    }
}

/// Sends `count` events, one every `interval`.
struct SlowChunksTransport: Transport {
    let count: Int
    let interval: Duration

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let (count, interval) = (count, interval)
        let clock = context.clock
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            let task = Task {
                for index in 0..<count {
                    try? await clock.sleep(for: interval)
                    continuation.yield(Data("data: {\"text\":\"\(index)\"}\n\n".utf8))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream"]), ResponseBody(stream))
    }
}

/// Never answers (until cancelled).
struct NoHeadTransport: Transport {
    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        try await (context.clock).sleep(for: .seconds(3600))
        throw CancellationError()
    }
}
