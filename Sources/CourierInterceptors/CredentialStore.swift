import CourierCore
/// Holds the current credential and runs at most one refresh at a time for all callers.
///
/// Every credential carries a generation number. A caller that saw generation `n` fail asks for a
/// refresh "replacing `n`": if a newer generation already exists it gets that one without a new
/// refresh; if a refresh is under way it waits for it; otherwise it starts one. All waiters are
/// resumed with the same result. The state is only read and written inside the actor's methods,
/// never across an `await`, so reentrancy cannot hand a waiter a stale credential.
actor CredentialStore<Credential: RefreshableCredential> {
    typealias Refresher = @Sendable (Credential?) async throws -> Credential
    typealias Outcome = Result<(credential: Credential, generation: Int), APIError>

    private struct Refresh {
        var target: Int
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
    }

    private var credential: Credential?
    private var generation = 0
    private var refresh: Refresh?
    private var nextWaiter = 0
    /// When each recent refresh started: on the clock of the call that started it (the client's,
    /// ``APIClient/Configuration/clock``), as a time since that clock was adopted.
    private var recentRefreshes: [(clock: CallClock, at: Duration)] = []
    private let refresher: Refresher
    private let limit: RefreshingAuthorizationInterceptor<Credential>.Limit

    init(
        credential: Credential?, limit: RefreshingAuthorizationInterceptor<Credential>.Limit,
        refresher: @escaping Refresher
    ) {
        self.credential = credential
        self.limit = limit
        self.refresher = refresher
    }

    /// The credential to send now: the current one, or a fresh one if it is missing or expired.
    ///
    /// - Parameter clock: The calling client's clock, which the refresh limit's window is
    ///   measured on.
    /// - Returns: The credential and its generation.
    /// - Throws: ``APIError/Kind/authentication`` when a refresh fails or loops.
    func valid(on clock: CallClock) async throws(APIError) -> (
        credential: Credential, generation: Int
    ) {
        if let credential, !credential.requiresRefresh {
            return (credential, generation)
        }
        return try await refreshed(replacing: generation, on: clock)
    }

    /// A credential newer than generation `stale`, refreshing once for every caller if needed.
    ///
    /// A caller that is cancelled while it waits (its call's deadline passed, say) leaves at once;
    /// the refresh goes on for the others.
    func refreshed(
        replacing stale: Int, on clock: CallClock
    ) async throws(APIError) -> (credential: Credential, generation: Int) {
        if generation > stale, let credential {
            return (credential, generation)
        }
        if refresh == nil {
            try start(on: clock)
        }
        let id = nextWaiter
        nextWaiter += 1
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                refresh?.waiters[id] = continuation
            }
        } onCancel: {
            Task { await self.leave(id, with: Self.cancelled) }
        }
        return try outcome.get()
    }

    /// The current credential, without refreshing.
    func current() -> Credential? {
        credential
    }

    /// How many callers wait for the refresh under way (0 when none is): for tests that must know
    /// every call has joined a refresh before it ends.
    var waiting: Int {
        refresh?.waiters.count ?? 0
    }

    /// Replaces the credential (after a login or a logout); waiters of a refresh under way still
    /// get that refresh's result.
    func replace(with newCredential: Credential?) {
        credential = newCredential
        generation += 1
    }

    private func start(on clock: CallClock) throws(APIError) {
        // Each refresh is aged on the clock it was started on: clients that share the
        // interceptor may keep time differently (a test's `ManualClock` beside the system's).
        recentRefreshes.removeAll { $0.clock.now() - $0.at > limit.window }
        guard recentRefreshes.count < limit.maximumRefreshes else {
            throw APIError(
                .authentication,
                "The credential was refreshed \(limit.maximumRefreshes) times within \(limit.window); "
                    + "refusing to refresh again, to break a refresh loop."
            )
        }
        recentRefreshes.append((clock, clock.now()))
        let target = generation + 1
        refresh = Refresh(target: target)
        let stale = credential
        let refresher = self.refresher
        Task {
            let result: Result<Credential, APIError>
            do {
                result = .success(try await refresher(stale))
            } catch {
                result = .failure(
                    APIError(.authentication, "The credential could not be refreshed.", underlying: error)
                )
            }
            self.finish(target: target, with: result)
        }
    }

    private func finish(target: Int, with result: Result<Credential, APIError>) {
        guard let finished = refresh, finished.target == target else { return }
        refresh = nil
        if case .success(let fresh) = result {
            credential = fresh
            generation = target
        }
        let outcome = result.map { (credential: $0, generation: target) }
        for waiter in finished.waiters.values {
            waiter.resume(returning: outcome)
        }
    }

    private static var cancelled: APIError {
        APIError(.cancelled, "The call was cancelled while waiting for a credential refresh.")
    }

    private func leave(_ id: Int, with error: APIError) {
        refresh?.waiters.removeValue(forKey: id)?.resume(returning: .failure(error))
    }
}
