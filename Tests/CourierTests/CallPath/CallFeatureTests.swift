import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore

/// The one seam features plug into (`CallFeature`): a feature stored in the configuration has its
/// step placed in every call's chain, below the interceptors and the cookie jar, above the
/// transport, in the order of the features' ranks.
@Suite("Call features: the seam")
struct CallFeatureTests {
    /// A feature that records, in order, which steps saw the request and what `Cookie` it had.
    struct Tracing: CallFeature {
        let name: String
        let rank: Int
        let log: Locked<[String]>
        var awaitsBeyondTheTransport: Bool { false }

        func step(above next: @escaping InterceptorChain.Step, in configuration: APIClient.Configuration)
            -> InterceptorChain.Step
        {
            { [name, log] request, body, context in
                log.withLock { $0.append("\(name) cookie=\(request.headerFields[.cookie] ?? "-")") }
                return try await next(request, body, context)
            }
        }
    }

    /// A second feature type, so that two features can be in one configuration.
    struct Other: CallFeature {
        let inner: Tracing
        var rank: Int { inner.rank }
        var awaitsBeyondTheTransport: Bool { true }

        func step(above next: @escaping InterceptorChain.Step, in configuration: APIClient.Configuration)
            -> InterceptorChain.Step
        {
            inner.step(above: next, in: configuration)
        }
    }

    /// An interceptor that records when it sees the request.
    struct Marker: Interceptor {
        let log: Locked<[String]>

        func intercept(
            _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext, next: Next
        ) async throws -> InterceptorResponse {
            log.withLock { $0.append("interceptor") }
            return try await next(request, body, context: context)
        }
    }

    @Test func featuresRunBelowTheInterceptorsAndTheJarInTheOrderOfTheirRanks() async throws {
        let log = Locked<[String]>([])
        let jar = CookieJar()
        jar.store(["session=abc"], from: URL(string: "https://api.example.com/")!)
        let transport = StubTransport { _, _ in
            log.withLock { $0.append("transport") }
            return .init()
        }
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com")!, transport: transport, interceptors: [Marker(log: log)]
        ) {
            $0.cookies = jar
            // Stored in the reverse of their ranks: the rank, not the order of setting, decides.
            $0.features[Other.self] = Other(inner: Tracing(name: "second", rank: 2, log: log))
            $0.features[Tracing.self] = Tracing(name: "first", rank: 1, log: log)
        }
        _ = try await client.send(StubRequest())
        #expect(
            log.withLock { $0 } == [
                "interceptor", "first cookie=session=abc", "second cookie=session=abc", "transport",
            ])
    }

    @Test func aFeatureIsReplacedBySettingItsTypeAgainAndRemovedWithNil() async throws {
        let log = Locked<[String]>([])
        var configuration = APIClient.Configuration(
            baseURL: URL(string: "https://api.example.com")!, transport: StubTransport { _, _ in .init() })
        configuration.features[Tracing.self] = Tracing(name: "old", rank: 0, log: log)
        configuration.features[Tracing.self] = Tracing(name: "new", rank: 0, log: log)
        #expect(configuration.features.ordered.count == 1)
        _ = try await APIClient(configuration: configuration).send(StubRequest())
        #expect(log.withLock { $0 } == ["new cookie=-"])
        configuration.features[Tracing.self] = nil
        #expect(configuration.features.isEmpty)
    }

    @Test func aFeatureThatAwaitsMoreThanTheTransportGivesTheCallATaskOfItsOwn() {
        let log = Locked<[String]>([])
        var configuration = APIClient.Configuration(transport: StubTransport { _, _ in .init() })
        #expect(ResolvedConfiguration(configuration).awaitsOnlyTheTransport)
        configuration.features[Tracing.self] = Tracing(name: "plain", rank: 0, log: log)
        #expect(ResolvedConfiguration(configuration).awaitsOnlyTheTransport)
        configuration.features[Other.self] = Other(inner: Tracing(name: "waits", rank: 1, log: log))
        #expect(!ResolvedConfiguration(configuration).awaitsOnlyTheTransport)
    }
}
