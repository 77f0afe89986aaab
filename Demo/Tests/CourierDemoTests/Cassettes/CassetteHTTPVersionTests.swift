#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation
    import Testing

    /// A cassette says which HTTP version each exchange used, as the transport negotiated it.
    @Suite("Wire: cassettes' HTTP version")
    struct CassetteHTTPVersionTests {
        @Test(arguments: HTTPSVersion.allCases)
        func aRecordingSaysTheNegotiatedVersion(_ version: HTTPSVersion) async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("version-\(UUID()).har")
            defer { try? FileManager.default.removeItem(at: file) }
            try await withHTTPSServer(authority, version: version) { baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: transport)
                    _ = try await APIClient(baseURL: baseURL, transport: recorder).send(EchoRequest())
                    try recorder.finish()
                }
            }
            let har = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let entry = try #require(((har["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.first)
            let expected = version == .http2 ? "HTTP/2.0" : "HTTP/1.1"
            #expect((entry["response"] as? [String: Any])?["httpVersion"] as? String == expected)
            #expect((entry["request"] as? [String: Any])?["httpVersion"] as? String == expected)
        }
    }
#endif
