// The names the README and the DocC articles use without declaring them, for docs.sh: what an
// app around a snippet would have. A block that declares one of these names shadows it.
// Nothing here is run; it only has to type-check.
public import Courier
public import Foundation
public import Logging

// MARK: - The app

/// The base URL of the example API.
public let url = URL(string: "https://api.example.com")!

/// A client of the example API, as an app makes one at startup.
public let client = APIClient(baseURL: url)

/// The app's logger.
public let logger = Logger(label: "app")

/// An access token, as the app keeps it.
public let token = "t0k3n"

/// A user name, as a login form has it.
public let username = "bob"

/// A password, as a login form has it.
public let password = "s3cret"

/// An API key, as the app keeps it.
public let key = "k3y"

/// The app's credential store.
public let keychain = Keychain()

/// Public-key pins, as the "Security" article makes them.
public let pins = try! PublicKeyPins([
    .init(
        "api.example.com",
        sha256: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="])
])

/// A credential store that holds an access token.
public actor Keychain {
    /// Reads the access token.
    ///
    /// - Returns: The token.
    /// - Throws: Never here; a real keychain can fail.
    public func accessToken() async throws -> String { token }
}

/// The credential saved after the last login.
public let saved = BearerCredential(accessToken: "expired", refreshToken: "r3fr3sh")

/// Gets a new credential from the API's token endpoint.
///
/// - Parameter stale: The credential that stopped working.
/// - Returns: The new credential.
/// - Throws: `APIError` when the token endpoint refuses.
public func refresh(_ stale: BearerCredential?) async throws -> BearerCredential {
    let token = try await APIClient(baseURL: url).send(RefreshRequest(refreshToken: stale?.refreshToken ?? ""))
    return BearerCredential(accessToken: token.accessToken, refreshToken: token.refreshToken)
}

/// The refreshing authorization interceptor of the Authentication article.
public let auth = RefreshingAuthorizationInterceptor.bearer(initial: saved) { stale in try await refresh(stale) }

/// Where a download goes.
public let backupURL = FileManager.default.temporaryDirectory.appendingPathComponent("backup.zip")

/// Where a large download that resumes goes (the Downloads article).
public let modelURL = FileManager.default.temporaryDirectory.appendingPathComponent("model.bin")

/// The SHA-256 a manifest gives for the model, in hexadecimal.
public let modelSHA256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

/// A video to upload.
public let videoURL = FileManager.default.temporaryDirectory.appendingPathComponent("video.mp4")

extension Bundle {
    /// A target's resources, as SwiftPM gives `Bundle.module` to a target that declares some.
    public static var module: Bundle { .main }
}

// MARK: - The example API's types

/// A user: `{"id": 7, "name": "Bob"}`.
public struct User: Codable, Sendable {
    /// The user's identifier.
    public var id: Int
    /// The user's name.
    public var name: String
}

/// A to-do item, as in the README's quick start.
public struct Todo: Codable, Sendable {
    /// The item's identifier.
    public var id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var completed: Bool
}

/// The API's error document: `{"message": "…"}`.
public struct ServerProblem: Decodable, Sendable {
    /// What went wrong.
    public var message: String
}

/// The token endpoint's answer.
public struct Token: Decodable, Sendable {
    /// The new access token.
    public var accessToken: String
    /// The new refresh token.
    public var refreshToken: String
    /// The access token's lifetime, in seconds.
    public var expiresIn: Int
}

/// The school timetable of the migration guides.
public struct Timetable: Decodable, Sendable {
    /// The lessons.
    public var lessons: [String]
}

/// A repository, as GitHub describes it.
public struct Repo: Decodable, Sendable {
    /// Its name.
    public var name: String
}

// MARK: - The example API's requests

/// `GET /todos`, as in the README's quick start.
public struct TodosRequest: APIRequest {
    /// The to-do list.
    public typealias Response = [Todo]
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/todos`.
    public var path: String { "/todos" }
}

/// `GET /users/{id}`, as in the Getting Started article.
public struct UserRequest: APIRequest {
    /// The user.
    public typealias Response = User
    /// The user's identifier.
    public let id: Int
    /// Creates the request.
    ///
    /// - Parameter id: The user's identifier.
    public init(id: Int) { self.id = id }
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/users/{id}`.
    public var path: String { "/users/\(id)" }
}

/// `POST /token`: a new access token for a refresh token.
public struct RefreshRequest: APIRequest {
    /// The new tokens.
    public typealias Response = Token
    /// The refresh token.
    public let refreshToken: String
    /// Creates the request.
    ///
    /// - Parameter refreshToken: The refresh token.
    public init(refreshToken: String) { self.refreshToken = refreshToken }
    /// `POST`.
    public var method: HTTPRequest.Method { .post }
    /// `/token`.
    public var path: String { "/token" }
    /// The refresh token, as a form.
    public var body: RequestBody? { .form(["refresh_token": refreshToken]) }
}

/// `GET /timetable`, seed 001's request.
public struct TimetableRequest: APIRequest {
    /// The timetable.
    public typealias Response = Timetable
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/timetable`.
    public var path: String { "/timetable" }
}

/// `GET /model`: a large file, for `download(_:to:options:progress:)`.
public struct ModelRequest: APIRequest {
    /// The body goes to a file.
    public typealias Response = Data
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/model`.
    public var path: String { "/model" }
}

/// `GET /backup`: a body too large to buffer, for `download(_:to:progress:)`.
public struct BackupRequest: APIRequest {
    /// The body goes to a file.
    public typealias Response = Data
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/backup`.
    public var path: String { "/backup" }
}

/// `GET /log`: a long text body, for `withBytes(_:progress:_:)`.
public struct LogRequest: APIRequest {
    /// The body is read in chunks.
    public typealias Response = Data
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/log`.
    public var path: String { "/log" }
}

/// `PUT /videos`: a file streamed from disk, for `upload(_:progress:)`.
public struct UploadVideo: APIRequest {
    /// The uploaded video's identifier.
    public typealias Response = EmptyResponse
    /// The file to send.
    public let file: URL
    /// Creates the request.
    ///
    /// - Parameter file: The file to send.
    public init(file: URL) { self.file = file }
    /// `PUT`.
    public var method: HTTPRequest.Method { .put }
    /// `/videos`.
    public var path: String { "/videos" }
    /// The file, streamed.
    public var body: RequestBody? { .file(file, contentType: "video/mp4") }
}

/// `GET /completions`: Server-Sent Events, one token each.
public struct CompletionRequest: APIRequest {
    /// One event's data: `{"index": 3, "text": "lo"}`.
    public struct Chunk: Decodable, Sendable {
        /// The chunk's position.
        public var index: Int
        /// Its text.
        public var text: String
    }
    /// One event's data.
    public typealias Response = Chunk
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/completions`.
    public var path: String { "/completions" }
}

/// `GET /export`: JSON Lines, one log entry each.
public struct ExportRequest: APIRequest {
    /// One line: `{"level": "info", "message": "…"}`.
    public struct LogEntry: Decodable, Sendable {
        /// The entry's level.
        public var level: String
        /// Its message.
        public var message: String
    }
    /// One line.
    public typealias Response = LogEntry
    /// Creates the request.
    public init() {}
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/export`.
    public var path: String { "/export" }
}

/// `GET /issues?page=n`: a list in pages.
public struct IssuesRequest: APIRequest {
    /// One page: `{"issues": [{"title": "…"}]}`.
    public struct Page: Decodable, Sendable {
        /// An issue.
        public struct Item: Decodable, Sendable {
            /// Its title.
            public var title: String
        }
        /// The page's issues.
        public var issues: [Item]
    }
    /// One page.
    public typealias Response = Page
    /// The page number, from 1.
    public var page: Int
    /// Creates the request.
    ///
    /// - Parameter page: The page number, from 1.
    public init(page: Int) { self.page = page }
    /// `GET`.
    public var method: HTTPRequest.Method { .get }
    /// `/issues`.
    public var path: String { "/issues" }
    /// The page number.
    public var query: QueryParameters { ["page": page] }
}
