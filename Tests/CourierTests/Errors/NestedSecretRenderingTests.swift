import Courier
import CourierTesting
import Foundation
import InMemoryTracing
import Logging
import Testing
import Tracing

/// A secret in a return URL, nested in a query value, is hidden wherever Courier shows a request:
/// the call's report, its log lines, its error's description and its spans.
@Suite("Nested secrets in every rendering")
struct NestedSecretRenderingTests {
    let baseURL = URL(string: "https://api.example.com")!
    /// `next=%2Fpage%3Ftoken%3Ds3cret%26tab%3D2` once encoded.
    let returnTo: QueryParameters = ["next": "/page?token=s3cret&tab=2"]
    static let hidden = "next=%2Fpage%3Ftoken%3D<redacted>%26tab%3D2"

    @Test func theReportShowsTheRequestAndTheRedirectWithoutIt() async throws {
        let transport = StubTransport { request, _ in
            request.path?.hasPrefix("/start") == true
                ? .init(status: .found, headerFields: [.location: "/final?next=%2Fp%3Fkey%3Ds3cret"])
                : .json("{}")
        }
        let client = APIClient(baseURL: baseURL, transport: transport)
        let report = try #require(try await client.response(for: StubRequest(query: returnTo)).report)
        #expect(report.attempts.first?.url == "https://api.example.com/start?" + Self.hidden)
        #expect(report.redirects == ["https://api.example.com/final?next=%2Fp%3Fkey%3D<redacted>"])
        #expect(!"\(report)".contains("s3cret"))
    }

    @Test func theLogShowsNeitherTheURLNorAFormBodyWithIt() async throws {
        let capture = LogCapture()
        let client = APIClient(
            baseURL: baseURL, transport: StubTransport { _, _ in .json(#"{"next":"/page?token=s3cret"}"#) },
            interceptors: [LoggingInterceptor()]
        ) { $0.logger = capture.logger(level: .debug) }
        _ = try await client.send(StubRequest(method: .post, query: returnTo, body: .form(returnTo)))
        let text = capture.text
        #expect(text.contains("https://api.example.com/start?" + Self.hidden))
        #expect(text.contains(Self.hidden))  // the form body
        #expect(!text.contains("s3cret"), "\(text)")
    }

    @Test func anErrorShowsNeitherTheURLNorTheFailingURL() async throws {
        let failing = try #require(URL(string: "https://api.example.com/start?next=%2Fpage%3Ftoken%3Ds3cret"))
        let transport = StubTransport { _, _ in
            throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: failing])
        }
        let client = APIClient(baseURL: baseURL, transport: transport)
        let error = await #expect(throws: APIError.self) { try await client.send(StubRequest(query: returnTo)) }
        let description = try #require(error?.description)
        #expect(description.contains("https://api.example.com/start?" + Self.hidden))
        #expect(!description.contains("s3cret"), "\(description)")
        #expect(error?.request?.path == "/start?" + Self.hidden)
        // The underlying error it keeps, described or dumped, names the failing URL without it.
        let underlying = try #require(error?.underlying as? URLError)
        #expect(!"\(underlying) \(underlying.userInfo)".contains("s3cret"))

        let status = APIClient(baseURL: baseURL, transport: StubTransport { _, _ in .init(status: .notFound) })
        let statusError = await #expect(throws: APIError.self) {
            try await status.send(StubRequest(query: returnTo))
        }
        #expect(statusError.map { !$0.description.contains("s3cret") } == true)
    }

    #if Observability
        @Test func theSpansShowTheURLWithoutIt() async throws {
            let tracer = InMemoryTracer()
            let client = APIClient(baseURL: baseURL, transport: StubTransport { _, _ in .json("{}") }) {
                $0.tracer = tracer
            }
            _ = try await client.send(StubRequest(query: returnTo))
            let spans = tracer.finishedSpans
            #expect(!spans.isEmpty)
            for span in spans {
                #expect(!String(describing: span.attributes).contains("s3cret"))
            }
            let urls = spans.compactMap { $0.attributes["url.full"]?.toSpanAttribute() }
            #expect(!urls.isEmpty)
            #expect(urls.allSatisfy { $0 == .string("https://api.example.com/start?" + Self.hidden) })
        }
    #endif
}
