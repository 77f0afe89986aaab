#if Demo
    import Courier
    import Foundation

    /// Seed 001: a testable API type; GET with a query, POST as a form; snake_case and ISO 8601.
    enum Seed001 {
        struct TimetableRequest: APIRequest {
            typealias Response = Timetable
            var method: HTTPRequest.Method { .get }
            var path: String { "/timetable" }
            var query: QueryParameters { ["class": "3-A", "week": 1] }
            var timeout: Duration? { .seconds(30) }
            var decoder: JSONDecoder? { .snakeCaseISO8601 }
        }

        struct LoginRequest: APIRequest {
            typealias Response = Token
            var method: HTTPRequest.Method { .post }
            var path: String { "/login" }
            var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
            var decoder: JSONDecoder? { .snakeCase }
        }

        /// The seed's per-endpoint API type: it depends on a client, so tests swap the transport.
        struct TimetableAPI {
            let client: APIClient

            func call() async throws(APIError) -> Timetable {
                try await client.send(TimetableRequest())
            }
        }

        static let scenarios = [
            Scenario(seed: "001", name: "timetable: snake_case keys, ISO 8601 dates", style: .asyncAwait) {
                environment in
                do throws(APIError) {
                    let timetable = try await TimetableAPI(client: environment.client()).call()
                    let subjects = timetable.lessons.map(\.subjectName).joined(separator: ", ")
                    return timetable.className == "3-A"
                        ? .expected("class 3-A: \(subjects)") : .unexpected(timetable.className)
                } catch {
                    return .failed(error)
                }
            },
            Scenario(seed: "001", name: "form-encoded POST /login", style: .completionHandler) { environment in
                await withCheckedContinuation { continuation in
                    environment.client().send(LoginRequest(), queue: DispatchQueue(label: "demo.completion")) {
                        result in
                        switch result {
                        case .success(let token):
                            continuation.resume(returning: .expected("token expires in \(token.expiresIn) s"))
                        case .failure(let error): continuation.resume(returning: .failed(error))
                        }
                    }
                }
            },
        ]
    }
#endif
