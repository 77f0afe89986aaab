import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// The session-level delegate of a ``URLSessionTransport``: refuses redirects, declines HTTP
/// authentication challenges, holds pinned hosts to their keys (Apple platforms), and routes each task's callbacks to its ``Exchange``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The hosts held to their public keys, on Apple platforms (FoundationNetworking offers no
    /// server-trust challenge).
    let pins: PublicKeyPins?
    private let exchanges = Locked<[Int: any TaskEvents]>([:])
    /// The tasks whose server failed its host's pins: their challenge was cancelled.
    private let pinFailures = Locked<[Int: PinMismatch]>([:])
    /// The tasks whose `401` challenge was declined: FoundationNetworking cancels them, though
    /// the whole response has arrived.
    private let declined = Locked<Set<Int>>([])

    /// The identity to present when a server asks for a client certificate (mutual TLS), on Apple
    /// platforms (FoundationNetworking offers no client-certificate challenge: always `nil` there).
    let clientCertificate: ClientCertificate?

    init(pins: PublicKeyPins? = nil, clientCertificate: ClientCertificate? = nil) {
        self.pins = pins
        self.clientCertificate = clientCertificate
        super.init()
    }

    /// Routes `task`'s callbacks to `events` until the task completes.
    func register(_ task: URLSessionTask, _ events: any TaskEvents) {
        exchanges.withLock { $0[task.taskIdentifier] = events }
    }

    private func exchange(for task: URLSessionTask) -> (any TaskEvents)? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The client follows redirects itself, with its own rules for credentials.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(Security)
            if let pins, challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let host = pins.pins(for: challenge.protectionSpace.host),
                let trust = challenge.protectionSpace.serverTrust
            {
                let (disposition, credential, mismatch) = ServerTrustPinning.evaluate(trust, against: host)
                if let mismatch {
                    pinFailures.withLock { $0[task.taskIdentifier] = mismatch }
                }
                completionHandler(disposition, credential)
                return
            }
            if let clientCertificate,
                challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodClientCertificate
            {
                completionHandler(.useCredential, clientCertificate.credential)
                return
            }
        #endif
        let disposition = Self.disposition(for: challenge.protectionSpace.authenticationMethod)
        if disposition == .rejectProtectionSpace {
            declined.withLock { _ = $0.insert(task.taskIdentifier) }
        }
        #if canImport(FoundationNetworking)
            // FoundationNetworking cancels the task for a declined challenge with a `cancel()`
            // that waits for the session's queue, where this callback runs (`DelegateQueue`).
            SessionControl.queue.async { completionHandler(disposition, nil) }
        #else
            completionHandler(disposition, nil)
        #endif
    }

    /// How to answer an authentication challenge: an HTTP challenge (`401` with
    /// `WWW-Authenticate`) is declined so that the `401` reaches the client as a response —
    /// credentials are the interceptors' job, and answering from the session's credential storage
    /// would send ones the app never chose (on Linux, waiting for one held the task until the
    /// timeout). Server trust and client certificates keep the system's handling.
    static func disposition(for authenticationMethod: String) -> URLSession.AuthChallengeDisposition {
        switch authenticationMethod {
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodHTMLForm:
            return .rejectProtectionSpace
        default:
            return .performDefaultHandling
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.body?.didSend(totalBytesSent)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        var error = error
        if declined.withLock({ $0.remove(task.taskIdentifier) }) != nil, (error as? URLError)?.code == .cancelled,
            (task.response as? HTTPURLResponse)?.statusCode == 401
        {
            error = nil  // FoundationNetworking cancels a task whose challenge was declined after the whole 401 arrived
        }
        if let mismatch = pinFailures.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            error = mismatch  // the challenge was cancelled for it: not the caller's cancellation
        }
        // A refused redirect may complete without a separate response callback.
        if error == nil, let response = task.response {
            exchange?.received(response)
        }
        exchange?.completed(with: error)
    }
}

/// What a task's delegate callbacks are handed to.
protocol TaskEvents: AnyObject, Sendable {
    /// The request body, told how much of it went out.
    var body: OutgoingBody? { get }
    func received(_ response: URLResponse)
    func received(_ data: Data)
    func completed(with error: (any Error)?)
}
