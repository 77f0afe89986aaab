import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOutbox

/// A request the outbox tests enqueue: `POST /notes/<id>` with a JSON body.
struct SaveNote: APIRequest {
    typealias Response = SavedNote
    var id: Int
    var text = "Buy milk"
    var group: String?
    var method: HTTPRequest.Method { .post }
    var path: String { "/notes/\(id)" }
    var query: QueryParameters { ["draft": "1"] }
    var body: RequestBody? { .json(["text": text]) }
    var acceptableStatusCodes: StatusCodes { [.created, .ok] }
}

struct SavedNote: Codable, Sendable, Equatable {
    var id: Int
}

/// What a stub server saw: each request, with its body.
final class Arrivals: Sendable {
    struct Arrival: Sendable {
        var request: HTTPRequest
        var body: Data?
        var key: String? { request.headerFields[HTTPField.Name("Idempotency-Key")!] }
        var path: String { request.path ?? "" }
    }

    private let arrivals = Locked<[Arrival]>([])

    func append(_ request: HTTPRequest, _ body: Data?) {
        arrivals.withLock { $0.append(Arrival(request: request, body: body)) }
    }

    var all: [Arrival] { arrivals.withLock { $0 } }
    var paths: [String] { all.map(\.path) }
}

/// An outbox in a folder of its own, over a stub that answers as `answer` says, with a clock the
/// test moves and a back-off's jitter of one half.
struct Harness {
    let folder = FileManager.default.temporaryDirectory.appending(path: "outbox-test-\(UUID().uuidString)")
    let clock = ManualClock()
    let arrivals = Arrivals()
    let client: APIClient

    init(
        interceptors: [any Interceptor] = [], headers: HTTPFields = [:],
        answer: @escaping @Sendable (HTTPRequest, Int) async throws -> StubTransport.Reply = { request, _ in
            .json(
                #"{"id": \#(request.path?.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0)}"#,
                status: .created)
        },
        configure: (inout APIClient.Configuration) -> Void = { _ in }
    ) {
        let arrivals = arrivals
        let stub = StubTransport { request, body in
            arrivals.append(request, body)
            return try await answer(request, arrivals.all.count)
        }
        client = APIClient(
            baseURL: URL(string: "https://api.example.test/v1")!, transport: stub, interceptors: interceptors
        ) {
            [clock] in
            $0.clock = clock
            $0.headers = headers
            configure(&$0)
        }
    }

    func open(
        fileSystem: any StoreFileSystem = SystemFileSystem(),
        _ configure: (inout Outbox.Configuration) -> Void = { _ in }
    ) async throws -> Outbox {
        var configuration = Outbox.Configuration()
        configuration.monitorsNetwork = false
        configuration.decoders.register(SavedNote.self, forKind: "note.save")
        configure(&configuration)
        return try await Outbox(
            directory: folder, client: client, configuration: configuration, fileSystem: fileSystem,
            random: { 0.5 })
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The journal's bytes, as text where they are.
    func journalText() throws -> String {
        String(decoding: try Data(contentsOf: folder.appending(path: "journal")), as: UTF8.self)
    }
}

extension AsyncStream<OutboxEvent>.Iterator {
    /// The next event of `kind`, skipping others.
    mutating func next(_ kind: OutboxEvent.Kind) async -> OutboxEvent? {
        while let event = await next() {
            if event.kind == kind { return event }
        }
        return nil
    }
}
