#if Demo
    import Courier
    import CourierCombine
    import Foundation
    import OpenCombineShim

    /// Seed 004: a Moya-style target enum and an `ApiService<Target>` returning publishers.
    enum Seed004 {
        enum DemoTarget: APITarget {
            case todos
            case timetable(week: Int)

            @TaskLocal static var host = URL(string: "http://127.0.0.1")!

            var baseURL: URL { Self.host }
            var method: HTTPRequest.Method { .get }
            var path: String {
                switch self {
                case .todos: "/todos"
                case .timetable: "/timetable"
                }
            }
            var task: TargetTask {
                switch self {
                case .todos: .plain
                case .timetable(let week): .parameters(["week": week])
                }
            }
            var headers: HTTPFields { [.accept: "application/json"] }
        }

        /// The seed's `ApiService<Target>.request(target, with:)`.
        struct ApiService<T: APITarget> {
            let client: APIClient

            func request<Response: Decodable & Sendable>(_ target: T, with type: Response.Type) -> AnyPublisher<
                Response, APIError
            > {
                client.publisher(for: target, as: type)
            }
        }

        static let scenarios = [
            Scenario(seed: "004", name: "ApiService<DemoTarget>.request(.todos, with:)", style: .target) {
                environment in
                let service = ApiService<DemoTarget>(client: environment.client())
                // The publisher is cold: the host is read when it sends, inside this scope.
                return await DemoTarget.$host.withValue(environment.baseURL) {
                    await waitForSink { finish in
                        service.request(.todos, with: [Todo].self).sink(
                            receiveCompletion: { if case .failure(let error) = $0 { finish(.failed(error)) } },
                            receiveValue: { finish(.expected("\($0.count) todos")) }
                        )
                    }
                }
            },
            Scenario(seed: "004", name: "target with ISO 8601 dates, async", style: .target) { environment in
                await DemoTarget.$host.withValue(environment.baseURL) {
                    var client = environment.client()
                    client.configuration.decoder = .snakeCaseISO8601
                    do throws(APIError) {
                        let timetable = try await client.send(DemoTarget.timetable(week: 1), as: Timetable.self)
                        let first = timetable.lessons.first?.startsAt.formatted(.iso8601) ?? "-"
                        return .expected("first lesson at \(first)")
                    } catch {
                        return .failed(error)
                    }
                }
            },
        ]
    }
#endif
