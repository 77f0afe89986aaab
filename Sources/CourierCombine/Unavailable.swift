// Where there is no Combine (Linux, unless Courier's `OpenCombine` trait is enabled), CourierCombine
// still builds, but its public names are these unavailable stand-ins: code that uses them fails to
// compile with a message that says how to enable the trait, rather than with "cannot find".
#if !OpenCombine && !canImport(Combine)
    public import Courier

    /// What the unavailable stand-ins return where there is no Combine.
    ///
    /// On Linux, enable Courier's `OpenCombine` trait for the real publishers:
    /// `.package(url: …, from: …, traits: ["OpenCombine"])`.
    @available(
        *, unavailable,
        message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
    )
    public struct OpenCombineTraitRequired: Sendable {}

    /// A publisher that sends one request per subscription; unavailable where there is no Combine.
    ///
    /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: ["OpenCombine"])`.
    @available(
        *, unavailable,
        message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
    )
    public struct RequestPublisher<Request: APIRequest>: Sendable {
        /// The client that sends the request.
        public let client: APIClient

        /// The request to send.
        public let request: Request

        /// Creates a publisher.
        ///
        /// - Parameters:
        ///   - client: The client that sends the request.
        ///   - request: The request to send.
        public init(client: APIClient, request: Request) {
            self.client = client
            self.request = request
        }
    }

    extension APIClient {
        /// A publisher of the request's response; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: ["OpenCombine"])`.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
        )
        public func publisher<Request: APIRequest>(for request: Request) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// A publisher of a target's response; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: ["OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - target: The endpoint to call.
        ///   - type: The response type.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
        )
        public func publisher<T: Target, Response: Decodable & Sendable>(
            for target: T,
            as type: Response.Type
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// Sends a request and calls back on `scheduler`; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: ["OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - scheduler: Where the closures run.
        ///   - success: Receives the response.
        ///   - failure: Receives the error.
        ///   - completion: Runs after `success` or `failure`.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
        )
        public func sink<Request: APIRequest, Context>(
            _ request: Request,
            on scheduler: Context,
            success: @escaping (Request.Response) -> Void,
            failure: @escaping (APIError) -> Void = { _ in },
            completion: @escaping () -> Void = {}
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// Sends a request and calls back on the main queue; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: ["OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - success: Receives the response.
        ///   - failure: Receives the error.
        ///   - completion: Runs after `success` or `failure`.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message: "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [\"OpenCombine\"])"
        )
        public func sink<Request: APIRequest>(
            _ request: Request,
            success: @escaping (Request.Response) -> Void,
            failure: @escaping (APIError) -> Void = { _ in },
            completion: @escaping () -> Void = {}
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }
    }
#endif
