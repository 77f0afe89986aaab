#if Demo
    import Courier
    import CourierOutbox
    import DemoAPI
    import Foundation
    import Testing

    /// The outbox's crash-safety, proved by killing it: a child process (`courier-outbox-child`)
    /// opens the outbox, enqueues items of a seeded plan and delivers them to a server that acts
    /// once per `Idempotency-Key` and counts every arrival (with a random delay, so that kills land
    /// mid-request and between the response and the entry's removal), and is killed with `SIGKILL`
    /// at a random instant, hundreds of times over; a last run finishes the work. Then every item
    /// whose `enqueue` returned was acted on exactly once, none under two keys, and each group in
    /// order. `COURIER_TEST_SEED=<seed>` replays a run; `COURIER_OUTBOX_KILLS=<n>` sets the number of
    /// kills (240 by default).
    @Suite("Outbox kill test", .serialized)
    struct OutboxKillTests {
        static let kills = ProcessInfo.processInfo.environment["COURIER_OUTBOX_KILLS"].flatMap(Int.init) ?? 240
        static let executable = ChildProcess.built("courier-outbox-child")

        struct Record: Decodable, Sendable {
            var key: String
            var path: String
            var group: String?
            var order: Int?
            var arrivals: Int
            var index: Int { Int(path.split(separator: "/").last ?? "") ?? -1 }
        }

        struct Ledger: APIRequest {
            typealias Response = [Record]
            var method: HTTPRequest.Method { .get }
            var path: String { "/outbox/ledger" }
        }

        @Test func everyEnqueuedItemIsActedOnOnceAcrossHundredsOfKills() async throws {
            // Hundreds of child processes: not beside the stall probe or a 1 GiB transfer.
            try await takingTurns { try await Self.killAndCheck() }
        }

        static func killAndCheck() async throws {
            let seed = SeededGenerator.baseSeed(fixed: 36)
            print("OutboxKillTests: seed \(seed); COURIER_TEST_SEED=\(seed) replays it")
            var random = SeededGenerator(seed: seed)
            let store = FileManager.default.temporaryDirectory.appending(path: "outbox-kill-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: store) }
            let started = ContinuousClock.now
            try await DemoServer.withRunning { baseURL in
                let port = try #require(baseURL.port)
                var next = 0
                var attempted: Set<Int> = []
                var returned: Set<Int> = []
                var killedWhileWorking = 0
                for run in 0..<Self.kills {
                    let count = Int.random(in: 0...3, using: &random)
                    let child = try KilledChild(
                        Self.executable,
                        arguments: [
                            "--store", store.path, "--port", "\(port)", "--from", "\(next)", "--count", "\(count)",
                            "--groups", "3", "--seed", "\(seed)", "--max-delay-ms", "15",
                            "--transport", run % 2 == 0 ? "asyncHTTPClient" : "urlSession",
                        ])
                    await child.wait(for: "opened", limit: .seconds(20))
                    try await Task.sleep(for: .microseconds(Int.random(in: 0...50_000, using: &random)))
                    child.kill()
                    let (status, killed) = await child.finished()
                    let lines = child.printed
                    #expect(killed || status == 0, "run \(run) exited with \(status): \(lines)")
                    for line in lines {
                        let words = line.split(separator: " ")
                        guard words.count == 2, let index = Int(words[1]) else { continue }
                        if words[0] == "enqueuing" { attempted.insert(index) }
                        if words[0] == "enqueued" { returned.insert(index) }
                    }
                    if killed, !lines.contains("drained") { killedWhileWorking += 1 }
                    next += count
                }
                let final = try await ChildProcess.run(
                    Self.executable, arguments: ["--store", store.path, "--port", "\(port)", "--count", "0"])
                #expect(final.contains("drained"))

                let ledger = try await APIClient(baseURL: baseURL).send(Ledger())
                var keysByIndex: [Int: Set<String>] = [:]
                for record in ledger where record.order != nil {
                    keysByIndex[record.index, default: []].insert(record.key)
                }
                let lost = returned.filter { keysByIndex[$0] == nil }.sorted()
                let twice = keysByIndex.filter { $0.value.count > 1 }.keys.sorted()
                let phantoms = keysByIndex.keys.filter { !attempted.contains($0) }.sorted()
                #expect(lost.isEmpty, "items whose enqueue returned, never acted on: \(lost)")
                #expect(twice.isEmpty, "items acted on under two keys: \(twice)")
                #expect(phantoms.isEmpty, "items acted on that were never enqueued: \(phantoms)")
                for group in Set(ledger.compactMap(\.group)) {
                    let acted = ledger.filter { $0.group == group && $0.order != nil }.sorted { $0.order! < $1.order! }
                    #expect(acted.map(\.index) == acted.map(\.index).sorted(), "group \(group) out of order")
                }
                let resent = ledger.filter { $0.arrivals > 1 }.count
                let uncertain = attempted.subtracting(returned)
                let uncertainActed = uncertain.filter { keysByIndex[$0] != nil }.count
                print(
                    "OutboxKillTests: \(Self.kills) kills (\(killedWhileWorking) before the child drained), "
                        + "\(returned.count) items enqueued and acted on once each, \(uncertain.count) enqueues cut "
                        + "short (\(uncertainActed) of them stored and acted on once), \(resent) items sent again "
                        + "after a kill and absorbed by their key, \(ledger.map(\.arrivals).reduce(0, +)) arrivals, "
                        + "in \(started.duration(to: .now))")
                // Enough enqueues returned to prove something, even on a loaded machine (where an
                // fsynced enqueue can take tens of milliseconds and many kills land before the first).
                #expect(returned.count > Self.kills / 5)
                #expect(resent > 0, "no kill landed between an act and the entry's removal")
                #expect(killedWhileWorking > Self.kills / 4)
            }
        }

        /// Two processes: while one has the store open, another is refused; once the kernel releases
        /// the first's lock (it is killed), the store opens.
        @Test func aSecondProcessIsRefusedUntilTheFirstDies() async throws {
            let store = FileManager.default.temporaryDirectory.appending(path: "outbox-lock-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: store) }
            let holder = try KilledChild(Self.executable, arguments: ["--store", store.path, "--port", "1", "--hold"])
            await holder.wait(for: "holding", limit: .seconds(20))
            #expect(holder.printed == ["holding"])
            let client = APIClient(baseURL: URL(string: "http://127.0.0.1:1")!)
            await #expect {
                _ = try await Outbox(directory: store, client: client)
            } throws: { error in
                ((error as? APIError)?.underlying as? OutboxError)?.kind == .alreadyOpen
            }
            let second = try KilledChild(Self.executable, arguments: ["--store", store.path, "--port", "1", "--hold"])
            let (status, _) = await second.finished()
            #expect(status == 3, "the second child is refused: \(second.printed)")
            holder.kill()
            _ = await holder.finished()
            let outbox = try await Outbox(directory: store, client: client)
            await outbox.close()
        }
    }
#endif
