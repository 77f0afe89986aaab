import CourierCore
import Foundation
import HTTPTypes

/// The cache's place in a call: innermost, after every interceptor and above redirects and the
/// transport, so that it sees the request's final header fields.
///
/// Buffered `GET` and `HEAD` calls without a body or conditional fields of the app's own are
/// answered from the store when they may be, revalidated with the stored validators, or loaded
/// (and coalesced with identical loads in flight). A successful unsafe call (`POST`, `PUT`,
/// `DELETE`, …) removes what is stored for its URL (RFC 9111, section 4.4). Anything else passes
/// through.
struct CacheStep: Sendable {
    let cache: ResponseCache
    /// The largest body read into memory: a larger stored one is not served.
    let bodyLimit: Int
    /// The step below: the transport and its redirects.
    let next: InterceptorChain.Step

    /// Fields that make a request conditional or partial: the app's own, so the cache steps aside.
    static let appConditionalFields: [HTTPField.Name] = [
        .ifNoneMatch, .ifModifiedSince, .ifMatch, .ifUnmodifiedSince, .ifRange, .range,
    ]

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: InterceptorContext
    ) async throws -> InterceptorResponse {
        guard context.mode == .buffer else { return try await next(request, body, context) }
        guard [HTTPRequest.Method.get, .head].contains(request.method), body == nil,
            !Self.appConditionalFields.contains(where: { request.headerFields[$0] != nil })
        else {
            let response = try await next(request, body, context)
            if ![HTTPRequest.Method.get, .head, .options, .trace].contains(request.method), response.status.code < 400 {
                await invalidate(request, secretFields: context.redaction.headerNames)
            }
            return response
        }
        let key = CacheKey(request, secretFields: context.redaction.headerNames)
        let policy = context.options.cachePolicy
        let requestControl = CacheControl(request.headerFields)
        var stored: StoredResponse?
        if policy != .reload, !requestControl.noStore, let entry = await cache.storage.entry(for: key) {
            stored = entry.variant { Variant.digest(of: request, names: Variant.names(in: $0.response) ?? []) }
            if let body = stored?.body, body.count > bodyLimit { stored = nil }
        }
        if let stored, isUsable(stored, policy: policy, requestControl: requestControl) {
            return answer(Loaded(response: stored.response, body: stored.body, redirects: [], outcome: .hit), context)
        }
        if policy == .onlyIfCached || requestControl.onlyIfCached {
            throw APIError(
                .notCached,
                "\(context.requestName) has no stored response it may use, and its cache policy allows no other.",
                request: request)
        }
        let load: @Sendable () async -> Result<Loaded, APIError> = { [self, stored] in
            do throws(APIError) {
                return .success(try await self.load(request, key: key, stored: stored, context: context))
            } catch {
                return .failure(error)
            }
        }
        guard request.method == .get, context.options.coalescesRequests else {
            return answer(try await load().get(), context)
        }
        // Alike in every field, credential and policy, and allowed the same networks.
        let flightKey =
            key.rawValue + Variant.digestOfAllFields(of: request) + policy.description
            + "\(context.networkAccess.allowsConstrained)\(context.networkAccess.allowsExpensive)"
        // The call's scope ends the wait at its deadline: this caller leaves, the others wait on.
        guard let (result, joined) = await cache.coalescer.run(key: flightKey, load) else {
            throw context.scope.classify(CancellationError(), request: request, response: nil)
        }
        if joined, case .failure(let error) = result, error.kind == .timeout, !context.scope.hasPassed {
            // The shared load ran out of the first caller's time, not this one's: load alone.
            return answer(try await load().get(), context)
        }
        var loaded = try result.get()
        if joined { loaded.outcome = .coalesced }
        return answer(loaded, context)
    }

    /// Whether `stored` answers without asking the server.
    private func isUsable(_ stored: StoredResponse, policy: CachePolicy, requestControl: CacheControl) -> Bool {
        if policy == .returnCacheElseLoad || policy == .onlyIfCached { return true }
        let freshness = Freshness(of: stored, now: Date())
        let control = CacheControl(stored.response.headerFields)
        guard freshness.isFresh, !control.noCache, !requestControl.noCache else { return false }
        if let maxAge = requestControl.maxAge, freshness.age > TimeInterval(maxAge) { return false }
        return true
    }

    /// Asks the server: conditionally when something is stored, storing what may be stored.
    private func load(
        _ request: HTTPRequest, key: CacheKey, stored: StoredResponse?, context: InterceptorContext
    ) async throws(APIError) -> Loaded {
        var conditional = request
        if let stored {
            let fields = stored.response.headerFields
            if let eTag = fields[.eTag] { conditional.headerFields.set(eTag, for: .ifNoneMatch) }
            if let lastModified = fields[.lastModified] {
                conditional.headerFields.set(lastModified, for: .ifModifiedSince)
            }
        }
        let requestTime = Date()
        let received: InterceptorResponse
        do {
            received = try await next(conditional, nil, context)
        } catch {
            let error = context.scope.classify(error, request: conditional, response: nil)
            if let stored, canServeStale(stored, after: error) {
                return Loaded(response: stored.response, body: stored.body, redirects: [], outcome: .stale)
            }
            throw error
        }
        let responseTime = Date()
        let response = received.head
        if response.status.code == 304, var stored {
            stored.refresh(with: response, requestTime: requestTime, responseTime: responseTime)
            await store(stored, for: key)
            return Loaded(response: stored.response, body: stored.body, redirects: [], outcome: .revalidated)
        }
        if let stored, [500, 502, 503, 504].contains(response.status.code), canServeStale(stored, after: nil) {
            return Loaded(response: stored.response, body: stored.body, redirects: [], outcome: .stale)
        }
        let data = received.body.bufferedData ?? Data()
        if let variantNames = Variant.names(in: response),
            Storability.allows(
                request: request, response: response, redirected: !received.redirects.isEmpty,
                options: context.options, keepsStale: cache.servesStaleWhenOffline,
                secretFields: context.redaction.headerNames)
        {
            let variant = Variant.digest(of: request, names: variantNames)
            await store(
                StoredResponse(
                    response: response, body: data, requestTime: requestTime, responseTime: responseTime,
                    variant: variant),
                for: key)
        } else if let stored, response.status.code < 400 || response.status.code == 404 {
            await remove(variant: stored.variant, for: key)
        }
        return Loaded(response: response, body: data, redirects: received.redirects, outcome: .miss)
    }

    /// Whether a stale `stored` may stand in for a failure: `error` (nil for a `5xx` answer).
    private func canServeStale(_ stored: StoredResponse, after error: APIError?) -> Bool {
        let control = CacheControl(stored.response.headerFields)
        guard !control.mustRevalidate, !control.noCache else { return false }
        let freshness = Freshness(of: stored, now: Date())
        if let window = control.staleIfError, freshness.staleness <= TimeInterval(window) { return true }
        guard cache.servesStaleWhenOffline, let error else { return false }
        return error.response == nil && [.transport, .timeout].contains(error.kind)
    }

    private func store(_ stored: StoredResponse, for key: CacheKey) async {
        let entry = await cache.storage.entry(for: key) ?? CacheEntry(variants: [])
        await cache.storage.store(entry.replacing(with: stored), for: key)
    }

    private func remove(variant: String, for key: CacheKey) async {
        guard let entry = await cache.storage.entry(for: key) else { return }
        if let rest = entry.removing(variant: variant) {
            await cache.storage.store(rest, for: key)
        } else {
            await cache.storage.removeEntry(for: key)
        }
    }

    /// Removes what is stored for the URL of an unsafe request that succeeded.
    private func invalidate(_ request: HTTPRequest, secretFields: Set<HTTPField.Name>) async {
        for method in [HTTPRequest.Method.get, .head] {
            var target = request
            target.method = method
            await cache.storage.removeEntry(for: CacheKey(target, secretFields: secretFields))
        }
    }

    /// Reports the outcome and hands the response on, as a `200` (or whatever was stored) with its
    /// body in memory.
    private func answer(_ loaded: Loaded, _ context: InterceptorContext) -> InterceptorResponse {
        context.log.debug(
            "Cache",
            metadata: [
                "courier.request": "\(context.requestName)",
                "courier.cache": "\(loaded.outcome)",
                "http.status": "\(loaded.response.status.code)",
            ])
        cache.observe?(loaded.outcome, context.requestName)
        context.recorder?.cached(loaded.outcome)
        return InterceptorResponse(
            loaded.response, body: ResponseBody(loaded.body), redirects: loaded.redirects, cacheOutcome: loaded.outcome)
    }
}
