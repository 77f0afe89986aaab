/// Reads a transport's failure before any response for how far the request got
/// (``APIError/Delivery``): part of ``DeadlineScope/classify(_:request:response:)``, the one
/// place errors are worded. What each library's errors mean is its transport's to say
/// (``FaultReader``); this asks each.
///
/// What each library throws, as read in its sources (AsyncHTTPClient 1.37, swift-nio-http2
/// 1.46, FoundationNetworking) and seen on the wire (`WireConnectionFaultTests`,
/// `HTTP2FaultTests`), is written beside each reader.
enum ConnectionFaults {
    /// How far the request got before `error`, which no response preceded.
    static func delivery(of error: any Error) -> APIError.Delivery {
        for reader in FaultReaders.all {
            if let delivery = reader.delivery(of: error) { return delivery }
        }
        return .mayHaveBeenProcessed
    }

    /// Whether `error` means that the connection was lost (closed or reset by the server, or
    /// dropped by the network) after it was made, with no response: what a kept-alive connection
    /// the server had closed ends in.
    static func isLostConnection(_ error: any Error) -> Bool {
        FaultReaders.all.contains { $0.isLostConnection(error) }
    }

    /// Whether `error` means that the server's answer arrived but could not be read as HTTP.
    static func isUnreadableAnswer(_ error: any Error) -> Bool {
        FaultReaders.all.contains { $0.isUnreadableAnswer(error) }
    }
}
