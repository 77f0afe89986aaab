import HTTPTypes

/// The one seam through which a feature module takes part in calls, at package level.
///
/// The core names no feature. A feature module (`CourierCaching`, say) defines a type that
/// conforms, stores it in the client's configuration through ``APIClient/Configuration/features``
/// (behind a public property of its own: `configuration.cache`), and the client places its step
/// in every call's chain when the configuration is set (``ResolvedConfiguration``): below the
/// interceptors and the cookie jar, above redirects and the transport, ordered by ``rank``.
///
/// A step sees each request as it leaves (its final header fields, `Authorization` included) and
/// each response as it comes back, and calls `next` as often as it likes, or not at all (a cache
/// that answers from storage). It must not reach into the call path otherwise: what it learns for
/// the call's report goes through ``InterceptorContext``.
package protocol CallFeature: Sendable {
    /// The step's place among the features' steps: a lower rank runs above (nearer the
    /// interceptors) one with a higher rank.
    var rank: Int { get }

    /// Whether a call with this feature may await more than its transport (a lock, another call's
    /// answer, storage): such a call runs in a task of its own, which its deadline cancels.
    var awaitsBeyondTheTransport: Bool { get }

    /// The feature's step above `next`, built once per configuration.
    func step(above next: @escaping InterceptorChain.Step, in configuration: APIClient.Configuration)
        -> InterceptorChain.Step
}

/// The features of a configuration, one of each type, in the order their steps run.
package struct CallFeatures: Sendable {
    private var byType: [ObjectIdentifier: any CallFeature] = [:]

    package init() {}

    /// The feature of a type, if the configuration has one.
    package subscript<Feature: CallFeature>(_ type: Feature.Type) -> Feature? {
        get { byType[ObjectIdentifier(type)] as? Feature }
        set { byType[ObjectIdentifier(type)] = newValue }
    }

    /// Whether the configuration has no feature.
    package var isEmpty: Bool { byType.isEmpty }

    /// The features in the order their steps run: the lowest rank first, and of equal ranks the
    /// type whose name sorts first, so that the order never depends on the dictionary's.
    package var ordered: [any CallFeature] {
        byType.values.compactlySorted {
            ($0.rank, String(reflecting: type(of: $0))) < ($1.rank, String(reflecting: type(of: $1)))
        }
    }
}

/// A download's file, as the transports and the call path see it: the body of a download
/// (``APIClient/download(_:to:options:progress:)``, `CourierDownloads`) goes to the spool it opens
/// for the response's head. The download module's `DownloadFile` is the one conformance.
package protocol DownloadDestination: AnyObject, Sendable {
    /// The spool the response's body is written to as it arrives, or `nil` when the body is not
    /// the file's (a redirect, an error status): then it is handed on in memory.
    func spool(for head: HTTPResponse) throws(APIError) -> BodySpool?
}
