#if Demo
    import Courier
    import Testing

    /// The transports every wire test runs over.
    enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case urlSession
        case asyncHTTPClient

        static var available: [TransportKind] {
            #if CourierNIO
                allCases
            #else
                [.urlSession]
            #endif
        }

        var transport: any Transport {
            switch self {
            case .urlSession:
                URLSessionTransport.shared
            case .asyncHTTPClient:
                #if CourierNIO
                    AsyncHTTPClientTransport.shared
                #else
                    URLSessionTransport.shared
                #endif
            }
        }

        var testDescription: String { rawValue }
    }
#endif
