#if Demo
    import Courier
    import CourierOpenAPI
    import DemoOpenAPIClient
    import Foundation
    import OpenAPIRuntime

    /// Beyond the seeds: the client swift-openapi-generator made from the demo API's OpenAPI document,
    /// with Courier as its transport.
    enum OpenAPIScenarios {
        static let scenarios = [
            Scenario(
                seed: "new", name: "OpenAPI-generated client over Courier: a stale token refreshed, JSON Lines",
                style: .asyncAwait
            ) { environment in
                do {
                    return try await run(environment)
                } catch {
                    return .failed(error)
                }
            }
        ]

        static func run(_ environment: DemoEnvironment) async throws -> Outcome {
            let plain = Client(
                serverURL: environment.baseURL, transport: CourierClientTransport(client: environment.client()))
            let form = Operations.Login.Input.Body.urlEncodedForm(.init(username: "bob", password: "secret"))
            let stale = try await plain.login(body: form).ok.body.json
            let current = try await plain.login(body: form).ok.body.json  // the first access token is now stale
            let tokens = RefreshingAuthorizationInterceptor.bearer(
                initial: BearerCredential(accessToken: stale.accessToken, refreshToken: current.refreshToken)
            ) { credential in
                let fresh = try await plain.refresh(
                    body: .urlEncodedForm(.init(refreshToken: credential?.refreshToken ?? ""))
                ).ok.body.json
                return BearerCredential(accessToken: fresh.accessToken, refreshToken: fresh.refreshToken)
            }
            let client = Client(
                serverURL: environment.baseURL,
                transport: CourierClientTransport(
                    client: environment.client([RetryInterceptor(), tokens]),
                    streamingOperations: [Operations.ExportLines.id]
                )
            )
            let refreshes = try await plain.getStats().ok.body.json.refreshes
            let me = try await client.getMe().ok.body.json
            let refreshed = try await plain.getStats().ok.body.json.refreshes - refreshes
            let lines = try await client.exportLines(query: .init(count: 200)).ok.body.applicationXNdjson
            var count = 0
            for try await line in lines.asDecodedJSONLines(of: Components.Schemas.Line.self) where line.n == count + 1 {
                count += 1
            }
            guard me.name == "Bob", refreshed == 1, count == 200 else {
                return .unexpected("me: \(me.name), refreshes: \(refreshed), lines: \(count) of 200")
            }
            return .expected("\(me.name) after 1 refresh; 200 lines streamed")
        }
    }
#endif
