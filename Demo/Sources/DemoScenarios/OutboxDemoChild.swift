#if Demo
    package import Courier
    import CourierOutbox
    package import Foundation

    /// The outbox scenario's child process, run as `courier-demo outbox-child`: it opens the outbox
    /// in `--store` with a client of `--base-url` and either enqueues `--enqueue N` notes (printing
    /// each key, and the wait once each has failed an attempt), or, with `--drain`, waits until what
    /// an earlier process left is delivered (printing each delivery). Either way it then closes the
    /// outbox and exits.
    package enum OutboxDemoChild {
        /// The note the demo enqueues: `POST /outbox/items/note-N`.
        struct SaveNote: APIRequest {
            typealias Response = Data
            var number: Int
            var method: HTTPRequest.Method { .post }
            var path: String { "/outbox/items/note-\(number)" }
            var body: RequestBody? { .json(["text": "note \(number), written offline"]) }
        }

        /// Runs the child with its arguments (after the subcommand's name); returns its exit status.
        package static func run(
            store: String, baseURL: URL, transport: any Transport, enqueue: Int?, drain: Bool
        ) async -> Int32 {
            let watchdog = Task {
                try await Task.sleep(for: .seconds(30))
                say("error: gave up after 30 s")
                exit(5)
            }
            defer { watchdog.cancel() }
            let client = APIClient(baseURL: baseURL, transport: transport) { $0.timeout = .seconds(5) }
            var configuration = Outbox.Configuration()
            configuration.monitorsNetwork = false
            configuration.rules.retry.initialBackoff = .milliseconds(50)
            configuration.rules.retry.maximumBackoff = .milliseconds(200)
            do {
                let outbox = try await Outbox(
                    directory: URL(fileURLWithPath: store), client: client, configuration: configuration)
                var events = outbox.events().makeAsyncIterator()
                if let enqueue {
                    for number in 1...max(1, enqueue) {
                        let entry = try await outbox.enqueue(SaveNote(number: number), kind: "note.save")
                        say("key \(entry.idempotencyKey)")
                    }
                    var failed: Set<UUID> = []
                    var last = ""
                    while failed.count < enqueue, let event = await events.next() {
                        guard event.kind == .failed, let entry = event.entry else { continue }
                        failed.insert(entry.id)
                        last = entry.lastFailure.map { "\($0.kind.map { "\($0)" } ?? "status")" } ?? "?"
                    }
                    say("waiting: \(try await outbox.count) entries, each failed once (\(last): server down)")
                }
                if drain {
                    say("opened: delivering what an earlier process left")
                    // The first sequence starts with what happened since the opening, then the counts.
                    var counted = false
                    while let event = await events.next() {
                        if event.kind == .delivered, let entry = event.entry {
                            say("delivered \(entry.idempotencyKey): \(event.delivery?.response.status.code ?? 0)")
                        }
                        counted = counted || event.kind == .snapshot
                        if counted, event.pendingCount == 0 { break }
                    }
                }
                await outbox.close()
                return 0
            } catch {
                say("error \(error)")
                return 1
            }
        }

        private static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
#endif
