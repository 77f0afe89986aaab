#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// No rendering of an error carries a secret of the request, whatever the transport reported.
    @Suite("Wire: secrets in errors")
    struct WireSecretTests {
        struct Keyed: APIRequest {
            typealias Response = Data
            var method: HTTPRequest.Method { .get }
            var path: String { "/users" }
            var query: QueryParameters { ["api_key": "SECRET-123"] }
        }

        /// Every way an app might print or log the error.
        static func renderings(of error: APIError) -> [String] {
            var texts = [error.description, String(reflecting: error), error.localizedDescription, "\(error)"]
            if let underlying = error.underlying {
                texts += [String(describing: underlying), String(reflecting: underlying), "\(underlying as NSError)"]
            }
            return texts
        }

        @Test(arguments: TransportKind.available)
        func aRefusedConnectionShowsNoSecretOfTheURL(_ kind: TransportKind) async throws {
            // A port nothing listens on: the transport fails with the URL in its own error.
            let client = makeClient(kind, baseURL: URL(string: "http://127.0.0.1:9")!) { $0.timeout = .seconds(10) }
            let error = await #expect(throws: APIError.self) { try await client.send(Keyed()) }
            let unwrapped = try #require(error)
            #expect(unwrapped.kind == .transport)
            for text in Self.renderings(of: unwrapped) {
                #expect(!text.contains("SECRET-123"), "\(text)")
            }
        }
    }
#endif
