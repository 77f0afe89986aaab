#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation
    import Testing

    /// A cassette recorded over each transport against the demo server replays, with the server
    /// gone, as the server answered: tokens and cookies, a redirect, streams, a download, an error
    /// status, a timeout and a body cut short. And none of the session's secrets is in it.
    @Suite("Wire: cassettes")
    struct WireCassetteTests {
        struct Tokens: Decodable, Sendable {
            var accessToken: String

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
            }
        }

        struct Login: APIRequest {
            typealias Response = Tokens
            var method: HTTPRequest.Method { .post }
            var path: String { "/login" }
            var body: RequestBody? { .form(["username": "bob", "password": "secret"]) }
        }

        struct Me: APIRequest {
            struct Body: Decodable, Sendable {
                var name: String
            }

            typealias Response = Body
            var method: HTTPRequest.Method { .get }
            var path: String { "/me" }
        }

        /// What one session of calls saw, call by call, as text: the same for the live run and its
        /// replay. `tokenSink` gets the access token the login returned.
        static func session(
            _ baseURL: URL, transport: any Transport, scratch: URL, tokenSink: Locked<String?> = Locked(nil)
        ) async throws -> [String] {
            let token = Locked<String?>(nil)
            let client = APIClient(
                baseURL: baseURL, transport: transport,
                interceptors: [AuthorizationInterceptor.bearer { token.withLock { $0 } }]
            ) { $0.cookies = CookieJar() }
            var seen: [String] = []
            let tokens = try await client.send(Login())
            token.withLock { $0 = tokens.accessToken }
            tokenSink.withLock { $0 = tokens.accessToken }
            seen.append("me: \(try await client.send(Me()).name)")
            let echo = try await client.send(
                EchoRequest(path: "/redirect", query: ["status": 302, "to": "/echo", "cookie": "session=s3ss10n"]))
            seen.append("redirected to \(echo.path), cookie sent: \(echo.headers["cookie"] != nil)")
            var events: [String] = []
            for try await event in client.events(
                WireStreamTests.TextTokensRequest(query: ["count": 5, "interval_ms": 20]), reconnection: .never)
            {
                events.append(event.data)
            }
            seen.append("events: \(events.joined(separator: " "))")
            var lines = 0
            for try await _ in client.jsonLines(WireStreamTests.ExportRequest(query: ["count": 50])) { lines += 1 }
            seen.append("lines: \(lines)")
            let file = scratch.appendingPathComponent("bytes-\(UUID().uuidString).bin")
            try await client.download(RawRequest(path: "/bytes", query: ["count": 100_000]), to: file)
            let downloaded = try Data(contentsOf: file)
            seen.append("downloaded: \(downloaded.count) bytes, sum \(downloaded.reduce(0) { $0 &+ Int($1) })")
            for request in [
                RawRequest(path: "/status/404"),
                RawRequest(path: "/delay", query: ["ms": 3000], timeout: .milliseconds(500)),
                RawRequest(path: "/cut-body", query: ["bytes": 4096, "key": "cassette"]),
            ] {
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
                seen.append("\(request.path): \(error.kind), \(error.status?.code ?? 0): \(error.message)")
            }
            return seen
        }

        @Test(arguments: TransportKind.available)
        func aRecordingReplaysAsTheServerAnsweredWithNoSecretInIt(_ kind: TransportKind) async throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wire-cassette-\(UUID())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let file = scratch.appendingPathComponent("session.har")

            let liveToken = Locked<String?>(nil)
            let (baseURL, live) = try await DemoServer.withRunning { baseURL in
                let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: kind.transport)
                let seen = try await Self.session(baseURL, transport: recorder, scratch: scratch, tokenSink: liveToken)
                try recorder.finish()
                return (baseURL, seen)
            }
            #expect(live.count == 8)
            #expect(live[1] == "redirected to /echo, cookie sent: true")

            // The server has stopped: the replay has only the cassette.
            let replayer = try CassetteTransport(file, recordingFrom: Unreachable())
            let replayed = try await Self.session(baseURL, transport: replayer, scratch: scratch)
            #expect(replayed == live)
            #expect(replayer.unusedRecordings == 0)

            let text = try String(contentsOf: file, encoding: .utf8)
            let token = try #require(liveToken.withLock { $0 })
            #expect(!text.contains(token))  // the bearer token, in the login's answer and on every request after
            #expect(!text.contains("secret"))  // the password posted
            let har = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let entries = try #require((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])
            // The session cookie, set and sent, is in no header, cookie list or body; nor in the
            // redirect's URL, whose query asked the demo server to set it (a value known to be
            // secret is hidden wherever it appears).
            #expect(!text.contains("s3ss10n"))
            let parts = entries.flatMap { entry in
                ["request", "response"].compactMap { entry[$0] as? [String: Any] }.flatMap { part in
                    ["headers", "cookies"].compactMap { part[$0] } + [part["content"] ?? [:], part["postData"] ?? [:]]
                }
            }
            let exchanged = String(decoding: try JSONSerialization.data(withJSONObject: parts), as: UTF8.self)
            #expect(exchanged.contains("session"))  // the cookie's name is kept: its value goes
            #expect(!exchanged.contains("s3ss10n"))
            // Each exchange that got an answer says its HTTP version (the demo server speaks HTTP/1.1).
            let versions = Set(
                entries.compactMap { $0["response"] as? [String: Any] }.filter { ($0["status"] as? Int ?? 0) > 0 }
                    .compactMap { $0["httpVersion"] as? String })
            #expect(versions == ["HTTP/1.1"])
            let tokens = entries.compactMap { ($0["response"] as? [String: Any])?["content"] as? [String: Any] }
                .compactMap { $0["text"] as? String }.filter { $0.contains("access_token") }
            #expect(tokens.count == 1 && tokens.allSatisfy { $0.contains(#""access_token":"<redacted>""#) })
        }

        /// A transport a replay must never reach.
        struct Unreachable: Transport {
            func send(
                _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
            ) async throws -> (HTTPResponse, ResponseBody) {
                Issue.record("the replay reached the network: \(request.method) \(request.path ?? "")")
                throw CancellationError()
            }
        }
    }
#endif
