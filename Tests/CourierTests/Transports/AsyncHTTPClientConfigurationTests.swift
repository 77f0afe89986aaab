#if CourierNIO
    import AsyncHTTPClient
    import NIOCore
    import NIOSSL
    import Testing

    @testable import CourierCore

    /// What Courier's AsyncHTTPClient configurations hold: TLS 1.2 at least, a connect timeout,
    /// no redirects; an app's own choices stay.
    @Suite("AsyncHTTPClient configuration")
    struct AsyncHTTPClientConfigurationTests {
        @Test func theRecommendedConfigurationRefusesTLSBelow1_2AndBoundsConnecting() throws {
            let configuration = AsyncHTTPClientTransport.recommendedConfiguration
            let tls = try #require(configuration.tlsConfiguration)
            #expect(tls.minimumTLSVersion == .tlsv12)
            #expect(tls.certificateVerification == .fullVerification)
            #expect(AsyncHTTPClientTransport.recommendedTLSConfiguration.minimumTLSVersion == .tlsv12)
            #expect(configuration.timeout.connect == .seconds(10))
            #expect(configuration.connectionPool.retryConnectionEstablishment == false)
        }

        @Test func aTransportsOwnClientGetsWhatItsConfigurationLacks() throws {
            let bare = AsyncHTTPClientTransport.owned(HTTPClient.Configuration(), decompressionRatio: 50)
            #expect(try #require(bare.tlsConfiguration).minimumTLSVersion == .tlsv12)
            #expect(bare.timeout.connect == AsyncHTTPClientTransport.defaultConnectTimeout)
            #expect(AsyncHTTPClientTransport.presentsCertificate(bare) == false)

            // What the app sets, visibly, stays: an old server's TLS 1.1, a connect timeout of its own.
            var tls = AsyncHTTPClientTransport.recommendedTLSConfiguration
            tls.minimumTLSVersion = .tlsv11
            var own = AsyncHTTPClientTransport.recommendedConfiguration
            own.tlsConfiguration = tls
            own.timeout.connect = .seconds(3)
            let kept = AsyncHTTPClientTransport.owned(own, decompressionRatio: nil)
            #expect(try #require(kept.tlsConfiguration).minimumTLSVersion == .tlsv11)
            #expect(kept.timeout.connect == .seconds(3))
        }
    }
#endif
