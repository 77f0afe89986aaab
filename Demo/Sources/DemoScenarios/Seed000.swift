#if Demo
    import Courier
    import CourierCombine
    import Foundation
    import OpenCombineShim

    /// Seed 000: URLSession + Combine, a `BaseRequestProtocol`, retry, Low Data Mode, special statuses.
    enum Seed000 {
        struct UserRequest: APIRequest {
            typealias Response = DataEnvelope<[UserModel]>
            var method: HTTPRequest.Method { .get }
            var path: String { "/users" }
        }

        struct FlakyRequest: APIRequest {
            typealias Response = [String: Int]
            var method: HTTPRequest.Method { .get }
            let key = UUID().uuidString
            var path: String { "/flaky" }
            var query: QueryParameters { ["key": key, "failures": 1, "retry_after": 1] }
        }

        struct PhotosRequest: APIRequest {
            typealias Response = [Photo]
            var method: HTTPRequest.Method { .get }
            var path: String { "/photos" }
            var query: QueryParameters { ["size": "full"] }
            var options: RequestOptions {
                RequestOptions().with(\.constrainedNetworkAlternative, .init(path: "/photos", query: ["size": "small"]))
            }
        }

        struct ForceUpdateRequest: APIRequest {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .get }
            var path: String { "/status/426" }
        }

        enum AppError: Error {
            case updateRequired
        }

        static let scenarios = [
            Scenario(seed: "000", name: "users in a {\"data\": [...]} envelope", style: .combineSink) { environment in
                await waitForSink { finish in
                    environment.client().sink(
                        UserRequest(),
                        on: DispatchQueue(label: "demo.ui"),
                        success: { finish(.expected($0.data.map(\.name).joined(separator: ", "))) },
                        failure: { finish(.failed($0)) }
                    )
                }
            },
            Scenario(seed: "000", name: "503 with Retry-After: 1, then 200", style: .asyncAwait) { environment in
                do throws(APIError) {
                    let result = try await environment.client([RetryInterceptor()]).send(FlakyRequest())
                    let hits = result["hits"] ?? 0
                    return hits == 2 ? .expected("succeeded on attempt \(hits)") : .unexpected("hits: \(hits)")
                } catch {
                    return .failed(error)
                }
            },
            Scenario(seed: "000", name: "Low Data Mode fallback (simulated)", style: .combine) { environment in
                var lowData = environment
                lowData.transport = SimulatedLowDataMode(base: environment.transport)
                let client = lowData.client([ConstrainedNetworkInterceptor()])
                return await waitForSink { finish in
                    client.publisher(for: PhotosRequest()).sink(
                        receiveCompletion: { if case .failure(let error) = $0 { finish(.failed(error)) } },
                        receiveValue: { photos in
                            let small = photos.allSatisfy { $0.url.hasSuffix("-small.jpg") }
                            finish(small ? .expected("\(photos.count) small photos") : .unexpected("full-size photos"))
                        }
                    )
                }
            },
            Scenario(seed: "000", name: "426 mapped by a status hook", style: .asyncAwait) { environment in
                let client = environment.client([
                    StatusHookInterceptor(statuses: [426]) { _ in .fail(AppError.updateRequired) }
                ])
                do throws(APIError) {
                    _ = try await client.send(ForceUpdateRequest())
                    return .unexpected("no error")
                } catch {
                    guard case .updateRequired = error.underlying as? AppError else { return .failed(error) }
                    return .expected("AppError.updateRequired")
                }
            },
        ]
    }

    /// A transport on a device in Low Data Mode: requests that refuse constrained networks fail.
    ///
    /// Linux has no Low Data Mode, so the demo simulates one; on Apple platforms
    /// `URLSessionTransport` reports the real condition the same way.
    struct SimulatedLowDataMode: Transport {
        let base: any Transport

        func send(
            _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
        ) async throws -> (HTTPResponse, ResponseBody) {
            guard context.networkAccess.allowsConstrained else {
                throw ConstrainedNetworkError(reason: .constrained)
            }
            return try await base.send(request, body: body, context: context)
        }
    }
#endif
