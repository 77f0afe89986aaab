import Courier
import CourierTesting
import Foundation
import Testing

// MARK: - The app code under test (seed 001 and seed 002 shapes)

struct Timetable: Decodable, Sendable, Equatable {
    struct Lesson: Decodable, Sendable, Equatable {
        var subjectName: String
        var startsAt: Date
    }
    var className: String
    var lessons: [Lesson]
}

/// Seed 001's API type: it depends on a client, so a test swaps the transport in one line.
struct TimetableAPI {
    struct TimetableRequest: APIRequest {
        typealias Response = Timetable
        var method: HTTPRequest.Method { .get }
        var path: String { "/timetable" }
        var timeout: Duration? { .seconds(30) }
        var decoder: JSONDecoder? { .snakeCaseISO8601 }
    }

    let client: APIClient

    func timetable() async throws(APIError) -> Timetable {
        try await client.send(TimetableRequest())
    }
}

/// A view model that shows the signed-in user's name.
@MainActor
final class ProfileViewModel {
    struct Me: APIRequest {
        struct Body: Decodable, Sendable {
            var name: String
        }
        typealias Response = Body
        var method: HTTPRequest.Method { .get }
        var path: String { "/me" }
    }

    private(set) var name = ""
    private(set) var error: APIError?
    private let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    func load() async {
        do throws(APIError) {
            name = try await client.send(Me()).name
        } catch {
            self.error = error
        }
    }
}

// MARK: - Tests written the way an app team would, with the kit

@Suite("Using CourierTesting")
struct UsingTheKitTests {
    static let baseURL = URL(string: "https://api.example.com")!

    @Test func seed001SwapsTheTransportInOneLine() async throws {
        let api = TimetableAPI(
            client: APIClient(
                baseURL: Self.baseURL, transport: .sequence([.reply(try .fixture("timetable", in: .module))])))
        let timetable = try await api.timetable()
        #expect(timetable.className == "3-A")
        #expect(timetable.lessons.map(\.subjectName) == ["Math", "Music"])
    }

    @Test @MainActor func viewModelRecoversFromAnExpiredTokenThroughOneRefresh() async throws {
        let recorder = RecordingTransport(.sequence([.status(.unauthorized), .json(#"{"name": "Bob"}"#)]))
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "expired")) { _ in
            BearerCredential(accessToken: "renewed")
        }
        let model = ProfileViewModel(
            client: APIClient(baseURL: Self.baseURL, transport: recorder, interceptors: [auth]))
        await model.load()
        #expect(model.name == "Bob")
        #expect(model.error == nil)
        #expect(recorder.records.map { $0.headerFields[.authorization] } == ["Bearer expired", "Bearer renewed"])
    }

    @Test @MainActor func viewModelShowsTheErrorWhenRefreshFails() async throws {
        struct Revoked: Error {}
        let auth = RefreshingAuthorizationInterceptor.bearer(initial: BearerCredential(accessToken: "expired")) { _ in
            throw Revoked()
        }
        let model = ProfileViewModel(
            client: APIClient(
                baseURL: Self.baseURL, transport: .sequence([.status(.unauthorized)]), interceptors: [auth])
        )
        await model.load()
        #expect(model.error?.kind == .authentication)
        #expect(model.name.isEmpty)
    }

    @Test func retriesScripted503sWithoutWaiting() async throws {
        let recorder = RecordingTransport(
            .sequence([.status(.serviceUnavailable), .status(.serviceUnavailable), .json(#"{"name": "Bob"}"#)]))
        let client = APIClient(
            baseURL: Self.baseURL,
            transport: recorder,
            interceptors: [RetryInterceptor(random: { 0 })]
        )
        #expect(try await client.send(ProfileViewModel.Me()).name == "Bob")
        #expect(recorder.records.count == 3)
    }

    @Test func authorizationHeaderIsOnTheWire() async throws {
        let recorder = RecordingTransport(.sequence([.json(#"{"name": "Bob"}"#)]))
        let client = APIClient(
            baseURL: Self.baseURL, transport: recorder, interceptors: [AuthorizationInterceptor.bearer { "t0k3n" }])
        _ = try await client.send(ProfileViewModel.Me())
        #expect(recorder.last?.headerFields[.authorization] == "Bearer t0k3n")
        #expect(recorder.last?.path == "/me")
    }
}
