#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation
    import Testing

    /// A session cookie's value reaches a cassette by other roads than `Cookie` and `Set-Cookie`:
    /// the app writes it in a URL, the server echoes it in a body. Recorded against the demo
    /// server, it is in no part of the file, and the cassette still replays.
    @Suite("Wire: cassettes hide a secret value wherever it appears")
    struct WireCassetteSecretValueTests {
        struct Cookies: Decodable, Sendable {
            var cookies: [String: String]
        }

        /// What the calls saw: the cookies the server echoed, and the query it echoed.
        static func session(_ baseURL: URL, transport: any Transport, value: String) async throws -> [String] {
            let client = APIClient(baseURL: baseURL, transport: transport) { $0.cookies = CookieJar() }
            // httpbin's way: the query sets the cookie, and the redirect lands on the echo.
            let set = try await client.send(RawRequest(path: "/cookies/set", query: ["session": value]))
            let echoed = try JSONDecoder().decode(Cookies.self, from: set).cookies
            let again = try await client.send(RawRequest(path: "/cookies"))
            let copy = try await client.send(EchoRequest(query: ["copy": value]))
            return [
                "set: \(echoed)", "again: \(try JSONDecoder().decode(Cookies.self, from: again).cookies)",
                "query: \(copy.query ?? "")",
            ]
        }

        @Test(arguments: TransportKind.available)
        func aCookieEchoedInABodyAndWrittenInAURLIsNowhereInTheCassette(_ kind: TransportKind) async throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wire-secret-\(UUID())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let file = scratch.appendingPathComponent("cookies.har")
            let value = "s3ss-" + UUID().uuidString.prefix(8)

            let (baseURL, live) = try await DemoServer.withRunning { baseURL in
                let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: kind.transport)
                let seen = try await Self.session(baseURL, transport: recorder, value: value)
                try recorder.finish()
                return (baseURL, seen)
            }
            #expect(
                live == [
                    "set: [\"session\": \"\(value)\"]", "again: [\"session\": \"\(value)\"]", "query: copy=\(value)",
                ])

            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains(value))
            #expect(!text.contains(value.dropFirst(5)))
            #expect(text.contains("/cookies/set?session=<redacted:session>"))  // the URL the app wrote
            #expect(text.contains(#"{\"cookies\":{\"session\":\"<redacted:session>\"}}"#))  // the echo

            // The server has stopped. Given the cookie's value, the replay answers as the server did.
            let replayer = try CassetteTransport(
                file, recordingFrom: WireCassetteTests.Unreachable(), placeholders: ["session": value])
            #expect(try await Self.session(baseURL, transport: replayer, value: value) == live)
            #expect(replayer.unusedRecordings == 0)

            // Without it, the same calls are answered, the placeholder in the echo's place.
            let plain = try CassetteTransport(file, recordingFrom: WireCassetteTests.Unreachable())
            let replayed = try await Self.session(baseURL, transport: plain, value: "another-value")
            #expect(replayed[0] == "set: [\"session\": \"<redacted:session>\"]")
            #expect(plain.unusedRecordings == 0)
        }
    }
#endif
