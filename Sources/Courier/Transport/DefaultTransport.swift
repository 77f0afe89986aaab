extension APIClient {
    /// The transport a client uses unless told otherwise: AsyncHTTPClient on Linux, `URLSession`
    /// on Apple platforms.
    public static var defaultTransport: any Transport {
        #if os(Linux) || os(Android)
            AsyncHTTPClientTransport.shared
        #else
            URLSessionTransport.shared
        #endif
    }
}
