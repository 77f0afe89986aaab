import HTTPTypes

/// The client's interceptors folded into one step, in front of the steps below them (cookies, the
/// cache, the transport): built once per configuration, run by every call.
///
/// The one place for the order interceptors run in and the names their errors carry: an error an
/// interceptor raises itself (not one that came up from further down) is named after it, and
/// anything but an ``APIError`` becomes ``APIError/Kind/interceptor`` — or, once the call's time
/// is up, the call's ``APIError/Kind/timeout``, naming the interceptor that was waiting.
package struct InterceptorChain: Sendable {
    /// One step of a call: a request and its body in, a response out.
    ///
    /// `nonisolated(nonsending)`, as the runner is: a step runs on its caller's executor (why, and
    /// who may call it, in the runner's documentation, `APIClient.run` in CallRunner.swift).
    package typealias Step =
        nonisolated(nonsending) @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws
        -> InterceptorResponse

    /// The first interceptor, or the step below them all when there is none.
    let entry: Step
    /// Whether the client has interceptors.
    let isEmpty: Bool

    init(_ interceptors: [any Interceptor], below innermost: @escaping Step) {
        isEmpty = interceptors.isEmpty
        var next: Step = { request, body, context in
            do {
                return try await innermost(request, body, context)
            } catch {
                // From the client's own steps or the transport: named as they are.
                var error = context.scope.classify(error, request: request, response: nil)
                error.originIsKnown = true
                throw error
            }
        }
        if interceptors.isEmpty {
            entry = next
            return
        }
        for interceptor in interceptors.reversed() {
            let below = next
            // An interceptor that passes the call on once its time is up (it swallowed its
            // cancellation) is named for the timeout.
            let rest: Step = { request, body, context in
                if context.scope.hasExpired {
                    var error = context.scope.timeoutError(
                        request: request, interceptor: Memo.name(of: type(of: interceptor)))
                    error.originIsKnown = true
                    throw error
                }
                return try await below(request, body, context)
            }
            next = { request, body, context in
                do {
                    return try await interceptor.intercept(
                        request, body: body, context: context, next: InterceptorNext(context: context, rest))
                } catch {
                    throw Self.named(error, raisedBy: interceptor, request: request, context: context)
                }
            }
        }
        let first = next
        entry = { request, body, context in
            do {
                return try await first(request, body, context)
            } catch {
                throw Self.named(error, raisedBy: nil, request: request, context: context)
            }
        }
    }

    /// An error as it leaves an interceptor: one the interceptor raised itself is named after it;
    /// one that came up from further down passes unchanged.
    static func named(
        _ error: any Error, raisedBy interceptor: (any Interceptor)?, request: HTTPRequest, context: InterceptorContext
    ) -> APIError {
        if let apiError = error as? APIError, apiError.originIsKnown { return apiError }
        let name = interceptor.map { Memo.name(of: type(of: $0)) }
        var apiError: APIError
        if context.scope.hasPassed, (error as? APIError).map({ $0.kind == .cancelled }) ?? true {
            // The time ran out while the interceptor waited on something of its own.
            apiError = context.scope.timeoutError(request: request, underlying: error, interceptor: name)
        } else if var own = error as? APIError {
            own.interceptorName = name
            if own.request == nil { own.request = request }
            apiError = own
        } else if error is CancellationError || Task.isCancelled {
            apiError = APIError(.cancelled, "The call was cancelled.", request: request, underlying: error)
        } else {
            apiError = APIError(
                .interceptor, "\(name ?? "An interceptor") failed.", request: request, underlying: error)
            apiError.interceptorName = name
        }
        apiError.originIsKnown = true
        return apiError
    }
}

extension InterceptorContext {
    /// Runs one interceptor as a client's call would, under this context's deadline, with the rest
    /// of the pipeline `below` it: for CourierOpenAPI's middleware, whose pipeline is a generated
    /// client's.
    ///
    /// - Throws: ``APIError``: named after the interceptor when it raised it, the call's timeout
    ///   when the deadline passed first.
    package func intercept(
        with interceptor: any Interceptor, _ request: HTTPRequest, body: OutgoingBody?,
        below: @escaping @Sendable (HTTPRequest, OutgoingBody?, InterceptorContext) async throws -> InterceptorResponse
    ) async throws(APIError) -> InterceptorResponse {
        let chain = InterceptorChain([interceptor], below: below)
        do {
            return try await scope.run { try await chain.entry(request, body, self) }
        } catch {
            throw InterceptorChain.named(error, raisedBy: nil, request: request, context: self)
        }
    }
}
