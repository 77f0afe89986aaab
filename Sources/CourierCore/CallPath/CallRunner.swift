import Foundation
import HTTPTypes

#if Observability
    import Tracing
#endif

/// What a call's last step gets once the interceptors have returned and the status is accepted:
/// the response, with the call's time and request to read the body under.
package struct CallOutcome: Sendable {
    package let response: InterceptorResponse
    /// The call's time: a streamed body's reader moves its deadline (``DeadlineScope/rearm(_:)``).
    package let scope: DeadlineScope
    /// The request as the client built it, before the interceptors.
    package let request: HTTPRequest
    /// Sends another request through the steps the response came through, with the call's
    /// context: set for a download (``BodyMode/file(_:)``) only, whose resumptions need it, so that
    /// no other call pays for it (``resend(_:)``).
    let steps: (nonisolated(nonsending) @Sendable (HTTPRequest) async throws -> InterceptorResponse)?

    package var head: HTTPResponse { response.head }
    package var body: ResponseBody { response.body }

    /// Sends another request of the same call through the same steps — the interceptors, cookies,
    /// redirects, the transport — inside the call's time, observed as one more attempt of it: the
    /// request for the rest of a download's body. Its status is the caller's to check.
    ///
    /// - Throws: What the steps throw; `CancellationError` for a call that is not a download's.
    package func resend(_ request: HTTPRequest) async throws -> InterceptorResponse {
        guard let steps else { throw CancellationError() }
        return try await steps(request)
    }

    /// Runs the reading of the body: a failure is worded as the call's, with the response head.
    package func reading<Value>(_ read: () async throws -> Value) async throws(APIError) -> Value {
        do {
            return try await read()
        } catch {
            throw scope.classify(error, request: request, response: head)
        }
    }
}

extension APIClient {
    /// Runs one call of an ``APIRequest``: the one path every verb takes (see
    /// ``run(_:mode:limit:reports:report:_:)``).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - mode: How the response body is read.
    ///   - limit: What the deadline limits first; the whole call by default.
    ///   - adjust: Changes the prepared request before it is sent (an upload's progress, a stream's
    ///     `Accept` field).
    ///   - finish: Turns the outcome into the verb's result, inside the call's time.
    /// - Returns: The verb's result.
    /// - Throws: ``APIError``, finished: named after the request type and redacted.
    package nonisolated(nonsending) func run<Request: APIRequest, Output: Sendable>(
        _ request: Request,
        mode: BodyMode = .buffer,
        limit: DeadlineScope.Limit? = nil,
        adjust: (inout PreparedCall) -> Void = { _ in },
        _ finish: nonisolated(nonsending) @escaping @Sendable (CallOutcome) async throws -> Output
    ) async throws(APIError) -> Output {
        var unused: CallReport?
        let call = try prepare(request, adjust: adjust)
        return try await run(call, mode: mode, limit: limit, reports: false, report: &unused, finish)
    }

    /// Runs one call of an ``APIRequest`` and keeps its report: ``response(for:)``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - report: Set to the call's report once it has succeeded.
    ///   - finish: Turns the outcome into the verb's result, inside the call's time.
    /// - Returns: The verb's result.
    /// - Throws: ``APIError``, finished: named after the request type and redacted.
    nonisolated(nonsending) func run<Request: APIRequest, Output: Sendable>(
        _ request: Request,
        report: inout CallReport?,
        _ finish: nonisolated(nonsending) @escaping @Sendable (CallOutcome) async throws -> Output
    ) async throws(APIError) -> Output {
        let call = try prepare(request, adjust: { _ in })
        return try await run(call, mode: .buffer, limit: nil, reports: true, report: &report, finish)
    }

    /// Runs one call of a request prepared elsewhere (``send(_:body:baseURL:name:streamsResponse:timeout:)``).
    ///
    /// - Parameters:
    ///   - name: The call's name, for an error in preparing it.
    ///   - prepare: Prepares the call.
    ///   - mode: How the response body is read.
    ///   - finish: Turns the outcome into the verb's result, inside the call's time.
    /// - Returns: The verb's result.
    /// - Throws: ``APIError``, finished: named and redacted.
    nonisolated(nonsending) func run<Output: Sendable>(
        named name: String,
        preparing prepare: () throws(APIError) -> PreparedCall,
        mode: BodyMode = .buffer,
        _ finish: nonisolated(nonsending) @escaping @Sendable (CallOutcome) async throws -> Output
    ) async throws(APIError) -> Output {
        let call: PreparedCall
        do {
            call = try prepare()
        } catch {
            throw finished(error, name: name)  // nothing was sent, nothing to observe
        }
        var unused: CallReport?
        return try await run(call, mode: mode, limit: nil, reports: false, report: &unused, finish)
    }

    /// An ``APIRequest``'s call, prepared, or its error finished.
    private func prepare<Request: APIRequest>(
        _ request: Request, adjust: (inout PreparedCall) -> Void
    ) throws(APIError) -> PreparedCall {
        var call: PreparedCall
        do {
            call = try resolved.builder.prepare(request)
        } catch {
            throw finished(error, name: Memo.name(of: Request.self))  // nothing was sent, nothing to observe
        }
        adjust(&call)
        return call
    }

