import Courier
import CourierTesting
import Foundation
import Logging
import Testing

@testable import CourierOutbox

/// Nothing secret from an entry — its header fields, its body, its query — reaches a log, an
/// event's entry or a description, though the store keeps what must be sent.
@Suite(.timeLimit(.minutes(1))) struct OutboxSecrecyTests {
    struct Transfer: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .post }
        var path: String { "/transfers" }
        var query: QueryParameters { ["api_key": "query-secret-1"] }
        var headers: HTTPFields { [.authorization: "Bearer header-secret-2"] }
        var body: RequestBody? { .json(["iban": "body-secret-3"]) }
    }

    static let secrets = ["query-secret-1", "header-secret-2", "body-secret-3"]

    /// Keeps every line logged, with its metadata.
    final class Lines: LogHandler, @unchecked Sendable {
        // @unchecked Sendable: `lines` is only touched under `lock`; the rest is set before use.
        private let lock = NSLock()
        private var lines: [String] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lock.withLock { lines.append("\(event.message) \(event.metadata ?? [:])") }
        }

        var all: [String] { lock.withLock { lines } }
    }

    @Test func noSecretOfAnEntryReachesTheLogsTheEventsOrADescription() async throws {
        let lines = Lines()
        let harness = Harness(
            answer: { _, count in
                count == 1 ? StubTransport.Reply(status: .badGateway) : StubTransport.Reply(status: .forbidden)
            },
            configure: { $0.logger = Logger(label: "test") { _ in lines } })
        defer { harness.removeFolder() }
        let outbox = try await harness.open()
        var events = outbox.events().makeAsyncIterator()
        let entry = try await outbox.enqueue(Transfer(), kind: "transfer")
        var seen: [OutboxEvent] = []
        while let event = await events.next() {
            seen.append(event)
            if event.kind == .failed { await harness.clock.advance(by: .seconds(1)) }
            if event.kind == .deadLettered { break }
        }
        let dead = try #require(try await outbox.deadLetters.first)
        await outbox.close()

        let shown =
            [entry.description, dead.description, "\(dead.deadLetter as Any)", "\(dead.lastFailure as Any)"]
            + seen.map { "\($0.entry as Any) \($0.error.map { "\($0)" } ?? "")" } + lines.all
        for secret in Self.secrets {
            #expect(!shown.contains { $0.contains(secret) }, "\(secret) was shown")
        }
        #expect(lines.all.contains { $0.contains("set aside") }, "the outbox logs through the client's logger")
        #expect(entry.path == "/transfers")
        // The store keeps what must be sent: the request's own header and body, and the query.
        let journal = try harness.journalText()
        for secret in Self.secrets { #expect(journal.contains(secret)) }
    }
}
