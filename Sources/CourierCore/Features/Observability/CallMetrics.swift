#if Observability
    import CoreMetrics
    import HTTPTypes

    /// Records a finished call into a metrics factory.
    ///
    /// Every dimension has a small, fixed set of values (the request type's name, the method, the
    /// status class, the outcome): never a URL, an identifier or anything secret.
    struct CallMetrics {
        let factory: any MetricsFactory
        let requestName: String
        let method: HTTPRequest.Method

        /// The label of the counter of calls.
        static let requests = "courier.requests"
        /// The label of the timer of calls' durations.
        static let duration = "courier.request.duration"
        /// The label of the counter of retries.
        static let retries = "courier.retries"
        /// The label of the counter of credential refreshes.
        static let refreshes = "courier.refreshes"
        /// The label of the counter of calls whose body passed the size limit.
        static let bodyLimitHits = "courier.body_limit_hits"

        func record(_ report: CallReport, status: HTTPResponse.Status?, error: APIError?) {
            let outcome = error.map { $0.kind.description } ?? "success"
            let statusClass = status.map { "\($0.code / 100)xx" } ?? "none"
            let dimensions = [
                ("request", requestName), ("method", method.rawValue), ("status_class", statusClass),
                ("outcome", outcome),
            ]
            factory.makeCounter(label: Self.requests, dimensions: dimensions).increment(by: 1)
            let nanoseconds =
                report.duration.components.seconds * 1_000_000_000
                + report.duration.components.attoseconds / 1_000_000_000
            factory.makeTimer(label: Self.duration, dimensions: dimensions).recordNanoseconds(nanoseconds)
            let call = [("request", requestName), ("method", method.rawValue)]
            if report.retries > 0 {
                factory.makeCounter(label: Self.retries, dimensions: call).increment(by: Int64(report.retries))
            }
            if report.refreshed {
                factory.makeCounter(label: Self.refreshes, dimensions: call).increment(by: 1)
            }
            if error?.kind == .bodyTooLarge {
                factory.makeCounter(label: Self.bodyLimitHits, dimensions: call).increment(by: 1)
            }
        }
    }
#endif
