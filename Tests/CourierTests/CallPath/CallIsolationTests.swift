import Courier
import Dispatch
import Foundation
import Testing

/// A call leaves the caller's actor at its public verb. The runner and the steps below it are
/// `nonisolated(nonsending)`: they run where the verb runs, so a verb that ran on its caller's
/// actor would decode (and do everything else a call does) on that actor — an app's main actor.
@Suite("Call path isolation")
struct CallIsolationTests {
    /// A serial executor on a queue of its own that knows it is running: what an actor of the
    /// caller's runs on.
    final class QueueExecutor: SerialExecutor {
        static let running = DispatchSpecificKey<Bool>()
        let queue = DispatchQueue(label: "CallIsolationTests.caller")

        init() {
            queue.setSpecific(key: Self.running, value: true)
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }

        /// Whether the current code runs on the caller's actor.
        static var isRunning: Bool { DispatchQueue.getSpecific(key: running) == true }
    }

    /// The caller: an actor that makes its calls from its own executor.
    actor Caller {
        let executor = QueueExecutor()
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        func send(_ client: APIClient) async throws -> (callerRanHere: Bool, decodedElsewhere: Bool) {
            let here = QueueExecutor.isRunning
            return (here, try await client.send(OffCallerProbe()))
        }

        func response(_ client: APIClient) async throws -> (callerRanHere: Bool, decodedElsewhere: Bool) {
            let here = QueueExecutor.isRunning
            return (here, try await client.response(for: OffCallerProbe()).value)
        }
    }

    /// Decodes to whether it was decoded off the caller's actor.
    struct OffCallerProbe: APIRequest {
        typealias Response = Bool
        var method: HTTPRequest.Method { .get }
        var path: String { "/probe" }

        func decode(_ body: Data, from response: HTTPResponse, decoder: JSONDecoder) throws -> Bool {
            !QueueExecutor.isRunning
        }
    }

    static let client = APIClient(
        baseURL: URL(string: "https://api.example.com"),
        transport: HandlerTransport { _ in ([:], "") })

    @Test func sendDecodesOffTheCallersActor() async throws {
        let (callerRanHere, decodedElsewhere) = try await Caller().send(Self.client)
        #expect(callerRanHere)  // the premise: the probe can tell the caller's actor
        #expect(decodedElsewhere)
    }

    @Test func responseDecodesOffTheCallersActor() async throws {
        let (callerRanHere, decodedElsewhere) = try await Caller().response(Self.client)
        #expect(callerRanHere)
        #expect(decodedElsewhere)
    }
}
