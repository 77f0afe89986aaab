import HTTPTypes

/// A client's configuration with what every call derives from it worked out once, when the
/// configuration is set: the request builder, the steps of a call (interceptors, cookies, the
/// features' steps, transport) folded into one chain, the clock, and whether anything observes calls.
///
/// Calls share it by reference, so that preparing a call copies no part of the configuration.
package final class ResolvedConfiguration: Sendable {
    package let configuration: APIClient.Configuration
    package let builder: RequestBuilder
    let observers: Observers
    package let clock: CallClock
    /// Every step of a call below the caller, built once.
    let chain: InterceptorChain
    /// Whether a buffered call awaits nothing but the transport (no interceptor, cache or redirect
    /// hook, and the system clock), so that the transport, which ends a buffered exchange by its
    /// deadline with a timer of its own (``Transport``'s requirements), keeps the call's time
    /// without a task of the call's own.
    let awaitsOnlyTheTransport: Bool

    init(_ configuration: APIClient.Configuration) {
        self.configuration = configuration
        builder = RequestBuilder(configuration: configuration)
        observers = Observers(configuration)
        clock = CallClock.make(configuration.clock)
        var step: InterceptorChain.Step =
            TransportStep(
                transport: configuration.transport, redirects: configuration.redirects,
                cookies: configuration.cookies, bodyLimit: configuration.maximumBodySize
            ).send
        let features = configuration.features.ordered
        // The features' steps, the highest rank first, so that the lowest runs above the others.
        for feature in features.reversed() {
            step = feature.step(above: step, in: configuration)
        }
        if let jar = configuration.cookies {
            step = CookieStep(jar: jar, next: step).send
        }
        chain = InterceptorChain(configuration.interceptors, below: step)
        awaitsOnlyTheTransport =
            configuration.interceptors.isEmpty
            && !features.contains { $0.awaitsBeyondTheTransport }
            && configuration.redirects.decide == nil
            && clock.isSystem
    }

    /// Whether a call can run in the caller's task: see ``awaitsOnlyTheTransport``.
    func runsInCallersTask(_ call: PreparedCall, mode: BodyMode) -> Bool {
        awaitsOnlyTheTransport && mode == .buffer && call.body?.isStreamed != true
    }
}

extension APIClient {
    /// The client's clock as its calls keep time (``APIClient/Configuration/clock``): what the
    /// outbox's waits and dates are kept with, so that they are the calls' time.
    package var callClock: CallClock { resolved.clock }
}

extension CallClock {
    /// The call clock of a configuration's clock: the shared one for the system clock.
    static func make(_ clock: any Clock<Duration>) -> CallClock {
        if clock is ContinuousClock { return .system }
        return CallClock(clock)
    }
}
