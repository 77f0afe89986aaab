import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// `APIClient.download(_:to:options:progress:)` resumes inside its call, over a stub transport
/// that cuts its answers: what it asks for, through which steps, and what it writes.
@Suite("Downloads: resumption inside the call")
struct DownloadResumptionTests {
    static let file = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
    static let options = DownloadOptions(resumption: ResumptionPolicy(maximumResumptions: 5, delay: .zero))

    /// Counts the requests it passes on and adds a header to each: a resumption goes through it.
    struct Stamping: Interceptor {
        let count = Locked(0)
        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: InterceptorNext
        ) async throws -> InterceptorResponse {
            var request = request
            let number = count.withLock { count in
                count += 1
                return count
            }
            request.headerFields[.authorization] = "Bearer \(number)"
            return try await next(request, body)
        }
    }

    static func download(
        over transport: RangeStubTransport, interceptors: [any Interceptor] = [], options: DownloadOptions = options,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(APIError) -> (HTTPResponse, Data?) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("file.bin")
        let client = APIClient(
            baseURL: URL(string: "https://files.example.com")!, transport: transport, interceptors: interceptors)
        let response = try await client.download(
            StubRequest(path: "/file"), to: destination, options: options, progress: progress)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(leftovers == ["file.bin"])
        return (response, try? Data(contentsOf: destination))
    }

    @Test func aCutBodyIsAskedForFromWhereItBrokeOffThroughTheInterceptors() async throws {
        let transport = RangeStubTransport(file: Self.file, cuts: [12_345, 20_000, nil])
        let stamping = Stamping()
        let (response, data) = try await Self.download(over: transport, interceptors: [stamping])
        #expect(response.status == .ok)
        #expect(data == Self.file)
        #expect(transport.ranges == [nil, "bytes=12345-", "bytes=32345-"])
        #expect(transport.ifRanges == [nil, "\"v1\"", "\"v1\""])
        #expect(
            transport.sent.withLock { $0.map { $0.headerFields[.acceptEncoding] } } == [nil, "identity", "identity"])
        #expect(stamping.count.withLock { $0 } == 3)
    }

    @Test func aNewVersionRestartsTheFileAndProgressHoldsUntilItPassesWhereItWas() async throws {
        var transport = RangeStubTransport(file: Self.file, cuts: [30_000, nil])
        transport.versions = [1, 2]
        let reports = Locked<[Int64]>([])
        let (_, data) = try await Self.download(over: transport) { progress in
            reports.withLock { $0.append(progress.completedBytes) }
        }
        #expect(data == Data(Self.file.reversed()))
        let completed = reports.withLock { $0 }
        #expect(completed == completed.sorted())
        #expect(completed.contains(30_000))
        #expect(completed.last == Int64(Self.file.count))
    }

    @Test func theAppsDigestIsCheckedOverTheResumedBody() async throws {
        let digest = try #require(DownloadDigest.sha256(hex: SHA256.hex(of: Array(Self.file))))
        let transport = RangeStubTransport(file: Self.file, cuts: [1, 2, 3, nil])
        var options = Self.options
        options.expectedDigest = digest
        _ = try await Self.download(over: transport, options: options)
        let wrong = try #require(DownloadDigest.sha256(hex: String(repeating: "0", count: 64)))
        options.expectedDigest = wrong
        let error = await #expect(throws: APIError.self) {
            _ = try await Self.download(
                over: RangeStubTransport(file: Self.file, cuts: [7_000, nil]), options: options)
        }
        #expect(error?.kind == .digestMismatch)
    }

    @Test func aPolicyOfNoResumptionFailsAtTheFirstCut() async throws {
        let transport = RangeStubTransport(file: Self.file, cuts: [100, nil])
        let error = await #expect(throws: APIError.self) {
            _ = try await Self.download(over: transport, options: DownloadOptions(resumption: .never))
        }
        #expect(error?.kind == .transport)
        #expect(transport.ranges == [nil])
    }
}
