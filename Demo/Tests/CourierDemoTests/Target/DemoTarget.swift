#if Demo
    import Courier
    import Foundation

    /// The demo API as a Moya-style target enum (seed 004).
    enum DemoTarget: APITarget {
        case users
        case todos
        case createTodo(title: String)
        case search(String, page: Int)
        case login(username: String, password: String)
        case upload(MultipartForm)
        case raw(Data)

        /// The host, set per test: a stub's or the loopback server's.
        @TaskLocal static var host = URL(string: "https://stub.example")!

        var baseURL: URL { Self.host }

        var path: String {
            switch self {
            case .users: "/users"
            case .todos: "/todos"
            case .createTodo, .search, .upload, .raw: "/echo"
            case .login: "/login"
            }
        }

        var method: HTTPRequest.Method {
            switch self {
            case .users, .todos, .search: .get
            case .createTodo, .login, .raw: .post
            case .upload: .put
            }
        }

        var task: TargetTask {
            switch self {
            case .users, .todos: .plain
            case .createTodo(let title): .json(["title": title])
            case .search(let text, let page): .parameters(["q": text, "page": page])
            case .login(let username, let password):
                .parameters(["username": username, "password": password], encoding: .form)
            case .upload(let form): .multipart(form)
            case .raw(let data): .data(data, contentType: "text/plain")
            }
        }

        var headers: HTTPFields { [HTTPField.Name("X-Client")!: "seed-004"] }

        var sampleData: Data {
            switch self {
            case .users: Data(#"{"data": [{"name": "Sample", "id": 9}]}"#.utf8)
            case .todos: Data(#"[{"userId": 1, "id": 7, "title": "sample todo", "completed": false}]"#.utf8)
            default: Data("{}".utf8)
            }
        }
    }

    extension DemoTarget {
        /// `users`, with its response type named, so call sites need no `as:`.
        static var userList: TypedTarget<DemoTarget, DataEnvelope<[DemoUser]>> {
            users.expecting(DataEnvelope<[DemoUser]>.self)
        }
    }

    struct DemoUser: Decodable, Equatable, Sendable {
        var name: String
        var id: Int
    }

    struct DemoTodo: Decodable, Equatable, Sendable {
        var userId: Int
        var id: Int
        var title: String
        var completed: Bool
    }
#endif
