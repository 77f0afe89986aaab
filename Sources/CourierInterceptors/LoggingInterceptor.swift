#if Observability
    public import CourierCore
    import Foundation
    public import HTTPTypes
    public import Logging

    /// Logs every request through the client's `Logger`, with secrets redacted.
    ///
    /// One line per request at ``level`` (info by default): method, URL, status or failure,
    /// duration and attempt, then what the call's ``InterceptorContext/report`` says happened below
    /// the interceptor — the requests sent on the wire, redirects followed, a credential refresh, the
    /// bytes sent and received:
    ///
    /// ```
    /// GET https://api.example.com/me → 200 OK in 12 ms (attempt 1; 3 requests, 1 redirect, refreshed, 0 B sent, 27 B received)
    /// ```
    ///
    /// At debug level it adds the header fields and the start of both bodies.
    /// Everything goes through the client's ``Redaction``: `Authorization`, cookies, URL
    /// credentials, secret query parameters — and, in bodies, form fields and JSON members with
    /// secret names — never reach the log.
    ///
    /// ```swift
    /// var logger = Logger(label: "com.example.api")
    /// logger.logLevel = .debug
    /// let client = APIClient(baseURL: url, interceptors: [RetryInterceptor(), LoggingInterceptor()]) {
    ///     $0.logger = logger
    /// }
    /// ```
    ///
    /// Put it after ``RetryInterceptor`` to log every attempt.
    public struct LoggingInterceptor: Interceptor {
        /// The level of the one line per request.
        public var level: Logger.Level

        /// How many bytes of each body debug logging shows.
        public var bodyLimit: Int

        /// Creates the interceptor.
        ///
        /// - Parameters:
        ///   - level: The level of the one line per request.
        ///   - bodyLimit: How many bytes of each body debug logging shows.
        public init(level: Logger.Level = .info, bodyLimit: Int = 1024) {
            self.level = level
            self.bodyLimit = bodyLimit
        }

        /// Logs the request and its outcome.
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - body: The request body.
        ///   - context: The call's context, whose logger and redaction are used.
        ///   - next: The rest of the pipeline.
        /// - Returns: The response, untouched.
        /// - Throws: The pipeline's error, untouched.
        public func intercept(
            _ request: HTTPRequest,
            body: OutgoingBody?,
            context: InterceptorContext,
            next: Next
        ) async throws -> InterceptorResponse {
            let logger = context.logger
            let redaction = context.redaction
            let verbose = logger.logLevel <= .debug
            let target = "\(request.method.rawValue) \(redaction.displayURL(of: request))"
            var metadata: Logger.Metadata = [
                "courier.request": "\(context.requestName)",
                "courier.attempt": "\(context.attempt)",
            ]
            if verbose {
                metadata["http.request.headers"] = "\(describe(redaction.redact(request.headerFields)))"
                if let data = body?.data, !data.isEmpty {
                    metadata["http.request.body"] = "\(preview(data, redaction: redaction))"
                } else if let file = body?.fileURL, let length = body?.length {
                    metadata["http.request.body"] = "(\(length) bytes from \(file.lastPathComponent))"
                }
            }
            let clock = context.scope.clock  // the call's time, as its deadline keeps it
            let started = clock.now()
            do {
                let received = try await next(request, body)
                let response = received.head
                metadata["http.status"] = "\(response.status.code)"
                if verbose {
                    metadata["http.response.headers"] = "\(describe(redaction.redact(response.headerFields)))"
                    if let data = received.body.bufferedData, !data.isEmpty {
                        metadata["http.response.body"] = "\(preview(data, redaction: redaction))"
                    }
                }
                let elapsed = milliseconds(clock.now() - started)
                let report = summary(context.report, into: &metadata)
                logger.log(
                    level: level,
                    "\(target) → \(response.status) in \(elapsed) ms (attempt \(context.attempt)\(report))",
                    metadata: metadata
                )
                return received
            } catch {
                let elapsed = milliseconds(clock.now() - started)
                let reason = (error as? APIError)?.redacted(with: redaction).description ?? redaction.scrub("\(error)")
                let report = summary(context.report, into: &metadata)
                logger.log(
                    level: level,
                    "\(target) failed in \(elapsed) ms (attempt \(context.attempt)\(report)): \(reason)",
                    metadata: metadata
                )
                throw error
            }
        }

        /// What the report says about the call so far, as `; 2 requests, 1 redirect, …` for the line,
        /// and as metadata.
        private func summary(_ report: CallReport, into metadata: inout Logger.Metadata) -> String {
            let requests = report.attempts.count
            guard requests > 0 else { return "" }  // a context made outside a client: nothing recorded
            metadata["courier.requests"] = "\(requests)"
            metadata["courier.redirects"] = "\(report.redirects.count)"
            metadata["courier.refreshed"] = "\(report.refreshed)"
            metadata["courier.bytes_sent"] = "\(report.bytesSent)"
            metadata["courier.bytes_received"] = "\(report.bytesReceived)"
            if let cache = report.cacheOutcome {
                metadata["courier.cache"] = "\(cache)"
            }
            var parts = [requests == 1 ? "1 request" : "\(requests) requests"]
            let redirects = report.redirects.count
            if redirects > 0 {
                parts.append(redirects == 1 ? "1 redirect" : "\(redirects) redirects")
            }
            if report.refreshed {
                parts.append("refreshed")
            }
            if let cache = report.cacheOutcome {
                parts.append("cache \(cache)")
            }
            parts.append("\(report.bytesSent) B sent")
            parts.append("\(report.bytesReceived) B received")
            return "; " + parts.joined(separator: ", ")
        }

        private func milliseconds(_ duration: Duration) -> Int {
            let elapsed = duration.components
            return Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
        }

        private func describe(_ fields: HTTPFields) -> String {
            fields.map { "\($0.name): \($0.value)" }.joined(separator: "; ")
        }

        private func preview(_ body: Data, redaction: Redaction) -> String {
            var text = redaction.scrub(String(decoding: body.prefix(bodyLimit), as: UTF8.self))
            if body.count > bodyLimit {
                text += "… (\(body.count) bytes)"
            }
            return text
        }
    }
#endif
