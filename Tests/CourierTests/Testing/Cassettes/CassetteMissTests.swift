import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// A request no recording answers is the test's mistake, said as such, and the message names the
/// nearest recording.
@Suite("CassetteTransport: a miss")
struct CassetteMissTests {
    /// A `GET` of any path, answered with the body as it is.
    struct Page: APIRequest {
        typealias Response = Data
        var path: String
        var method: HTTPRequest.Method = .get
        var query: QueryParameters = [:]
    }

    /// A cassette recorded from `pages`, opened again to replay.
    static func recorded(_ pages: [Page]) async throws -> (URL, CassetteTransport) {
        let file = Cassettes.scratch()
        let replies = pages.map { StubTransport.Step.json(#"{"page": "\#($0.path)"}"#) }
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: .sequence(replies))
        for page in pages { _ = try await Cassettes.client(recorder).send(page) }
        return (file, try CassetteTransport(file, recordingFrom: Cassettes.offline))
    }

    static func recorded(_ paths: [String]) async throws -> (URL, CassetteTransport) {
        try await recorded(paths.map { Page(path: $0) })
    }

    /// The issue a miss records, and the error the call fails with.
    static func miss(_ request: Page, in replayer: CassetteTransport) async -> (String, APIError?) {
        let comment = Locked("")
        let error = Locked<APIError?>(nil)
        await withKnownIssue {
            do {
                _ = try await Cassettes.client(replayer).send(request)
            } catch let failure {
                error.withLock { $0 = failure as? APIError }
            }
        } matching: { issue in
            comment.withLock { $0 += issue.comments.map(\.rawValue).joined() }
            return true
        }
        return (comment.withLock { $0 }, error.withLock { $0 })
    }

    @Test func aMissIsTheTestsMistakeAndNothingWasSent() async throws {
        let (file, replayer) = try await Self.recorded(["/users"])
        defer { Cassettes.remove(file) }
        let (_, error) = await Self.miss(Page(path: "/orders"), in: replayer)
        let miss = try #require(error)
        #expect(miss.kind == .unexpectedRequest)
        #expect(miss.delivery == .notSent)
        #expect(miss.message.hasPrefix("Unexpected request, a mistake in the test:"))
        #expect(miss.underlying is UnexpectedRequest)
        #expect(!miss.description.contains("connection failed"))
        #expect(miss.description.hasPrefix("unexpectedRequest"))
        #expect(
            miss.description.contains("GET https://api.example.com/orders: Unexpected request, a mistake in the test"))
    }

    @Test func aStubsMissIsTheTestsMistakeToo() async throws {
        let error = Locked<APIError?>(nil)
        await withKnownIssue {
            do {
                _ = try await Cassettes.client(StubTransport.sequence([])).send(Page(path: "/users"))
            } catch let failure {
                error.withLock { $0 = failure as? APIError }
            }
        }
        #expect(error.withLock { $0?.kind } == .unexpectedRequest)
        #expect(error.withLock { $0?.delivery } == .notSent)
    }

    @Test func aMissNamesTheRecordingWhosePathIsNearest() async throws {
        let (file, replayer) = try await Self.recorded(["/", "/users", "/users/42", "/users/7/posts"])
        defer { Cassettes.remove(file) }
        let (comment, _) = await Self.miss(Page(path: "/users/42/posts"), in: replayer)
        // `/users/42` shares two segments and lacks one; `/users/7/posts` differs in one too, but
        // later; `/` shares none.
        #expect(comment.contains("the closest, #3 GET https://api.example.com/users/42, differs:"))
    }

    @Test func aMissNamesARecordingWithTheSameMethodFirst() async throws {
        let (file, replayer) = try await Self.recorded([Page(path: "/users/42"), Page(path: "/users", method: .delete)])
        defer { Cassettes.remove(file) }
        let (comment, _) = await Self.miss(Page(path: "/users/42", method: .delete), in: replayer)
        #expect(comment.contains("the closest, #2 DELETE https://api.example.com/users, differs: the path"))
    }

    @Test func aMissNamesTheNearestQueryAmongTheSamePath() async throws {
        let (file, replayer) = try await Self.recorded([
            Page(path: "/users", query: ["page": "1", "size": "10"]), Page(path: "/users", query: ["page": "2"]),
            Page(path: "/users"),
        ])
        defer { Cassettes.remove(file) }
        let (comment, _) = await Self.miss(Page(path: "/users", query: ["page": "3"]), in: replayer)
        // One parameter apart from `/users`, two from `?page=2`, three from `?page=1&size=10`.
        #expect(comment.contains("the closest, #3 GET https://api.example.com/users, differs:"))
    }
}
