import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A recorded timeout, reset or TLS failure replays as the same `APIError`.
@Suite("CassetteTransport: failures")
struct CassetteFailureTests {
    /// The error a call over `upstream` failed with, recorded, and the one its replay fails with.
    static func recordedAndReplayed(_ upstream: StubTransport) async throws -> (APIError?, APIError?) {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let recorded = await #expect(throws: APIError.self) { try await Cassettes.client(recorder).send(GetUser()) }
        let replayer = try CassetteTransport(file, recordingFrom: Cassettes.offline)
        let replayed = await #expect(throws: APIError.self) { try await Cassettes.client(replayer).send(GetUser()) }
        return (recorded, replayed)
    }

    @Test func aTimeoutReplaysAsTheSameTimeout() async throws {
        let (recorded, replayed) = try await Self.recordedAndReplayed(.sequence([.failure(TransportDeadlineReached())]))
        #expect(recorded?.kind == .timeout)
        #expect(replayed?.kind == .timeout)
        #expect(replayed?.message == recorded?.message)
    }

    @Test func aTransportsOwnTimeoutReplaysAsItsOwn() async throws {
        let (recorded, replayed) = try await Self.recordedAndReplayed(.sequence([.timedOut]))
        #expect(recorded?.message == "The transport timed out.")
        #expect(replayed?.kind == .timeout)
        #expect(replayed?.message == recorded?.message)
    }

    @Test func aResetReplaysAsTheSameTransportFailure() async throws {
        let (recorded, replayed) = try await Self.recordedAndReplayed(.sequence([.connectionReset]))
        #expect(recorded?.kind == .transport)
        #expect(replayed?.kind == .transport)
        #expect(replayed?.message == recorded?.message)
        #expect(replayed?.underlying is RecordedFailure)
    }

    @Test func aTLSFailureReplaysWithItsReason() async throws {
        let (recorded, replayed) = try await Self.recordedAndReplayed(
            .sequence([.failure(URLError(.serverCertificateHasBadDate))]))
        #expect(recorded?.kind == .tls)
        #expect(replayed?.kind == .tls)
        #expect(replayed?.message == recorded?.message)
        #expect(replayed?.tlsFailure?.reason == .expiredCertificate)
        #expect(replayed?.tlsFailure?.host == "api.example.com")
    }

    @Test func aRetriedResetReplaysItsRetry() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let client = { (transport: any Transport) in
            APIClient(baseURL: Cassettes.base, transport: transport, interceptors: [RetryInterceptor()]) {
                $0.clock = ManualClock(advancesOnSleep: true)
            }
        }
        let recorder = try CassetteTransport(
            file, mode: .recordOnce, recordingFrom: .sequence([.connectionReset, .json(#"{"id": 1, "name": "Bob"}"#)]))
        #expect(try await client(recorder).send(GetUser()).name == "Bob")
        let replayer = RecordingTransport(try CassetteTransport(file, recordingFrom: Cassettes.offline))
        #expect(try await client(replayer).send(GetUser()).name == "Bob")
        #expect(replayer.records.count == 2)
    }
}
