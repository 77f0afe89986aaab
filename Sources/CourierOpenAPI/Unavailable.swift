// Without Courier's `OpenAPI` trait, CourierOpenAPI builds without swift-openapi-runtime, and its
// public names are these unavailable stand-ins: code that uses them fails to compile with a message
// that says how to enable the trait, rather than with "cannot find".
#if !OpenAPI
    public import CourierCore

    /// A swift-openapi-generator `ClientTransport` over a Courier client; unavailable without
    /// Courier's `OpenAPI` trait.
    ///
    /// Enable it: `.package(url: …, from: …, traits: [.defaults, "OpenAPI"])`.
    @available(
        *, unavailable,
        message: "Enable Courier's OpenAPI trait: .package(url: …, from: …, traits: [.defaults, \"OpenAPI\"])"
    )
    public struct CourierClientTransport: Sendable {
        /// The client every operation goes through.
        public var client: APIClient

        /// Creates a transport.
        ///
        /// - Parameter client: The client every operation goes through.
        public init(client: APIClient) {
            self.client = client
        }
    }

    /// A Courier interceptor as a swift-openapi-generator `ClientMiddleware`; unavailable without
    /// Courier's `OpenAPI` trait.
    ///
    /// Enable it: `.package(url: …, from: …, traits: [.defaults, "OpenAPI"])`.
    @available(
        *, unavailable,
        message: "Enable Courier's OpenAPI trait: .package(url: …, from: …, traits: [.defaults, \"OpenAPI\"])"
    )
    public struct InterceptorMiddleware: Sendable {
        /// The interceptor.
        public var interceptor: any Interceptor

        /// Creates a middleware.
        ///
        /// - Parameter interceptor: The interceptor to run.
        public init(_ interceptor: any Interceptor) {
            self.interceptor = interceptor
        }
    }
#endif
