extension APIClient {
    /// The transport a client uses unless told otherwise: AsyncHTTPClient on Linux (with the
    /// `AsyncHTTPClient` trait, on by default there), `URLSession` elsewhere.
    public static var defaultTransport: any Transport {
        #if CourierNIO && (os(Linux) || os(Android))
            AsyncHTTPClientTransport.shared
        #else
            URLSessionTransport.shared
        #endif
    }
}
