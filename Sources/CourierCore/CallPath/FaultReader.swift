/// What one transport library's errors mean to the call path. Each transport reads its own
/// library's errors in its own folder (`URLSessionFaults`, and under the `AsyncHTTPClient` trait
/// `NIOFaults`); the call path asks every reader in ``FaultReaders/all`` and imports none of their
/// libraries: ``ConnectionFaults``, ``TLSErrors`` and ``UnderlyingErrorText`` are generic.
protocol FaultReader: SendableMetatype {
    /// How far the request got before `error`, which no response preceded; `nil` when the error
    /// is not this library's or does not say.
    static func delivery(of error: any Error) -> APIError.Delivery?

    /// Whether `error` means that the connection was lost (closed or reset by the server, or
    /// dropped by the network) after it was made, with no response.
    static func isLostConnection(_ error: any Error) -> Bool

    /// Whether `error` means that the server's answer arrived but could not be read as HTTP.
    static func isUnreadableAnswer(_ error: any Error) -> Bool

    /// Plain words for `error`, in place of its raw description; `nil` for an error this reader
    /// does not know.
    static func describe(_ error: any Error) -> String?

    /// The TLS handshake failure `error` stands for, with the host it was for; `nil` when it is
    /// not this library's TLS failure.
    static func tlsFailure(from error: any Error, host: String) -> TLSFailure?

    /// What the TLS library's error says, in short (BoringSSL's error names); `nil` when the
    /// error is not this library's.
    static func libraryText(of error: any Error) -> String?
}

extension FaultReader {
    static func delivery(of error: any Error) -> APIError.Delivery? { nil }
    static func isLostConnection(_ error: any Error) -> Bool { false }
    static func isUnreadableAnswer(_ error: any Error) -> Bool { false }
    static func describe(_ error: any Error) -> String? { nil }
    static func tlsFailure(from error: any Error, host: String) -> TLSFailure? { nil }
    static func libraryText(of error: any Error) -> String? { nil }
}
