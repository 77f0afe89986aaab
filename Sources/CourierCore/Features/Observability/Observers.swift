import CoreMetrics
import Tracing

/// The tracer and metrics factory a call reports to, `nil` for the no-op ones: resolved from the
/// configuration once per call, with no lock, so that a call without a backend skips all of it.
struct Observers: Sendable {
    let tracer: (any Tracer)?
    let metrics: (any MetricsFactory)?

    init(_ configuration: APIClient.Configuration) {
        tracer = configuration.tracer is NoOpTracer ? nil : configuration.tracer
        metrics = configuration.metricsFactory is NOOPMetricsHandler ? nil : configuration.metricsFactory
    }

    /// Nothing to report to.
    static let none = Observers(tracer: nil, metrics: nil)

    private init(tracer: (any Tracer)?, metrics: (any MetricsFactory)?) {
        self.tracer = tracer
        self.metrics = metrics
    }

    var isEmpty: Bool { tracer == nil && metrics == nil }
}
