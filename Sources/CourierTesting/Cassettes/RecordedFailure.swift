import CourierCore
import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The error a replayed exchange fails with where the recording failed: a transport failure, or
/// the underlying error of a replayed TLS failure. Courier reports it as it reported the recorded
/// one: `APIError.Kind.transport` before the head, or while the body was read.
public struct RecordedFailure: Error, CustomStringConvertible {
    /// What the transport said when the exchange was recorded, without secrets.
    public let description: String
}

extension HAR.Failure {
    /// The failure `error` stands for, as a cassette writes it; `nil` for a call cancelled by its
    /// caller, which is nothing to replay.
    ///
    /// - Parameters:
    ///   - error: What the transport or the body threw.
    ///   - request: The request, as sent.
    ///   - response: The head, when the body failed.
    ///   - deadlinePassed: Whether the exchange's deadline had passed on the call's clock when it
    ///     failed: a cancellation after it is the call's timeout.
    ///   - secrets: What the message must not hold.
    init?(
        _ error: any Error, request: HTTPRequest, response: HTTPResponse?, deadlinePassed: Bool,
        secrets: CassetteSecrets
    ) {
        let reported = APIError.reportingTransportFailure(error, request: request, response: response)
        let underlying = secrets.redaction.scrub(String(describing: reported.underlying ?? error))
        switch reported.kind {
        case .cancelled:
            guard deadlinePassed else { return nil }
            self.init(
                kind: "timeout", message: "The transport reached the exchange's deadline.", underlying: underlying)
        case .timeout:
            // The transport's own timeout (a URLSession's idle timeout), or the call's deadline.
            let byTransport = (error as? URLError)?.code == .timedOut
            self.init(
                kind: byTransport ? "transportTimeout" : "timeout", message: reported.message, underlying: underlying)
        case .tls:
            self.init(kind: "tls", message: secrets.redaction.scrub(reported.message), underlying: underlying)
            tlsReason = reported.tlsFailure?.reason.description
            host = reported.tlsFailure?.host
        case .bodyTooLarge:
            self.init(kind: "bodyTooLarge", message: reported.message, underlying: underlying)
        default:
            self.init(kind: "transport", message: secrets.redaction.scrub(reported.message), underlying: underlying)
        }
    }

    init(kind: String, message: String, underlying: String?) {
        self.init(kind: kind, message: message, tlsReason: nil, host: nil, underlying: underlying)
    }

    /// What a transport replaying the failure throws, so that Courier reports it as it did.
    ///
    /// - Parameter request: The request being answered.
    /// - Returns: The error.
    func error(for request: HTTPRequest) -> any Error {
        switch kind {
        case "timeout":
            return TransportDeadlineReached()
        case "transportTimeout":
            return URLError(.timedOut)
        case "tls":
            let reason = Self.tlsReasons.first { $0.description == tlsReason } ?? .other
            let failure = TLSFailure(
                reason: reason, host: host ?? request.authority ?? "the server",
                underlying: RecordedFailure(description: underlying ?? message))
            return APIError(.tls, message, request: request, underlying: failure)
        case "bodyTooLarge":
            return BodyLimitExceededReplay()
        default:
            return RecordedFailure(description: underlying ?? message)
        }
    }

    /// A browser's word for a failed request (Chromium's `net::ERR_…`), as a failure.
    init(browserError: String) {
        let code = browserError.uppercased()
        if code.contains("TIMED_OUT") {
            self.init(kind: "timeout", message: "The transport timed out.", underlying: browserError)
        } else if code.contains("CERT_") || code.contains("SSL") {
            self.init(kind: "tls", message: "TLS failed: \(browserError).", underlying: browserError)
            tlsReason =
                code.contains("DATE_INVALID")
                ? TLSFailure.Reason.expiredCertificate.description
                : code.contains("COMMON_NAME")
                    ? TLSFailure.Reason.hostnameMismatch.description
                    : code.contains("AUTHORITY_INVALID") ? TLSFailure.Reason.untrustedCertificate.description : nil
        } else {
            self.init(kind: "transport", message: "The request could not be sent.", underlying: browserError)
        }
    }

    /// The reasons a replay can name; another one replays as `other`.
    private static let tlsReasons: [TLSFailure.Reason] = [
        .untrustedCertificate, .expiredCertificate, .certificateNotYetValid, .hostnameMismatch, .protocolRefused,
        .clientCertificateRejected, .pinMismatch, .other,
    ]
}

/// Stands for a body that passed the client's limit when it was recorded: the body is replayed as
/// ``ResponseBody/exceedingLimit(announcedLength:)``.
struct BodyLimitExceededReplay: Error {}
