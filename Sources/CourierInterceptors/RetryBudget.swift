import CourierCore
/// A budget of retries shared by all calls through one ``RetryInterceptor``, so that a storm of
/// failures does not multiply the traffic to a struggling server.
///
/// Every call adds ``ratio`` of a retry to the budget, up to ``capacity``; every retry spends
/// one. With the defaults, retries stay under about 10 plus 20 % of the calls, however many of
/// them fail.
public final class RetryBudget: Sendable {
    /// The share of a retry each call earns.
    public let ratio: Double

    /// The most retries the budget holds; it starts full.
    public let capacity: Double

    private let balance: Locked<Double>

    /// Creates a budget.
    ///
    /// - Parameters:
    ///   - ratio: The share of a retry each call earns.
    ///   - capacity: The most retries the budget holds; it starts full.
    public init(ratio: Double = 0.2, capacity: Int = 10) {
        self.ratio = max(0, ratio)
        self.capacity = Double(max(0, capacity))
        self.balance = Locked(Double(max(0, capacity)))
    }

    /// The retries left.
    public var available: Double {
        balance.withLock { $0 }
    }

    /// Credits one call.
    func deposit() {
        balance.withLock { $0 = min(capacity, $0 + ratio) }
    }

    /// Spends one retry, if there is one to spend.
    func withdraw() -> Bool {
        balance.withLock { balance in
            guard balance >= 1 else { return false }
            balance -= 1
            return true
        }
    }
}
