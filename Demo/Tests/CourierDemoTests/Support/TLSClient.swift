#if Demo
    import AsyncHTTPClient
    import Courier
    import DemoAPI
    import Foundation
    import NIOCore
    import NIOSSL
    import Testing

    /// The HTTP versions the HTTPS tests run over.
    enum HTTPSVersion: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case http1
        case http2

        var testDescription: String { rawValue }
    }

    /// A client-side TLS configuration that trusts `authority` (and nothing else), verifying every
    /// certificate and host name as usual, optionally presenting `identity` for mutual TLS: Courier's
    /// recommended one (TLS 1.2 at least), as a user starts from it.
    func clientTLSConfiguration(
        trusting authority: CertificateAuthority, identity: TLSIdentity? = nil
    ) -> TLSConfiguration {
        var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
        tls.trustRoots = .certificates([authority.certificate])
        // When the client shuts down, it waits at most this for the server's close_notify (5 s by
        // default, which a busy server sometimes took).
        tls.shutdownTimeout = .milliseconds(200)
        if let identity {
            tls.certificateChain = identity.certificateChain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.privateKey)
        }
        return tls
    }

    /// Runs `body` with an `AsyncHTTPClientTransport` over a client of its own, configured as
    /// Courier recommends plus `tls`, and shuts the transport down afterwards.
    func withTLSTransport<Result: Sendable>(
        _ tls: TLSConfiguration,
        http1Only: Bool = false,
        proxy: HTTPClient.Configuration.Proxy? = nil,
        probesRejectedCertificates: Bool = true,
        _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        configuration.tlsConfiguration = tls
        if http1Only { configuration.httpVersion = .http1Only }
        configuration.proxy = proxy
        let transport = AsyncHTTPClientTransport(
            configuration: configuration, probesRejectedCertificates: probesRejectedCertificates)
        return try await using(transport, body)
    }

    /// Starts an HTTPS demo server whose certificate `authority` issued (`identity`, or a new one), offering HTTP/2 when
    /// `version` says so, and requiring a client certificate that `clientCertificateAuthority` issued
    /// when one is given, and runs `body` with its base URL and its connection counter.
    func withHTTPSServer<Result: Sendable>(
        _ authority: CertificateAuthority,
        version: HTTPSVersion = .http1,
        clientCertificateAuthority: NIOSSLCertificate? = nil,
        identity: TLSIdentity? = nil,
        _ body: (URL, ConnectionCounter) async throws -> Result
    ) async throws -> Result {
        var tls = DemoTLS(identity: try identity ?? authority.issue())
        tls.http2 = version == .http2
        tls.clientCertificateAuthority = clientCertificateAuthority
        let connections = ConnectionCounter()
        return try await DemoServer.withRunning(tls: tls, connections: connections) { baseURL in
            try await body(baseURL, connections)
        }
    }

    /// Runs `body` with a transport pinned to `pins` whose clients trust `authority`, and shuts it
    /// down afterwards.
    func withPinnedTransport<Result: Sendable>(
        trusting authority: CertificateAuthority, pins: PublicKeyPins, version: HTTPSVersion,
        _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        var configuration = AsyncHTTPClientTransport.recommendedConfiguration
        configuration.tlsConfiguration = clientTLSConfiguration(trusting: authority)
        if version == .http1 { configuration.httpVersion = .http1Only }
        return try await using(AsyncHTTPClientTransport(configuration: configuration, pins: pins), body)
    }

    /// Runs `body` against a recording TLS server whose certificate a new authority issued (the
    /// identity it presents), over a transport that trusts that authority but pins two other keys
    /// for 127.0.0.1 (HTTP/1.1): every handshake is a pin mismatch. Returns the server, stopped and
    /// with the transport shut down, for what it received.
    func withMismatchedPins(
        _ body: (RecordingTLSServer, TLSIdentity, AsyncHTTPClientTransport) async throws -> Void
    ) async throws -> RecordingTLSServer {
        let authority = try CertificateAuthority(name: "Courier Test CA")
        let identity = try authority.issue()
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: identity.certificateChain.map { .certificate($0) },
            privateKey: .privateKey(identity.privateKey))
        let pins = try PublicKeyPins([
            .init("127.0.0.1", sha256: [CertificateAuthority.unusedPin(), CertificateAuthority.unusedPin()])
        ])
        return try await RecordingTLSServer.withRunning(configuration) { server in
            try await withPinnedTransport(trusting: authority, pins: pins, version: .http1) { transport in
                try await body(server, identity, transport)
            }
            return server
        }
    }

    /// Runs `body` with `transport`, and shuts the transport down afterwards, whatever `body` did.
    private func using<Result: Sendable>(
        _ transport: AsyncHTTPClientTransport, _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(transport))
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        return try outcome.get()
    }
#endif
