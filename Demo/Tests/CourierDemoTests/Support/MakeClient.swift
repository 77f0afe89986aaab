#if Demo
    import Courier
    import Foundation

    /// A client for `baseURL` over `kind`'s transport.
    func makeClient(
        _ kind: TransportKind,
        baseURL: URL,
        configure: (inout APIClient.Configuration) -> Void = { _ in }
    ) -> APIClient {
        APIClient(baseURL: baseURL, transport: kind.transport, configure: configure)
    }
#endif
