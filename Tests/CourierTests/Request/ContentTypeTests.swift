import Courier
import CourierTesting
import Foundation
import Testing

/// A body's content type wins over a `Content-Type` set for every request by a base protocol.
@Suite("APIRequest: Content-Type")
struct ContentTypeTests {
    /// Seed 002's base protocol: `Content-Type: application/json` on every request of the host.
    protocol JSONHostRequest: APIRequest {}

    struct FormLogin: JSONHostRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .post }
        var path: String { "/login" }
        var body: RequestBody? { .form(["username": "bob", "password": "pw"]) }
    }

    struct Upload: JSONHostRequest {
        typealias Response = EmptyResponse
        var method: HTTPRequest.Method { .post }
        var path: String { "/upload" }
        var body: RequestBody?
        var headers: HTTPFields
    }

    @Test func formBodyIsNotAnnouncedAsTheBaseProtocolsJSON() async throws {
        let recorder = Recorder()
        _ = try await recorder.client().send(FormLogin())
        #expect(recorder.requests.first?.headerFields[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func clientDefaultContentTypeDoesNotOverrideAMultipartBoundary() async throws {
        let recorder = Recorder()
        let form = MultipartForm(boundary: "b0undary", parts: [.init(name: "a", data: Data("1".utf8))])
        let client = recorder.client { $0.headers = [.contentType: "application/json"] }
        _ = try await client.send(Upload(body: .multipart(form), headers: [:]))
        #expect(recorder.requests.first?.headerFields[.contentType] == "multipart/form-data; boundary=b0undary")
    }

    @Test(arguments: [
        // (declared, body, sent)
        ("application/json; charset=utf-8", "json", "application/json; charset=utf-8"),
        ("application/vnd.api+json", "json", "application/vnd.api+json"),
        ("text/plain", "json", "application/json"),
        ("application/json", "form", "application/x-www-form-urlencoded"),
        ("image/png", "octets", "image/png"),
        ("application/json", "png", "image/png"),
    ])
    func declaredTypeIsKeptOnlyWhenItAgreesWithTheBody(declared: String, body: String, sent: String) async throws {
        let recorder = Recorder()
        let requestBody: RequestBody =
            switch body {
            case "json": .json(["a": 1])
            case "form": .form(["a": 1])
            case "png": .data(Data([0x89]), contentType: "image/png")
            default: .data(Data([0x89]))
            }
        _ = try await recorder.client().send(Upload(body: requestBody, headers: [.contentType: declared]))
        #expect(recorder.requests.first?.headerFields[.contentType] == sent)
    }
}

extension ContentTypeTests.JSONHostRequest {
    var headers: HTTPFields { [.contentType: "application/json", .acceptEncoding: "gzip"] }
}
