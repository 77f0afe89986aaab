#if Demo
    import Courier
    import CourierWebSockets
    import DemoAPI
    import Foundation
    import NIOSSL
    import Testing

    /// `wss` over `AsyncHTTPClientTransport`, against the demo API's WebSockets over TLS
    /// (hummingbird-websocket behind Hummingbird's TLS): the transport's own TLS configuration
    /// applies, its trust roots and its client certificate, as for its calls.
    @Suite("TLS: WebSockets (wss)")
    struct WebSocketTLSTests {
        struct Line: Codable, Equatable, Sendable {
            var text: String
        }

        struct EchoSocket: WebSocketRequest {
            typealias Response = Line
            typealias Outgoing = Line
            var path: String { "/live/echo" }
        }

        @Test func wssEchoesOverTheTransportsTrustRoots() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            try await withHTTPSServer(authority) { baseURL, _ in
                #expect(baseURL.scheme == "https")
                try await withTLSTransport(clientTLSConfiguration(trusting: authority)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    let echo = try await client.withWebSocket(EchoSocket()) { socket in
                        try await socket.send(Line(text: "over TLS"))
                        var messages = socket.messages.makeAsyncIterator()
                        return try await messages.next()
                    }
                    #expect(echo == Line(text: "over TLS"))
                }
            }
        }

        @Test func wssPresentsTheTransportsClientCertificate() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let clients = try CertificateAuthority(name: "Courier Client CA")
            let identity = try clients.issue(commonName: "courier-client", hosts: [], addresses: [])
            try await withHTTPSServer(authority, clientCertificateAuthority: clients.certificate) { baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: authority, identity: identity)) {
                    transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    let echo = try await client.withWebSocket(EchoSocket()) { socket in
                        try await socket.send(Line(text: "mutual"))
                        var messages = socket.messages.makeAsyncIterator()
                        return try await messages.next()
                    }
                    #expect(echo == Line(text: "mutual"))
                }
            }
        }

        /// A pinned transport opens a WebSocket to a server whose key it pins.
        @Test func wssReachesAPinnedKey() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let identity = try authority.issue()
            let pins = try PublicKeyPins([
                .init("127.0.0.1", sha256: [CertificateAuthority.unusedPin(), "sha256/" + identity.publicKeyPin()])
            ])
            try await withHTTPSServer(authority, identity: identity) { baseURL, _ in
                try await withPinnedTransport(trusting: authority, pins: pins, version: .http1) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    let echo = try await client.withWebSocket(EchoSocket()) { socket in
                        try await socket.send(Line(text: "pinned"))
                        var messages = socket.messages.makeAsyncIterator()
                        return try await messages.next()
                    }
                    #expect(echo == Line(text: "pinned"))
                }
            }
        }

        /// Another key fails the handshake as a pin mismatch, and the server receives no byte of
        /// the handshake's request (its `Authorization` field among them).
        @Test func wssToAnotherKeyFailsWithoutSendingAByte() async throws {
            let server = try await withMismatchedPins { server, _, transport in
                let client = APIClient(
                    baseURL: server.baseURL, transport: transport,
                    interceptors: [AuthorizationInterceptor.bearer { "s3cret" }])
                await #expect {
                    try await client.withWebSocket(EchoSocket()) { _ in }
                } throws: { error in
                    guard let error = error as? APIError else { return false }
                    return error.kind == .tls && error.tlsFailure?.reason == .pinMismatch
                        && error.description.contains("s3cret") == false
                }
            }
            #expect(server.received.isEmpty, "the server received: \(server.received)")
        }

        /// A server certificate the transport does not trust fails the handshake as `.tls`.
        @Test func wssToAnUntrustedServerFailsAsTLS() async throws {
            let authority = try CertificateAuthority(name: "Courier Test CA")
            let stranger = try CertificateAuthority(name: "Stranger CA")
            try await withHTTPSServer(authority) { baseURL, _ in
                try await withTLSTransport(clientTLSConfiguration(trusting: stranger)) { transport in
                    let client = APIClient(baseURL: baseURL, transport: transport)
                    await #expect {
                        try await client.withWebSocket(EchoSocket()) { _ in }
                    } throws: { error in
                        (error as? APIError)?.kind == .tls
                    }
                }
            }
        }
    }
#endif
