import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier

/// An error answer to a download's resumption is read as the call path reads a refused status
/// (issue 45: one owner for the rule): a body read past the call's deadline makes the call's
/// timeout, not an `.unacceptableStatus` with no body.
@Suite("Downloads: a refused resumption")
struct DownloadRejectedResumptionTests {
    /// Answers the first request with the file cut after 1,000 bytes, and the request for the rest
    /// with a `503` whose body never comes (until its reader is cancelled), on the client's clock.
    struct RefusingResumption: Transport {
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
            let clock = context.clock
            let stream = AsyncThrowingStream<Data, any Error> { continuation in
                let task = Task {
                    do {
                        try await clock.sleep(for: .seconds(3600))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return (
                HTTPResponse(status: .serviceUnavailable, headerFields: [.contentType: "text/plain"]),
                ResponseBody(stream)
            )
        }
    }

    @Test func aRefusedResumptionsBodyReadPastTheDeadlineIsTheCallsTimeout() async throws {
        let clock = ManualClock()
        let transport = RefusingResumption()
        let client = APIClient(baseURL: URL(string: "https://files.example.com")!, transport: transport) {
            $0.clock = clock
            $0.timeout = .seconds(5)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("file.bin")
        let call = Task {
            try await client.download(
                StubRequest(path: "/file"), to: destination, options: DownloadResumptionTests.options)
        }
        await clock.waitForSleepers()  // the refused answer's body, being read
        await clock.advance(by: .seconds(5))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
        #expect(transport.count.withLock { $0 } == 2)
    }
}
