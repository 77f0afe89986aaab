#if Observability
    import CoreMetrics
    import Tracing
#endif

/// The tracer and metrics factory a call reports to, `nil` for the no-op ones: resolved from the
/// configuration once per call, with no lock, so that a call without a backend skips all of it.
///
/// Without the `Observability` trait there is nothing to report to.
struct Observers: Sendable {
    #if Observability
        let tracer: (any Tracer)?
        let metrics: (any MetricsFactory)?

        init(_ configuration: APIClient.Configuration) {
            tracer = configuration.tracer is NoOpTracer ? nil : configuration.tracer
            metrics = configuration.metricsFactory is NOOPMetricsHandler ? nil : configuration.metricsFactory
        }

        private init(tracer: (any Tracer)?, metrics: (any MetricsFactory)?) {
            self.tracer = tracer
            self.metrics = metrics
        }

        /// Nothing to report to.
        static let none = Observers(tracer: nil, metrics: nil)

        var isEmpty: Bool { tracer == nil && metrics == nil }
    #else
        init(_ configuration: APIClient.Configuration) {}

        private init() {}

        /// Nothing to report to.
        static let none = Observers()

        var isEmpty: Bool { true }
    #endif
}
