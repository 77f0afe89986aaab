#if Demo
    import Courier

    /// The transports the soak runs over, one after the other.
    enum SoakTransport: String, CaseIterable, Sendable {
        /// First: its process-wide pool lets go of a stopped server's connections at once.
        case asyncHTTPClient
        /// Last: a session keeps what libcurl cached for as long as it lives.
        case urlSession

        /// A transport of this kind: the process-wide one for AsyncHTTPClient, a session of its own
        /// for URLSession.
        func make() -> any Transport {
            switch self {
            case .urlSession:
                URLSessionTransport()
            case .asyncHTTPClient:
                #if os(Linux)
                    AsyncHTTPClientTransport.shared
                #else
                    URLSessionTransport()
                #endif
            }
        }
    }
#endif
