#if CourierNIO
    import AsyncHTTPClient
    import Logging
    import NIOSSL
    import Testing

    @testable import CourierCore

    /// A transport made with a logger over a configuration that accepts TLS 1.0 or 1.1 says so,
    /// once, as it is made; Courier's recommended configurations say nothing.
    @Suite("Legacy TLS warning")
    struct LegacyTLSWarningTests {
        static func configuration(minimum: TLSVersion?) -> HTTPClient.Configuration {
            var configuration = AsyncHTTPClientTransport.recommendedConfiguration
            if let minimum {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.minimumTLSVersion = minimum
                configuration.tlsConfiguration = tls
            } else {
                configuration.tlsConfiguration = nil
            }
            return configuration
        }

        static func warnings(_ capture: LogCapture) -> [LogCapture.Line] {
            capture.lines.filter { $0.level == .warning }
        }

        @Test func swiftNIOSSLsClientConfigurationIsWarnedAboutOnce() async throws {
            let capture = LogCapture()
            var configuration = AsyncHTTPClientTransport.recommendedConfiguration
            configuration.tlsConfiguration = .makeClientConfiguration()
            let transport = AsyncHTTPClientTransport(configuration: configuration, logger: capture.logger())
            try await transport.shutdown()
            let warnings = Self.warnings(capture)
            #expect(warnings.count == 1, "\(capture.text)")
            let warning = try #require(warnings.first)
            #expect(warning.message.contains("accepts TLS 1.0 and 1.1"))
            #expect(warning.message.contains("AsyncHTTPClientTransport.recommendedTLSConfiguration"))
            #expect(warning.metadata == "courier.tls.minimumVersion=1.0")
        }

        @Test func aMinimumOfTLS1_1IsWarnedAbout() async throws {
            let capture = LogCapture()
            let transport = AsyncHTTPClientTransport(
                configuration: Self.configuration(minimum: .tlsv11), logger: capture.logger())
            try await transport.shutdown()
            let warnings = Self.warnings(capture)
            #expect(warnings.count == 1, "\(capture.text)")
            #expect(warnings.first?.message.contains("accepts TLS 1.1,") == true)
        }

        @Test func aPinnedTransportWarnsOnceForAllItsClients() async throws {
            let capture = LogCapture()
            let keys = [String(repeating: "A", count: 43) + "=", String(repeating: "B", count: 43) + "="]
            let pins = try PublicKeyPins([.init("a.example.com", sha256: keys), .init("b.example.com", sha256: keys)])
            let transport = AsyncHTTPClientTransport(
                configuration: Self.configuration(minimum: .tlsv1), pins: pins, logger: capture.logger())
            try await transport.shutdown()
            #expect(Self.warnings(capture).count == 1, "\(capture.text)")
        }

        @Test(arguments: [TLSVersion.tlsv12, .tlsv13, nil])
        func aConfigurationOfTLS1_2OrNewerIsNotWarnedAbout(minimum: TLSVersion?) async throws {
            let capture = LogCapture()
            let transport = AsyncHTTPClientTransport(
                configuration: Self.configuration(minimum: minimum), logger: capture.logger())
            try await transport.shutdown()
            #expect(capture.lines.isEmpty, "\(capture.text)")
        }

        @Test func theRecommendedConfigurationIsNotWarnedAbout() async throws {
            let capture = LogCapture()
            let transport = AsyncHTTPClientTransport(
                configuration: AsyncHTTPClientTransport.recommendedConfiguration, logger: capture.logger())
            try await transport.shutdown()
            #expect(capture.lines.isEmpty, "\(capture.text)")
        }
    }
#endif
