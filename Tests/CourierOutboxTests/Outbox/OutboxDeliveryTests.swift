import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOutbox

/// An entry goes through the client's one call path, once, with its key; what is stored is built
/// before the interceptors, so their credentials are fresh at each attempt and never stored.
@Suite(.timeLimit(.minutes(1))) struct OutboxDeliveryTests {
    @Test func anEntryIsDeliveredOnceWithItsKeyAndDecodedResponse() async throws {
        let harness = Harness()
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(SaveNote(id: 7), kind: "note.save")
        let delivered = try #require(await events.next(.delivered))
        #expect(delivered.entry?.id == entry.id)
        #expect(delivered.delivery?.value(as: SavedNote.self) == SavedNote(id: 7))
        #expect(delivered.pendingCount == 0)
        let arrival = try #require(harness.arrivals.all.first)
        #expect(harness.arrivals.all.count == 1)
        #expect(arrival.request.method == .post)
        #expect(arrival.path == "/v1/notes/7?draft=1")
        #expect(arrival.key == entry.idempotencyKey)
        #expect(entry.idempotencyKey.hasPrefix("\"") && entry.idempotencyKey.count == 38, "a UUID as an sf-string")
        #expect(arrival.body == Data(#"{"text":"Buy milk"}"#.utf8))
        #expect(arrival.request.headerFields[.contentType] == "application/json")
        #expect(try await outbox.count == 0)
        await outbox.close()
    }

    @Test func credentialsAndTheClientsHeadersAreAddedAtEachSendAndNeverStored() async throws {
        struct Bearer: Interceptor {
            func intercept(
                _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
            ) async throws -> InterceptorResponse {
                var request = request
                request.headerFields[.authorization] = "Bearer secret-token-123"
                return try await next(request, body)
            }
        }
        let harness = Harness(interceptors: [Bearer()], headers: [.init("X-App-Version")!: "4.2"]) { _, _ in
            .json(#"{"id": 1}"#, status: .created)
        }
        defer { harness.removeFolder() }
        let outbox = try await harness.open { $0.maximumConcurrentDeliveries = 1 }
        outbox.networkDidChange(isAvailable: false)
        try await outbox.enqueue(SaveNote(id: 1, text: "kept"), kind: "note.save")
        let journal = try harness.journalText()
        #expect(journal.contains("kept"), "the body is stored")
        #expect(!journal.contains("secret-token-123"), "no interceptor's credential is stored")
        #expect(!journal.contains("X-App-Version"), "the client's header fields are not stored")
        var events = outbox.events().makeAsyncIterator()
        outbox.networkDidChange(isAvailable: true)
        _ = await events.next(.delivered)
        let arrival = try #require(harness.arrivals.all.first)
        #expect(arrival.request.headerFields[.authorization] == "Bearer secret-token-123")
        #expect(arrival.request.headerFields[.init("X-App-Version")!] == "4.2")
        await outbox.close()
    }

    @Test func aRequestsOwnIdempotencyKeyIsKept() async throws {
        struct Keyed: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/likes" }
            var headers: HTTPFields { [.init("Idempotency-Key")!: "\"app-key-1\""] }
        }
        let harness = Harness { _, _ in StubTransport.Reply(status: .noContent) }
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(Keyed(), kind: "like")
        _ = await events.next(.delivered)
        #expect(entry.idempotencyKey == "\"app-key-1\"")
        #expect(harness.arrivals.all.map(\.key) == ["\"app-key-1\""])
        await outbox.close()
    }

    @Test func aFileBodyIsCopiedIntoTheStoreAndSentFromThere() async throws {
        struct Upload: APIRequest {
            typealias Response = EmptyResponse
            var file: URL
            var method: HTTPRequest.Method { .put }
            var path: String { "/photos/1" }
            var body: RequestBody? { .file(file, contentType: "image/png") }
        }
        let harness = Harness { _, _ in StubTransport.Reply(status: .ok) }
        defer { harness.removeFolder() }
        let original = FileManager.default.temporaryDirectory.appending(path: "outbox-upload-\(UUID().uuidString)")
        let bytes = Data((0..<5000).map { UInt8($0 % 256) })
        try bytes.write(to: original)
        let outbox = try await harness.open()
        outbox.networkDidChange(isAvailable: false)
        try await outbox.enqueue(Upload(file: original), kind: "photo")
        try FileManager.default.removeItem(at: original)  // the app may delete its file at once
        var events = outbox.events().makeAsyncIterator()
        outbox.networkDidChange(isAvailable: true)
        _ = await events.next(.delivered)
        #expect(harness.arrivals.all.first?.body == bytes)
        #expect(harness.arrivals.all.first?.request.headerFields[.contentType] == "image/png")
        let copies = try FileManager.default.contentsOfDirectory(atPath: harness.folder.appending(path: "bodies").path)
        #expect(copies.isEmpty, "the copy goes with its entry")
        await outbox.close()
    }

    @Test func theEventsStartWithTheCountsAndFollowEachChange() async throws {
        let harness = Harness()
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        outbox.networkDidChange(isAvailable: false)
        try await outbox.enqueue(SaveNote(id: 1), kind: "note.save")
        var events = outbox.events().makeAsyncIterator()
        // The first sequence starts with what happened since the opening, then the counts.
        let first = try #require(await events.next())
        #expect(first.kind == .pending && first.entry?.path == "/notes/1")
        let snapshot = try #require(await events.next())
        #expect(snapshot.kind == .snapshot && snapshot.pendingCount == 1 && snapshot.entry == nil)
        var later = outbox.events().makeAsyncIterator()
        #expect(await later.next()?.kind == .snapshot, "later sequences start with their snapshot")
        try await outbox.enqueue(SaveNote(id: 2), kind: "note.save")
        let pending = try #require(await events.next())
        #expect(pending.kind == .pending && pending.pendingCount == 2)
        outbox.networkDidChange(isAvailable: true)
        var kinds: [OutboxEvent.Kind] = []
        var counts: [Int] = []
        while kinds.filter({ $0 == .delivered }).count < 2, let event = await events.next() {
            kinds.append(event.kind)
            counts.append(event.pendingCount)
        }
        #expect(kinds.filter { $0 == .delivering }.count == 2)
        #expect(counts.last == 0)
        await outbox.close()
    }

    @Test func aRequestThatCannotBeBuiltIsRefusedAtEnqueue() async throws {
        struct Escaping: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .post }
            var path: String { "/../admin" }
        }
        let harness = Harness()
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        await #expect {
            try await outbox.enqueue(Escaping(), kind: "x")
        } throws: { error in
            (error as? APIError)?.kind == .invalidRequest
        }
        #expect(try await outbox.count == 0)
        await outbox.close()
    }
}
