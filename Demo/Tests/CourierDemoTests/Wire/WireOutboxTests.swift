#if Demo
    import Courier
    import CourierOutbox
    import DemoAPI
    import Foundation
    import Testing

    /// The outbox over every transport, against the demo server's endpoint that honours
    /// `Idempotency-Key` (it acts once per key and counts every arrival).
    @Suite("Wire: outbox", .timeLimit(.minutes(2)))
    struct WireOutboxTests {
        struct Item: APIRequest {
            typealias Response = Data
            var name: String
            var group: String?
            var fail: Int?
            var status: Int?
            var method: HTTPRequest.Method { .post }
            var path: String { "/outbox/items/\(name)" }
            var query: QueryParameters { ["group": group, "fail": fail, "status": status] }
            var body: RequestBody? { .json(["name": name]) }
            var acceptableStatusCodes: StatusCodes { [.created] }
        }

        struct Record: Decodable, Sendable {
            var key: String
            var path: String
            var order: Int?
            var arrivals: Int
            var name: String { String(path.split(separator: "/").last ?? "") }
        }

        struct Ledger: APIRequest {
            typealias Response = [Record]
            var method: HTTPRequest.Method { .get }
            var path: String { "/outbox/ledger" }
        }

        /// Records what each delivery's call looks like to an interceptor.
        final class Seen: Interceptor, Sendable {
            let calls = Locked<[(name: String, key: String?)]>([])

            func intercept(
                _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
            ) async throws -> InterceptorResponse {
                calls.withLock {
                    $0.append((context.requestName, request.headerFields[HTTPField.Name("Idempotency-Key")!]))
                }
                return try await next(request, body)
            }
        }

        static func open(
            _ kind: TransportKind, baseURL: URL, folder: URL, interceptors: [any Interceptor] = []
        ) async throws -> Outbox {
            let client = makeClient(kind, baseURL: baseURL) {
                $0.interceptors = interceptors
                $0.timeout = .seconds(10)
            }
            var configuration = Outbox.Configuration()
            configuration.monitorsNetwork = false
            configuration.rules = DeliveryRules(
                retry: RetryPolicy(
                    maximumRetries: 1000, initialBackoff: .milliseconds(10), maximumBackoff: .milliseconds(50),
                    retryableStatusCodes: [408, 409, 429] + .serverError))
            return try await Outbox(directory: folder, client: client, configuration: configuration)
        }

        static func folder() -> URL {
            FileManager.default.temporaryDirectory.appending(path: "outbox-wire-\(UUID().uuidString)")
        }

        @Test(arguments: TransportKind.available)
        func eachEntryIsActedOnOnceInItsGroupsOrder(_ kind: TransportKind) async throws {
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await DemoServer.withRunning { baseURL in
                let outbox = try await Self.open(kind, baseURL: baseURL, folder: folder)
                var events = outbox.events().makeAsyncIterator()
                let items = [
                    Item(name: "a1", group: "a", fail: 1), Item(name: "a2", group: "a"), Item(name: "b1", group: "b"),
                    Item(name: "b2", group: "b", fail: 2), Item(name: "c"),
                ]
                var keys: [String: String] = [:]
                for item in items {
                    keys[item.name] = try await outbox.enqueue(item, kind: "item", group: item.group).idempotencyKey
                }
                var delivered = 0
                while delivered < items.count, await events.next(.delivered) != nil { delivered += 1 }
                await outbox.close()
                let ledger = try await makeClient(kind, baseURL: baseURL).send(Ledger())
                #expect(ledger.count == items.count)
                for record in ledger {
                    #expect(record.key == keys[record.name], "\(record.name) went with its entry's key")
                    #expect(record.order != nil)
                    let expected = ["a1": 2, "b2": 3][record.name] ?? 1
                    #expect(record.arrivals == expected, "\(record.name): \(record.arrivals) arrivals")
                }
                let order = Dictionary(uniqueKeysWithValues: ledger.map { ($0.name, $0.order ?? 0) })
                #expect(order["a1"]! < order["a2"]!)
                #expect(order["b1"]! < order["b2"]!)
            }
        }

        @Test(arguments: TransportKind.available)
        func entriesEnqueuedWhileTheServerIsDownAreDeliveredOnceWhenItComesUp(_ kind: TransportKind) async throws {
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let port = try await DemoServer.withRunning { $0.port ?? 0 }
            let baseURL = URL(string: "http://127.0.0.1:\(port)")!
            let outbox = try await Self.open(kind, baseURL: baseURL, folder: folder)
            var events = outbox.events().makeAsyncIterator()
            let first = try await outbox.enqueue(Item(name: "offline-1"), kind: "item")
            let second = try await outbox.enqueue(Item(name: "offline-2", group: "g"), kind: "item", group: "g")
            var failed: Set<UUID> = []
            while failed.count < 2, let event = await events.next(.failed) {
                #expect(event.entry?.lastFailure?.kind == .transport, "\(String(describing: event.entry?.lastFailure))")
                failed.insert(event.entry!.id)
            }
            try await DemoServer.withRunning(port: port) { url in
                outbox.networkDidChange(isAvailable: true)
                var delivered: Set<UUID> = []
                while delivered.count < 2, let event = await events.next(.delivered) {
                    delivered.insert(event.entry!.id)
                }
                #expect(delivered == [first.id, second.id])
                let ledger = try await makeClient(kind, baseURL: url).send(Ledger())
                #expect(Set(ledger.map(\.key)) == [first.idempotencyKey, second.idempotencyKey])
                #expect(ledger.allSatisfy { $0.arrivals == 1 })
            }
            await outbox.close()
        }

        @Test(arguments: TransportKind.available)
        func aRefusedEntryIsADeadLetterWithTheServersAnswer(_ kind: TransportKind) async throws {
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await DemoServer.withRunning { baseURL in
                let outbox = try await Self.open(kind, baseURL: baseURL, folder: folder)
                var events = outbox.events().makeAsyncIterator()
                let entry = try await outbox.enqueue(Item(name: "refused", status: 422), kind: "item")
                let dead = try #require(await events.next(.deadLettered))
                #expect(dead.entry?.id == entry.id)
                #expect(dead.entry?.deadLetter?.reason == .rejected)
                #expect(dead.entry?.deadLetter?.failure?.status == .unprocessableContent)
                let body = String(decoding: dead.entry?.deadLetter?.responseBody ?? Data(), as: UTF8.self)
                #expect(body.contains("refused on purpose"))
                try await outbox.discard(entry.id)
                #expect(try await outbox.deadLetters.isEmpty)
                await outbox.close()
            }
        }

        @Test(arguments: TransportKind.available)
        func aDeliveryIsAnOrdinaryCallOfTheClient(_ kind: TransportKind) async throws {
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try await DemoServer.withRunning { baseURL in
                let seen = Seen()
                let outbox = try await Self.open(kind, baseURL: baseURL, folder: folder, interceptors: [seen])
                var events = outbox.events().makeAsyncIterator()
                let entry = try await outbox.enqueue(Item(name: "observed", fail: 1), kind: "item")
                _ = try #require(await events.next(.delivered))
                await outbox.close()
                let calls = seen.calls.withLock { $0 }
                #expect(calls.map(\.name) == ["Item", "Item"])
                #expect(calls.map(\.key) == [entry.idempotencyKey, entry.idempotencyKey])
            }
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
#endif
