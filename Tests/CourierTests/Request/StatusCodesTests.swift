import Courier
import CourierTesting
import Foundation
import Testing

@Suite("StatusCodes")
struct StatusCodesTests {
    @Test func membershipFromLiteralsClassesAndUnions() {
        let codes: StatusCodes = .successful + [.notModified]
        #expect(codes.contains(.ok) && codes.contains(299) && codes.contains(304))
        #expect(!codes.contains(300) && !codes.contains(199) && !codes.contains(305))
        #expect(Array(StatusCodes([503, 429, 503])) == [.tooManyRequests, .serviceUnavailable])
        #expect(StatusCodes.serverError.contains(.internalServerError) && !StatusCodes.serverError.contains(.ok))
        #expect(StatusCodes.informational.contains(.continue) && StatusCodes.redirection.contains(.found))
        #expect(StatusCodes.clientError.contains(.notFound) && !StatusCodes.clientError.contains(500))
        #expect(codes.description == "200..<300, 304")
        #expect(StatusCodes().description == "none")
    }

    @Test(arguments: [0, 99, 600, 999])
    func statusesOutsideTheHTTPRangeAreNeverMembers(code: Int) {
        var codes = StatusCodes()
        codes.insert(HTTPResponse.Status(code: code))
        #expect(!codes.contains(HTTPResponse.Status(code: code)))
        #expect(Array(codes).isEmpty)
        let everything: StatusCodes = .informational + .successful + .redirection + .clientError + .serverError
        #expect(!everything.contains(HTTPResponse.Status(code: code)))
    }

    @Test func edgesOfTheStoredRange() {
        let codes: StatusCodes = [100, 163, 164, 599]
        #expect(Array(codes).map(\.code) == [100, 163, 164, 599])
        let everything: StatusCodes = .informational + .successful + .redirection + .clientError + .serverError
        #expect(Array(everything).count == 500)
        #expect(codes.hashValue == StatusCodes([599, 164, 163, 100]).hashValue)
    }

    struct Conditional<Codes: StatusCodesConvertible>: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String { "/item" }
        var acceptableStatusCodes: Codes
    }

    @Test func acceptableStatusCodesDecideWhatFails() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in StubTransport.Reply(status: .notModified) })
        _ = try await client.send(Conditional(acceptableStatusCodes: StatusCodes.successful + [.notModified]))
        _ = try await client.send(Conditional(acceptableStatusCodes: [304] as StatusCodes))
        _ = try await client.send(Conditional(acceptableStatusCodes: StatusCodes.redirection))
        let error = await #expect(throws: APIError.self) {
            try await client.send(Conditional(acceptableStatusCodes: StatusCodes.successful))
        }
        #expect(error?.status == .notModified)
    }
}
