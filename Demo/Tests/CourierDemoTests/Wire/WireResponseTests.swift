#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// Status validation, decoding and response types against the demo server, over every transport.
    @Suite("Wire: responses")
    struct WireResponseTests {
        struct ServerProblem: Decodable, Equatable {
            var error: String
            var code: Int
        }

        struct StatusRequest: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var code: Int
            var path: String { "/status/\(code)" }
        }

        @Test(arguments: TransportKind.available)
        func unacceptableStatusCarriesResponseAndDecodableBody(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let error = try #require(
                    await #expect(throws: APIError.self) { try await client.send(StatusRequest(code: 404)) })
                #expect(error.kind == .unacceptableStatus)
                #expect(error.status == .notFound)
                #expect(error.response?.headerFields[.contentType] == "application/json")
                #expect(
                    error.decodeBody(as: ServerProblem.self)
                        == ServerProblem(error: "status 404 as requested", code: 404))
                #expect(error.description.contains("GET \(baseURL.absoluteString)/status/404"))
                #expect(error.description.contains("404"))
            }
        }

        @Test(arguments: TransportKind.available)
        func decodingFailureCarriesCodingPathAndBody(_ kind: TransportKind) async throws {
            struct WrongUsers: APIRequest {
                struct User: Decodable { var name: Int }
                typealias Response = DataEnvelope<[User]>
                var method: HTTPRequest.Method { .get }
                var path: String { "/users" }
            }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(WrongUsers()) })
                #expect(error.kind == .decoding)
                #expect(error.codingPath == ["data", "[0]", "name"])
                #expect(error.body.map { String(decoding: $0, as: UTF8.self) }?.contains("Bob") == true)
                #expect(error.underlying is DecodingError)
            }
        }

        @Test(arguments: TransportKind.available)
        func responseTypesBeyondJSON(_ kind: TransportKind) async throws {
            struct TextRequest: APIRequest {
                typealias Response = String
                var method: HTTPRequest.Method { .get }
                var path: String { "/text" }
            }
            struct NoContentRequest: APIRequest {
                typealias Response = EmptyResponse
                var method: HTTPRequest.Method { .get }
                var path: String { "/no-content" }
            }
            struct HeadRequest: APIRequest {
                typealias Response = EmptyResponse
                var method: HTTPRequest.Method { .head }
                var path: String { "/echo" }
            }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                #expect(try await client.send(TextRequest()) == "héllo, wörld")
                #expect(try await client.send(NoContentRequest()) == EmptyResponse())
                #expect(try await client.send(HeadRequest()) == EmptyResponse())
                let raw = try await client.send(RawRequest(path: "/bytes", query: ["count": 3]))
                #expect(raw == Data("aaa".utf8))
            }
        }

        @Test(arguments: TransportKind.available)
        func seedEndpointsDecodeWithPresets(_ kind: TransportKind) async throws {
            struct Timetable: Decodable {
                struct Lesson: Decodable {
                    var subjectName: String
                    var startsAt: Date
                }
                var className: String
                var updatedAt: Date
                var lessons: [Lesson]
            }
            struct TimetableRequest: APIRequest {
                typealias Response = Timetable
                var method: HTTPRequest.Method { .get }
                var path: String { "/timetable" }
                var decoder: JSONDecoder? { .snakeCaseISO8601 }
            }
            try await DemoServer.withRunning { baseURL in
                let client = makeClient(kind, baseURL: baseURL)
                let timetable = try await client.send(TimetableRequest())
                #expect(timetable.className == "3-A")
                #expect(timetable.lessons.map(\.subjectName) == ["Math", "Music"])
                #expect(timetable.updatedAt == Date(timeIntervalSince1970: 1_767_225_600))
            }
        }
    }
#endif
