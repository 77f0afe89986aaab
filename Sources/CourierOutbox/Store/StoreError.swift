import CourierCore

/// A failure of the store, with the outbox error it becomes.
struct StoreError: Error {
    var kind: OutboxError.Kind
    var message: String
    var underlying: (any Error)?

    init(_ kind: OutboxError.Kind, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// The error a user sees: an `APIError` of kind `storage` (`invalidRequest` for an entry that
    /// is not there), with the ``OutboxError`` as its underlying error.
    var apiError: APIError {
        let outboxError = OutboxError(kind, message, underlying: underlying)
        return APIError(kind == .notFound ? .invalidRequest : .storage, message, underlying: outboxError)
    }

    /// Runs a file operation, reporting its failure as a storage error saying what failed.
    static func io<Value>(_ action: String, _ operation: () throws -> Value) throws(StoreError) -> Value {
        do {
            return try operation()
        } catch {
            throw StoreError(.io, "The outbox could not \(action).", underlying: error)
        }
    }
}
