public import Foundation
import HTTPTypes
import Tracing

/// Sends typed requests and returns typed responses.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
/// let todos = try await client.send(TodosRequest())
/// ```
///
/// Every call goes the same way, whatever the transport: the request is built and checked
/// (nothing invalid is sent), passes through the interceptors, is sent; redirects are followed
/// by the client with its own rules for credentials; the body is read under one total deadline
/// and a size limit; the status is validated; the body is decoded. Any failure is an
/// ``APIError``.
///
/// A client is a cheap value; make one per API host and share it.
public struct APIClient: Sendable {
    /// How the client behaves.
    public var configuration: Configuration {
        get { resolved.configuration }
        set { resolved = ResolvedConfiguration(newValue) }
    }

    /// The configuration with what calls derive from it worked out once.
    private(set) var resolved: ResolvedConfiguration

    /// Creates a client from a configuration.
    ///
    /// - Parameter configuration: How the client behaves.
    public init(configuration: Configuration) {
        resolved = ResolvedConfiguration(configuration)
    }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL request paths are relative to; requests may override it.
    ///   - transport: What carries the bytes; defaults to ``defaultTransport``.
    ///   - interceptors: The interceptors every call passes through, in order.
    ///   - configure: Adjusts the rest of the ``Configuration``.
    public init(
        baseURL: URL? = nil,
        transport: any Transport = APIClient.defaultTransport,
        interceptors: [any Interceptor] = [],
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        var configuration = Configuration(baseURL: baseURL, transport: transport, interceptors: interceptors)
        configure(&configuration)
        resolved = ResolvedConfiguration(configuration)
    }

    /// Sends a request and returns its decoded response.
    ///
    /// Cancelling the calling task cancels the call promptly, and the call fails with
    /// ``APIError/Kind/cancelled``.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The decoded response.
    /// - Throws: ``APIError``, for any failure from building the request to decoding the response.
    public func send<Request: APIRequest>(_ request: Request) async throws(APIError) -> Request.Response {
        do {
            return try await perform(request, uploadProgress: nil).value
        } catch {
            throw error.finished(for: Request.self, redaction: configuration.redaction)
        }
    }

    /// Sends a request and returns its decoded response with the response head and body, for
    /// callers that need a header such as `ETag` or `Link`.
    ///
    /// Everything else is as ``send(_:)``, which returns this call's ``APIResponse/value``. The
    /// response also carries the call's ``APIResponse/report``: the requests sent, redirects
    /// followed, refreshes, bytes and time.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The decoded value, the response head, the body and the call's report.
    /// - Throws: ``APIError``, for any failure from building the request to decoding the response.
    public func response<Request: APIRequest>(
        for request: Request
    ) async throws(APIError) -> APIResponse<Request.Response> {
        do {
            return try await perform(request, uploadProgress: nil, reports: true)
        } catch {
            throw error.finished(for: Request.self, redaction: configuration.redaction)
        }
    }

    /// One call, built and ready to run.
    struct Call: Sendable {
        let built: RequestBuilder.Built
        let timeout: Duration
        let deadline: ContinuousClock.Instant
        var pipeline: Pipeline
    }

    /// Builds and checks `request`, and prepares its pipeline.
    // `observes`: whether the call reports to the configuration's tracer and metrics factory (the
    // caller then ends the call with `CallRecorder.finish`); `reports`: whether the caller wants the
    // call's report.
    func prepare<Request: APIRequest>(
        _ request: Request,
        buffersBody: Bool,
        uploadProgress: (@Sendable (TransferProgress) -> Void)? = nil,
        observes: Bool = false,
        reports: Bool = false
    ) throws(APIError) -> Call {
        let resolved = resolved
        // Fields are read from the shared configuration one by one: a local copy of it all would
        // retain and release every reference it holds.
        var built = try resolved.builder.build(request)
        built.body = built.body?.reportingProgress(to: uploadProgress)
        let timeout = request.timeout.resolvedTimeout ?? resolved.configuration.timeout
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let requestName = Memo.name(of: Request.self)
        var context = InterceptorContext(
            deadline: deadline,
            requestName: requestName,
            options: request.options,
            baseURL: built.baseURL,
            logger: resolved.configuration.logger,
            redaction: resolved.configuration.redaction
        )
        let observers = observes ? resolved.observers : .none
        if reports || !observers.isEmpty || !resolved.configuration.interceptors.isEmpty {
            context.recorder = CallRecorder(
                request: built.request, requestName: requestName, redaction: resolved.configuration.redaction,
                observers: observers)
        }
        let pipeline = Pipeline(resolved: resolved, context: context, timeout: timeout, buffersBody: buffersBody)
        return Call(built: built, timeout: timeout, deadline: deadline, pipeline: pipeline)
    }

    /// Runs an ordinary call: the body read into memory, then validated and decoded.
    // `reports`: whether the caller asked for the call's report (it comes whenever one was recorded).
    func perform<Request: APIRequest>(
        _ request: Request,
        uploadProgress: (@Sendable (TransferProgress) -> Void)?,
        reports: Bool = false
    ) async throws(APIError) -> APIResponse<Request.Response> {
        let call = try prepare(
            request, buffersBody: true, uploadProgress: uploadProgress, observes: true, reports: reports)
        guard let recorder = call.pipeline.context.recorder else {
            return try await run(call, request)
        }
        let result: Result<APIResponse<Request.Response>, APIError>
        if let span = recorder.callSpan {
            // The call's span is the current context of its interceptors (a token refresh's own
            // request is its child).
            result = await ServiceContext.withValue(span.context) { await runCatching(call, request) }
        } else {
            result = await runCatching(call, request)
        }
        switch result {
        case .success(var response):
            response.report = recorder.finish(status: response.status, error: nil)
            return response
        case .failure(let error):
            _ = recorder.finish(status: error.response?.status, error: error)
            throw error
        }
    }

    private func runCatching<Request: APIRequest>(
        _ call: Call, _ request: Request
    ) async -> Result<APIResponse<Request.Response>, APIError> {
        do {
            return .success(try await run(call, request))
        } catch {
            return .failure(error)
        }
    }

    private func run<Request: APIRequest>(
        _ call: Call, _ request: Request
    ) async throws(APIError) -> APIResponse<Request.Response> {
        let built = call.built
        // In the caller's task: the transport ends the exchange by the deadline, and the pipeline
        // cuts short any interceptor that does not.
        let (response, responseBody) = try await call.pipeline.send(built.request, body: built.body)
        let data = responseBody.bufferedData ?? Data()
        guard request.acceptableStatusCodes.containsStatusCode(response.status.code) else {
            throw .unacceptableStatus(response, body: data, request: built.request)
        }
        do {
            let value = try request.decode(
                data, from: response, decoder: request.decoder.resolvedDecoder ?? configuration.decoder)
            return APIResponse(value: value, response: response, body: data)
        } catch {
            let message =
                data.isEmpty
                ? "The response (\(response.status)) has an empty body, which cannot be decoded as "
                    + "\(Request.Response.self); declare the Response as EmptyResponse if none is expected."
                : "The response could not be decoded as \(Request.Response.self)."
            throw APIError(
                .decoding,
                message,
                request: built.request,
                response: response,
                body: data,
                underlying: error,
                codingPath: (error as? DecodingError)?.codingPathStrings ?? []
            )
        }
    }
}
