import Courier
import Foundation
import Testing

@testable import CourierOutbox

/// What an attempt's outcome means: success is the request's acceptable statuses; network
/// failures, timeouts, 408, 409, 429 and 5xx are tried again after `Retry-After` or the
/// back-off; other 4xx are refused for good; a cancelled call does not count.
@Suite struct VerdictTests {
    let entry = StoredEntry.sample()

    func verdict(_ status: HTTPResponse.Status, headers: HTTPFields = [:], attempt: Int = 1, random: Double = 0.5)
        -> Verdict
    {
        Verdict.classify(
            .success((HTTPResponse(status: status, headerFields: headers), Data("body".utf8))), entry: entry,
            attempt: attempt, now: .sample, random: random)
    }

    func verdict(_ error: APIError, attempt: Int = 1) -> Verdict {
        Verdict.classify(.failure(error), entry: entry, attempt: attempt, now: .sample, random: 0.5)
    }

    @Test(arguments: [200, 201, 204, 299])
    func anAcceptableStatusIsADelivery(_ code: Int) {
        guard case .delivered(let head, _) = verdict(.init(code: code)) else {
            Issue.record("not delivered")
            return
        }
        #expect(head.status.code == code)
    }

    @Test(arguments: [408, 409, 429, 500, 502, 503, 504, 599])
    func aRetryableStatusIsTriedAgainAfterTheBackOff(_ code: Int) {
        guard case .retryLater(let delay, let failure) = verdict(.init(code: code), attempt: 3) else {
            Issue.record("not retried")
            return
        }
        // Full jitter: half of 1 s × 2² with the random 0.5.
        #expect(delay == .seconds(2))
        #expect(failure.status == code)
        #expect(!failure.network)
    }

    @Test func retryAfterSetsTheWait() {
        guard case .retryLater(let delay, _) = verdict(.tooManyRequests, headers: [.retryAfter: "120"]) else {
            Issue.record("not retried")
            return
        }
        #expect(delay == .seconds(120))
        let date = "Sun, 15 Jun 2025 15:07:20 GMT"  // 40 s after `Date.sample`
        guard case .retryLater(let dated, _) = verdict(.serviceUnavailable, headers: [.retryAfter: date]) else {
            Issue.record("not retried")
            return
        }
        #expect(dated == .seconds(40))
    }

    @Test(arguments: [400, 401, 403, 404, 410, 413, 422, 301])
    func anyOtherStatusIsRefusedForGood(_ code: Int) {
        guard case .rejected(let failure, let body) = verdict(.init(code: code)) else {
            Issue.record("not refused")
            return
        }
        #expect(failure.status == code)
        #expect(body == Data("body".utf8))
    }

    @Test(arguments: [APIError.Kind.transport, .timeout, .tls])
    func aFailureWithoutAResponseIsANetworkFailureTriedAgain(_ kind: APIError.Kind) {
        guard case .retryLater(_, let failure) = verdict(APIError(kind, "gone")) else {
            Issue.record("not retried")
            return
        }
        #expect(failure.network)
        #expect(failure.kind == kind.description)
    }

    @Test(arguments: [APIError.Kind.invalidRequest, .encoding, .storage, .tooManyRedirects, .insecureRedirect])
    func aRequestThatCannotBeSentIsRefused(_ kind: APIError.Kind) {
        guard case .rejected = verdict(APIError(kind, "no")) else {
            Issue.record("not refused")
            return
        }
    }

    @Test func aCancelledCallIsNotAnAttempt() {
        guard case .abandoned = verdict(APIError(.cancelled, "closed")) else {
            Issue.record("counted")
            return
        }
    }

    @Test func anAcceptedAnswerWhoseBodyCouldNotBeReadIsADelivery() {
        let error = APIError(.bodyTooLarge, "too large", response: HTTPResponse(status: .created))
        guard case .delivered(let head, _) = verdict(error) else {
            Issue.record("not delivered")
            return
        }
        #expect(head.status == .created)
    }
}
