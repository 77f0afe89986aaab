import HTTPTypes

/// Whether sending a request twice has the effect of sending it once: the one definition the
/// client's own resend (`Resend`) and ``RetryInterceptor`` share.
///
/// A request is idempotent when its method is (RFC 9110 section 9.2.2: `GET`, `HEAD`,
/// `OPTIONS`, `TRACE`, `PUT`, `DELETE`, or the methods a ``RetryPolicy`` names instead) or when it
/// carries an `Idempotency-Key`, which makes a `POST` safe to repeat.
@usableFromInline package enum Idempotency: Sendable {
    /// RFC 9110's idempotent methods (section 9.2.2): ``RetryPolicy/idempotentMethods``'s default.
    @usableFromInline static let methods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace, .put, .delete]

    /// Whether `request` is idempotent: its method is among `methods`, or it has an
    /// `Idempotency-Key`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - methods: The methods that are idempotent; RFC 9110's by default.
    /// - Returns: Whether sending it twice has the effect of sending it once.
    package static func holds(for request: HTTPRequest, methods: Set<HTTPRequest.Method> = Self.methods) -> Bool {
        methods.contains(request.method) || request.headerFields[.idempotencyKey] != nil
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key`, the header that makes a `POST` safe to repeat.
    static let idempotencyKey = Self("Idempotency-Key")!
}
