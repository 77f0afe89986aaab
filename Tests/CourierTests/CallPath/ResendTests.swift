import Courier
import CourierTesting
import Foundation
import Testing

#if CourierNIO
    import AsyncHTTPClient
    import NIOHTTP2
#endif

/// The client's own resend (`Resend`): once, at once, for what the failure says is safe, with no
/// interceptor installed.
@Suite("Resend")
struct ResendTests {
    /// Fails the first `failures` sends with `error`, then answers `"ok"`; counts the sends.
    final class Failing: Transport {
        let error: any Error
        let failures: Int
        let sends = Locked(0)

        init(_ error: any Error, failures: Int = 1) {
            self.error = error
            self.failures = failures
        }

        var count: Int { sends.withLock { $0 } }

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            let index = sends.withLock {
                $0 += 1
                return $0
            }
            for try await _ in body?.chunks() ?? OutgoingBody(Data()).chunks() {}
            if index <= failures { throw error }
            return (HTTPResponse(status: .ok), ResponseBody(Data(#""ok""#.utf8)))
        }
    }

    struct Call: APIRequest {
        typealias Response = String
        var method: HTTPRequest.Method = .get
        var path: String { "/x" }
        var headers: HTTPFields = [:]
        var body: RequestBody? = nil
    }

    static let post = Call(method: .post, body: .data(Data("{}".utf8)))
    static let lost = URLError(.networkConnectionLost)

    static func client(_ transport: Failing, interceptors: [any Interceptor] = []) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, interceptors: interceptors)
    }

    @Test(arguments: [HTTPRequest.Method.get, .head, .put, .delete, .options])
    func anIdempotentRequestWhoseConnectionWasLostIsSentAgain(_ method: HTTPRequest.Method) async throws {
        let transport = Failing(Self.lost)
        let response = try await Self.client(transport).response(for: Call(method: method))
        #expect(response.report?.attempts.map(\.reason) == [.first, .resend])
        #expect(transport.count == 2)
    }

    @Test func aPostWhoseConnectionWasLostIsNotSentAgainAndSaysTheServerMayHaveActed() async throws {
        let transport = Failing(Self.lost)
        let error = try #require(
            await #expect(throws: APIError.self) { try await Self.client(transport).send(Self.post) })
        #expect(error.kind == .transport)
        #expect(error.delivery == .mayHaveBeenProcessed)
        #expect(error.message == "The connection failed after the request was sent: the server may have acted on it.")
        #expect(transport.count == 1)
    }

    @Test func aPostWithAnIdempotencyKeyIsSentAgain() async throws {
        let transport = Failing(Self.lost)
        var post = Self.post
        post.headers = [HTTPField.Name("Idempotency-Key")!: "8e03978e"]
        #expect(try await Self.client(transport).send(post) == #""ok""#)
        #expect(transport.count == 2)
    }

    @Test func aRequestIsSentAgainOnlyOnce() async throws {
        let transport = Failing(Self.lost, failures: 5)
        let error = try #require(await #expect(throws: APIError.self) { try await Self.client(transport).send(Call()) })
        #expect(error.delivery == .mayHaveBeenProcessed)
        #expect(transport.count == 2)
    }

    @Test func aRefusedConnectionIsNotSentAgainAndSaysNothingWasSent() async throws {
        let transport = Failing(URLError(.cannotConnectToHost))
        let error = try #require(await #expect(throws: APIError.self) { try await Self.client(transport).send(Call()) })
        #expect(error.delivery == .notSent)
        #expect(error.message == "The request could not be sent.")
        #expect(transport.count == 1)
    }

    @Test func aBodyStreamedFromASequenceIsNeverSentAgain() async throws {
        /// Replaces the body with one streamed from a sequence, as CourierOpenAPI passes one.
        struct Streaming: Interceptor {
            func intercept(
                _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
            ) async throws -> InterceptorResponse {
                let streamed = OutgoingBody(length: 2) {
                    let remaining = Locked([Data("{}".utf8)])
                    return { remaining.withLock { $0.popLast() } }
                }
                return try await next(request, streamed)
            }
        }
        let transport = Failing(Self.lost)
        var put = Self.post
        put.method = .put
        await #expect(throws: APIError.self) { try await Self.client(transport, interceptors: [Streaming()]).send(put) }
        #expect(transport.count == 1)
    }

    @Test func anUnreadableAnswerSaysSoAndIsNotSentAgain() async throws {
        let transport = Failing(URLError(.badServerResponse))
        let error = try #require(await #expect(throws: APIError.self) { try await Self.client(transport).send(Call()) })
        #expect(error.delivery == .mayHaveBeenProcessed)
        #expect(error.message == "The server's answer could not be read: the server may have acted on the request.")
        #expect(transport.count == 1)
    }

    #if CourierNIO
        @Test func aStreamTheServerRefusedIsSentAgainWhateverTheMethod() async throws {
            let transport = Failing(NIOHTTP2Errors.streamClosed(streamID: 3, errorCode: .refusedStream))
            let response = try await Self.client(transport).response(for: Self.post)
            #expect(response.report?.attempts.map(\.reason) == [.first, .resend])
            #expect(transport.count == 2)
        }

        @Test func aStreamTheServerRefusedTwiceSaysItWasNotProcessed() async throws {
            let transport = Failing(NIOHTTP2Errors.streamClosed(streamID: 3, errorCode: .refusedStream), failures: 2)
            let error = try #require(
                await #expect(throws: APIError.self) { try await Self.client(transport).send(Self.post) })
            #expect(error.delivery == .notProcessed)
            #expect(error.delivery.leftServerUnchanged)
            #expect(error.message.contains("without processing it"))
            #expect(transport.count == 2)
        }

        @Test func aStreamResetWithAnotherErrorIsNotSentAgain() async throws {
            let transport = Failing(NIOHTTP2Errors.streamClosed(streamID: 3, errorCode: .internalError))
            let error = try #require(
                await #expect(throws: APIError.self) { try await Self.client(transport).send(Call()) })
            #expect(error.delivery == .mayHaveBeenProcessed)
            #expect(error.description.contains("The HTTP/2 stream was closed with INTERNAL_ERROR."))
            #expect(transport.count == 1)
        }

        @Test func aConnectionAsyncHTTPClientSawCloseIsSentAgainWhenIdempotent() async throws {
            let transport = Failing(HTTPClientError.remoteConnectionClosed)
            #expect(try await Self.client(transport).send(Call(method: .delete)) == #""ok""#)
            #expect(transport.count == 2)
        }
    #endif
}
