import HTTPTypes

extension APIError {
    /// How a call reports `error`, thrown by a transport (or by the body it returned) before the
    /// call's deadline: the words ``DeadlineScope/classify(_:request:response:)`` gives it.
    ///
    /// For a test double that writes exchanges down (`CourierTesting`'s cassettes): it records
    /// the failure in Courier's terms, a timeout, a TLS failure and its reason, or a transport
    /// failure, so that a replay fails the same way whatever transport recorded it.
    ///
    /// - Parameters:
    ///   - error: What the transport threw.
    ///   - request: The request it was sending.
    ///   - response: The response head, when the body failed after it.
    /// - Returns: The error as a call reports it.
    package static func reportingTransportFailure(
        _ error: any Error, request: HTTPRequest, response: HTTPResponse?
    ) -> APIError {
        DeadlineScope(clock: .system, limit: .total(DeadlineScope.unlimited), ownTask: false)
            .classify(error, request: request, response: response)
    }
}