    /// Runs one call: the one path every verb takes, from the prepared request to the finished
    /// result or error.
    ///
    /// In order: arms the call's ``DeadlineScope``; starts observing (the call's report, span and
    /// metrics, and a log line); runs the steps built once per configuration — interceptors,
    /// cookies, the cache, redirects and the transport — reading the body as `mode` says;
    /// validates the status; runs `finish` (decoding, a download's file, a stream's reader) inside
    /// the call's time; and finishes any error once.
    ///
    /// The runner, its work, `finish` and every step down to the transport are
    /// `nonisolated(nonsending)`: they run on the executor of the public verb that called them,
    /// which is a plain `async` function and so already off the caller's actor. Where the path
    /// enters code that is not (an interceptor, the cache, the transport) the runtime still checks
    /// the executor, but the frames in between no longer do: 8 of the 20 executor checks a
    /// request of the in-memory benchmark made went (a `swift_task_switch` and an executor lookup
    /// each, issue 28). Only a plain `async` entry may call these functions — a public verb, or
    /// the package entry CourierOpenAPI and CourierOutbox use
    /// (``send(_:body:baseURL:name:streamsResponse:timeout:)``): called from an actor, they would
    /// run the call on it.
    ///
    /// Compiled once, generic over `Output`: never specialised for a caller's result type nor
    /// inlined into a caller. Specialised, the whole runner was copied into the package entry's
    /// two calls (a buffered and a streamed response): 64 KiB of every app that links the
    /// umbrella, for a saving of a few type-metadata lookups per call (`bash Benchmarks/cost.sh
    /// --breakdown`, BENCHMARKS.md).
    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    private nonisolated(nonsending) func run<Output: Sendable>(
        _ call: PreparedCall,
        mode: BodyMode,
        limit: DeadlineScope.Limit?,
        reports: Bool,
        report: inout CallReport?,
        _ finish: nonisolated(nonsending) @escaping @Sendable (CallOutcome) async throws -> Output
    ) async throws(APIError) -> Output {
        let resolved = resolved
        let ownTask = !resolved.runsInCallersTask(call, mode: mode)
        let scope = DeadlineScope(clock: resolved.clock, limit: limit ?? .total(call.timeout), ownTask: ownTask)
        let observers = resolved.observers
        let redaction = resolved.configuration.redaction
        let recorder =
            reports || !observers.isEmpty || !resolved.chain.isEmpty
            ? CallRecorder(request: call.request, requestName: call.name, redaction: redaction, observers: observers)
            : nil
        let context = InterceptorContext(
            requestName: call.name, options: call.options, baseURL: call.baseURL,
            log: resolved.configuration.log, redaction: redaction, scope: scope, mode: mode, recorder: recorder,
            clientOrigin: call.clientOrigin)
        let bodyLimit = resolved.configuration.maximumBodySize
        let (request, body, accepted) = (call.request, call.body, call.acceptableStatusCodes)
        let work: nonisolated(nonsending) @Sendable () async throws -> Output = {
            let response = try await resolved.chain.entry(request, body, context)
            let status = response.head.status
            if let accepted, !accepted.contains(status) {
                let body = try await scope.rejectedBody(of: response, request: request, limit: bodyLimit)
                throw APIError.unacceptableStatus(response.head, body: body, request: request)
            }
            var steps: (nonisolated(nonsending) @Sendable (HTTPRequest) async throws -> InterceptorResponse)?
            if case .file = mode { steps = { try await resolved.chain.entry($0, nil, context) } }
            let value = try await finish(CallOutcome(response: response, scope: scope, request: request, steps: steps))
            // Never a late success, even over a transport that let the exchange run past the deadline.
            if scope.hasPassed { throw scope.timeoutError(request: request, response: response.head) }
            recorder?.answered(status)
            return value
        }
        do {
            #if Observability
                let value =
                    if let span = recorder?.callSpan {
                        // The call's span is the current context of its steps (a token refresh's own
                        // request is its child).
                        try await ServiceContext.withValue(span.context) { () async throws in
                            try await scope.run(work)
                        }
                    } else {
                        try await scope.run(work)
                    }
            #else
                let value = try await scope.run(work)
            #endif
            report = recorder?.finish(error: nil)
            return value
        } catch {
            var error = finished(scope.classify(error, request: request, response: nil), name: call.name)
            if error.bodyDecoder == nil { error.bodyDecoder = call.decoder ?? resolved.configuration.decoder }
            _ = recorder?.finish(error: error)
            let log = resolved.configuration.log
            if log.logsDebug {
                log.debug(
                    "\(call.name) failed: \(error.kind)",
                    metadata: ["courier.request": "\(call.name)", "courier.error": "\(error.kind)"])
            }
            throw error
        }
    }

    /// An error as a call throws it: named after the call and redacted with the client's
    /// redaction. The one place a call's error is finished.
    package func finished(_ error: APIError, name: String) -> APIError {
        var error = error.redacted(with: resolved.configuration.redaction)
        if error.requestName == nil { error.requestName = name }
        return error
    }
}
