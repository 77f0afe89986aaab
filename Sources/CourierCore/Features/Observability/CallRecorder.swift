import Foundation
import HTTPTypes

#if Observability
    import Tracing
#endif

/// Records one call as it runs: the report, the call's span and one child span per request sent.
///
/// The client makes one per call only when something reads it (interceptors, the caller asking
/// for a report, a tracer or a metrics backend), so a plain call without them pays nothing.
package final class CallRecorder: Sendable {
    let requestName: String
    let method: HTTPRequest.Method
    let redaction: Redaction
    let observers: Observers
    /// When the call began, on the system clock (``CallClock/system``'s time).
    let started: Duration
    #if Observability
        /// The call's span, parent of every attempt's span.
        let callSpan: (any Span)?
    #endif

    /// What changes as the call runs.
    private struct State {
        var report: CallReport
        /// Requests begun so far.
        var begun = 0
        /// Whether the next request replays the call after a credential refresh.
        var refreshPending = false
        /// The status of the response the call succeeded with.
        var answered: HTTPResponse.Status?
    }

    private let state: Locked<State>

    init(request: HTTPRequest, requestName: String, redaction: Redaction, observers: Observers) {
        self.requestName = requestName
        self.method = request.method
        self.redaction = redaction
        self.observers = observers
        self.started = CallClock.system.now()
        self.state = Locked(State(report: CallReport(requestName: requestName)))
        #if Observability
            if let tracer = observers.tracer {
                let span = tracer.startSpan(
                    "\(request.method.rawValue) \(requestName)", context: .current ?? .topLevel, ofKind: .client)
                SpanDescription.describe(request, redaction: redaction, in: span)
                span.attributes["courier.request.name"] = requestName
                callSpan = span
            } else {
                callSpan = nil
            }
        #endif
    }

    /// One request on the wire, begun and not yet ended.
    struct Attempt: Sendable {
        let reason: CallReport.Attempt.Reason
        let method: HTTPRequest.Method
        let url: String
        /// When the request began, on the system clock: a `Duration`, whose size is known where
        /// `ContinuousClock.Instant`'s is not (the async functions that hold an attempt would
        /// allocate it at each call).
        let started: Duration
        #if Observability
            let span: (any Span)?
        #endif
    }

    /// Notes a request about to be sent; starts its span and injects the trace context into it.
    func begin(_ request: inout HTTPRequest, isRedirect: Bool, isResend: Bool = false, bodyLength: Int64?) -> Attempt {
        let (reason, resends) = state.withLock { state -> (CallReport.Attempt.Reason, Int) in
            let reason: CallReport.Attempt.Reason
            if isResend {
                reason = .resend
            } else if isRedirect {
                reason = .redirect
            } else if state.refreshPending {
                state.refreshPending = false
                reason = .refresh
            } else {
                reason = state.begun == 0 ? .first : .retry
            }
            state.begun += 1
            state.report.bytesSent += bodyLength ?? 0
            return (reason, state.begun - 1)
        }
        #if Observability
            var span: (any Span)?
            if let tracer = observers.tracer {
                let attemptSpan = tracer.startSpan(
                    request.method.rawValue, context: callSpan?.context ?? .current ?? .topLevel, ofKind: .client)
                SpanDescription.describe(request, redaction: redaction, in: attemptSpan)
                if resends > 0 {
                    attemptSpan.attributes["http.request.resend_count"] = resends
                }
                attemptSpan.attributes["courier.attempt.reason"] = reason.description
                tracer.inject(attemptSpan.context, into: &request.headerFields, using: HTTPFieldsInjector())
                span = attemptSpan
            }
            return Attempt(
                reason: reason, method: request.method, url: redaction.displayURL(of: request),
                started: CallClock.system.now(), span: span)
        #else
            _ = resends
            return Attempt(
                reason: reason, method: request.method, url: redaction.displayURL(of: request),
                started: CallClock.system.now())
        #endif
    }

    /// Notes how a request ended.
    func end(_ attempt: Attempt, status: HTTPResponse.Status?, error: APIError?, bytesReceived: Int64) {
        let duration = CallClock.system.now() - attempt.started
        #if Observability
            if let span = attempt.span {
                SpanDescription.describe(status: status, error: error, in: span)
                span.end()
            }
        #endif
        let entry = CallReport.Attempt(
            reason: attempt.reason, method: attempt.method, url: attempt.url, status: status,
            errorKind: error?.kind, duration: duration)
        state.withLock {
            $0.report.attempts.append(entry)
            $0.report.bytesReceived += bytesReceived
        }
    }

    /// Notes a redirect the client follows to `request`.
    func redirected(to request: HTTPRequest) {
        let url = redaction.displayURL(of: request)
        state.withLock { $0.report.redirects.append(url) }
    }

    /// Notes a credential refresh: the next request is its replay.
    package func refreshed() {
        state.withLock {
            $0.report.refreshed = true
            $0.refreshPending = true
        }
    }

    /// Notes what a response cache did.
    package func cached(_ outcome: CacheOutcome) {
        state.withLock { $0.report.cacheOutcome = outcome }
    }

    /// The report so far.
    func snapshot() -> CallReport {
        var report = state.withLock { $0.report }
        report.duration = CallClock.system.now() - started
        return report
    }

    /// Notes the status of the response the call succeeded with.
    func answered(_ status: HTTPResponse.Status) {
        state.withLock { $0.answered = status }
    }

    /// Ends the call: its span, its metrics, and its final report. The status is the one
    /// ``answered(_:)`` noted, or the failure's response's.
    func finish(error: APIError?) -> CallReport {
        let status = error.map { $0.response?.status } ?? state.withLock { $0.answered }
        let report = snapshot()
        #if Observability
            if let span = callSpan {
                SpanDescription.describe(status: status, error: error, in: span)
                span.attributes["courier.attempts"] = report.attempts.count
                span.end()
            }
            if let factory = observers.metrics {
                CallMetrics(factory: factory, requestName: requestName, method: method)
                    .record(report, status: status, error: error)
            }
        #endif
        return report
    }
}
