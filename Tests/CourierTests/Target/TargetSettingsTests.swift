import Courier
import CourierTesting
import Foundation
import Testing

/// An `APITarget` case can set options, a time limit, a decoder and Moya-style optional headers.
@Suite("APITarget: per-case settings")
struct TargetSettingsTests {
    struct Token: Decodable, Sendable {
        var accessToken: String
    }

    enum Account: APITarget {
        case login(user: String)
        case profile

        var baseURL: URL { URL(string: "https://accounts.example")! }
        var path: String {
            switch self {
            case .login: "/login"
            case .profile: "/me"
            }
        }
        var method: HTTPRequest.Method {
            switch self {
            case .login: .post
            case .profile: .get
            }
        }
        var task: TargetTask {
            switch self {
            case .login(let user): .parameters(["user": user], encoding: .form)
            case .profile: .plain
            }
        }
        var headers: HTTPFields? {
            switch self {
            case .login: nil
            case .profile: [HTTPField.Name("X-Profile")!: "full"]
            }
        }
        var options: RequestOptions {
            switch self {
            case .login: RequestOptions().with(\.skipsAuthorization, true)
            case .profile: RequestOptions()
            }
        }
        var decoder: JSONDecoder { .snakeCase }
        var timeout: Duration? {
            switch self {
            case .login: .seconds(2)  // short of the stub latency below, roomy on a loaded machine
            case .profile: nil
            }
        }
    }

    @Test func loginCaseSkipsAuthorizationAndUsesTheTargetsDecoder() async throws {
        let recorder = Recorder(reply: .json(#"{"access_token":"t"}"#))
        // On a clock of the test's, the login case's 2-second deadline cannot pass while a loaded
        // machine (or Thread Sanitizer) runs the call slowly: this test is about headers.
        // Moya-style: no base URL on the client, so the token names the targets' origin.
        let accounts = URL(string: "https://accounts.example")!
        let client = APIClient(
            transport: recorder.transport,
            interceptors: [AuthorizationInterceptor.bearer(scope: .origins(accounts)) { "stale" }]
        ) { $0.clock = ManualClock() }
        let token = try await client.send(Account.login(user: "bob"), as: Token.self)
        #expect(token.accessToken == "t")
        let profile = try await client.send(Account.profile, as: Data.self)
        #expect(!profile.isEmpty)
        let (login, me) = (recorder.requests[0], recorder.requests[1])
        #expect(login.headerFields[.authorization] == nil)
        #expect(me.headerFields[.authorization] == "Bearer stale")
        #expect(me.headerFields[HTTPField.Name("X-Profile")!] == "full")
    }

    @Test func targetTimeoutIsTheCallsDeadline() async throws {
        let clock = ManualClock()
        let client = APIClient(transport: StubTransport(latency: .seconds(30)) { _, _ in .json("{}") }) {
            $0.clock = clock
        }
        let call = Task { try await client.send(Account.login(user: "bob"), as: Data.self) }
        await clock.waitForDeadlines()
        await clock.advance(by: Account.login(user: "bob").timeout ?? .seconds(60))
        let error = await #expect(throws: APIError.self) { try await call.value }
        #expect(error?.kind == .timeout)
    }
}
