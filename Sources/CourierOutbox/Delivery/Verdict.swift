import CourierCore
import Foundation

/// What an attempt's outcome means for its entry, by the delivery rules:
///
/// - a status the request accepts: delivered;
/// - a status the entry's `RetryPolicy` retries (by default 408, 409, 429, 5xx), or a failure
///   of the exchange (no network, a timeout, TLS, an interceptor's or credential's failure):
///   tried again after `Retry-After` or the back-off;
/// - any other status (the other 4xx), or a request that cannot be sent as it is (invalid, its
///   file gone, redirected badly): rejected, a dead letter;
/// - a call cancelled because the outbox closed: abandoned, as if not attempted.
enum Verdict {
    case delivered(HTTPResponse, Data)
    case retryLater(after: Duration, StoredEntry.Failure)
    case rejected(StoredEntry.Failure, responseBody: Data?)
    case abandoned

    /// The most of a refused entry's response body a dead letter keeps.
    static let keptBodyLength = 16 * 1024

    /// The errors that mean the request cannot be sent as it is: trying again would fail again.
    private static let permanentKinds: Set<APIError.Kind> = [
        .invalidRequest, .encoding, .storage, .tooManyRedirects, .insecureRedirect,
    ]

    /// The errors of an exchange that got no response: the network, perhaps gone.
    private static let networkKinds: Set<APIError.Kind> = [.transport, .timeout, .tls]

    static func classify(
        _ outcome: Result<(HTTPResponse, Data), APIError>, entry: StoredEntry, attempt: Int, now: Date,
        random: Double
    ) -> Verdict {
        let accepted = entry.acceptableStatusCodes
        let retry = entry.retry
        switch outcome {
        case .success(let (head, body)):
            if accepted.contains(head.status) { return .delivered(head, body) }
            let failure = StoredEntry.Failure(
                kind: "", status: head.status.code, message: "The server answered \(head.status).", network: false)
            guard retry.retryableStatusCodes.contains(head.status) else {
                return .rejected(failure, responseBody: body.prefix(keptBodyLength))
            }
            if retry.honorsRetryAfter, let value = head.headerFields[.retryAfter],
                let delay = RetryAfter.delay(value, now: now)
            {
                return .retryLater(after: delay, failure)
            }
            return .retryLater(after: retry.backoff(beforeRetry: attempt, random: random), failure)
        case .failure(let error):
            // The server answered and the entry accepts it, but its body could not be read (too
            // large, a corrupt coding): the server acted, and would answer the same again.
            if let head = error.response, accepted.contains(head.status) { return .delivered(head, Data()) }
            if error.kind == .cancelled { return .abandoned }
            let failure = StoredEntry.Failure(
                kind: error.kind.description, status: error.status?.code, message: error.message,
                network: error.response == nil && networkKinds.contains(error.kind))
            if permanentKinds.contains(error.kind) { return .rejected(failure, responseBody: nil) }
            return .retryLater(after: retry.backoff(beforeRetry: attempt, random: random), failure)
        }
    }
}
