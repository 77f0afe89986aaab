import Courier
import CourierTesting
import Foundation
import Testing

@Suite("StatusCodes")
struct StatusCodesTests {
    @Test func membershipFromLiteralsRangesAndUnions() {
        let codes: StatusCodes = .successful + [304]
        #expect(codes.contains(200) && codes.contains(299) && codes.contains(304))
        #expect(!codes.contains(300) && !codes.contains(199) && !codes.contains(305))
        #expect(codes.contains(HTTPResponse.Status.notModified))
        #expect(Array(StatusCodes([503, 429, 503])) == [429, 503])
        #expect(StatusCodes(409...409) == [409])
        #expect(codes.description == "200..<300, 304")
        #expect(StatusCodes().description == "none")
    }

    @Test(arguments: [0, 99, 600, 1000, -1, Int.max])
    func codesOutsideTheHTTPRangeAreNeverMembers(code: Int) {
        var codes = StatusCodes()
        codes.insert(code)
        #expect(!codes.contains(code))
        #expect(Array(codes).isEmpty)
        #expect(!StatusCodes(0..<1000).contains(code))
    }

    @Test func edgesOfTheStoredRange() {
        let codes: StatusCodes = [100, 163, 164, 599]
        #expect(Array(codes) == [100, 163, 164, 599])
        #expect(Array(StatusCodes(0..<1000)).count == 500)
        #expect(codes.hashValue == StatusCodes([599, 164, 163, 100]).hashValue)
    }

    struct Conditional<Codes: StatusCodesConvertible>: APIRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .get }
        var path: String { "/item" }
        var acceptableStatusCodes: Codes
    }

    @Test func everySpellingOfAcceptableStatusCodesIsHonoured() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport { _, _ in StubTransport.Reply(status: .notModified) })
        _ = try await client.send(Conditional(acceptableStatusCodes: StatusCodes.successful + [304]))
        _ = try await client.send(Conditional(acceptableStatusCodes: Set([200, 304])))
        _ = try await client.send(Conditional(acceptableStatusCodes: [304]))
        _ = try await client.send(Conditional(acceptableStatusCodes: 300..<400))
        _ = try await client.send(Conditional(acceptableStatusCodes: 304...304))
        let error = await #expect(throws: APIError.self) {
            try await client.send(Conditional(acceptableStatusCodes: StatusCodes.successful))
        }
        #expect(error?.status == .notModified)
    }
}
