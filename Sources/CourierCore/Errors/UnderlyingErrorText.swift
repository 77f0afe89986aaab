/// Plain words for the errors transports report, in place of their raw descriptions (NIO's
/// "connection reset (error set): Connection refused) (errno: 111)", Foundation's
/// "Error Domain=NSURLErrorDomain Code=-1004 "(null)" UserInfo={…}"): each transport's
/// ``FaultReader`` words its own library's.
enum UnderlyingErrorText {
    /// A short text for a transport's error, or `nil` for an error no reader knows.
    static func describe(_ error: any Error) -> String? {
        for reader in FaultReaders.all {
            if let text = reader.describe(error) { return text }
        }
        return nil
    }
}
