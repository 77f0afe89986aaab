import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// An error answer to a download's resumption is read as the call path reads a refused status
/// (issue 45: one owner for the rule): a body read past the call's deadline makes the call's
/// timeout, not an `.unacceptableStatus` with no body.
@Suite("Downloads: a refused resumption")
struct DownloadRejectedResumptionTests {
    /// A clock whose time moves only when told and whose sleeps end only by cancellation: the
    /// call's alarm never rings, so only a look at the time tells that the deadline passed (what a
    /// loaded machine's late alarm does, made certain).
    final class SteppingClock: Clock, Sendable {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        }

        private let time = Locked(Duration.zero)
        var now: Instant { Instant(offset: time.withLock { $0 }) }
        var minimumResolution: Duration { .zero }

        func step(by duration: Duration) { time.withLock { $0 += duration } }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            try await Task.sleep(for: .seconds(86_400))  // until cancelled
        }
    }

    /// Answers the first request with the file cut after 1,000 bytes, and the request for the rest
    /// with a `503` whose body takes 10 s of the clock's time to read.
    struct RefusingResumption: Transport {
        let clock: SteppingClock
        let first = RangeStubTransport(file: DownloadResumptionTests.file, cuts: [1_000])
        let count = Locked(0)

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            let index = count.withLock { count in
                defer { count += 1 }
                return count
            }
            if index == 0 { return try await first.send(request, body: body, context: context) }
            let clock = clock
            let read = Locked(false)
            // The time passes as the body is read, not before the head arrives.
            let stream = AsyncThrowingStream<Data, any Error> {
                guard !read.withLock({ $0 }) else { return nil }
                read.withLock { $0 = true }
                clock.step(by: .seconds(10))
                return Data("busy".utf8)
            }
            return (
                HTTPResponse(status: .serviceUnavailable, headerFields: [.contentType: "text/plain"]),
                ResponseBody(stream)
            )
        }
    }

    @Test func aRefusedResumptionsBodyReadPastTheDeadlineIsTheCallsTimeout() async throws {
        let clock = SteppingClock()
        let transport = RefusingResumption(clock: clock)
        let client = APIClient(baseURL: URL(string: "https://files.example.com")!, transport: transport) {
            $0.clock = clock
            $0.timeout = .seconds(5)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = await #expect(throws: APIError.self) {
            try await client.download(
                StubRequest(path: "/file"), to: directory.appendingPathComponent("file.bin"),
                options: DownloadResumptionTests.options)
        }
        #expect(error?.kind == .timeout)
        #expect(error?.response?.status == .serviceUnavailable)
        #expect(transport.count.withLock { $0 } == 2)
    }
}
