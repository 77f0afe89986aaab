// Where there is no Combine (Linux, unless Courier's `OpenCombine` trait is enabled), CourierCombine
// still builds, but its public names are these unavailable stand-ins: code that uses them fails to
// compile with a message that says how to enable the trait, rather than with "cannot find".
#if !OpenCombine && !canImport(Combine)
    public import CourierCore
    public import CourierStreams

    /// What the unavailable stand-ins return where there is no Combine.
    ///
    /// On Linux, enable Courier's `OpenCombine` trait for the real publishers:
    /// `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
    @available(
        *, unavailable,
        message:
            "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
    )
    public struct OpenCombineTraitRequired: Sendable {}

    /// A publisher that sends one request per subscription; unavailable where there is no Combine.
    ///
    /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
    @available(
        *, unavailable,
        message:
            "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
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

    /// A publisher of one of Courier's streams; unavailable where there is no Combine.
    ///
    /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
    @available(
        *, unavailable,
        message:
            "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
    )
    public struct StreamPublisher<Stream: AsyncSequence & Sendable>: Sendable {
        /// Creates a publisher of a stream's values.
        ///
        /// - Parameter stream: The stream.
        public init(_ stream: Stream) {}
    }

    extension APIClient {
        /// A publisher of an endpoint's Server-Sent Events; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - request: The request that opens the stream.
        ///   - lastEventID: The event ID to resume after.
        ///   - reconnection: When to reconnect.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
        )
        public func eventsPublisher<Request: APIRequest>(
            for request: Request, lastEventID: String? = nil, reconnection: ReconnectionPolicy = .standard,
            idleTimeout: Duration? = nil
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// A publisher of a JSON Lines body's values; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - maximumLineLength: The longest line accepted.
        ///   - idleTimeout: The longest the body may stay silent.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
        )
        public func jsonLinesPublisher<Request: APIRequest>(
            for request: Request, maximumLineLength: Int = 1 << 20, idleTimeout: Duration? = nil
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// A publisher of a paginated list's pages; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - first: The request for the first page.
        ///   - pagination: How to get from one page to the next.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
        )
        public func pagesPublisher<Request: APIRequest>(
            for first: Request, pagination: Pagination<Request>
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }
    }

    extension APIClient {
        /// A publisher of the request's response; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
        )
        public func publisher<Request: APIRequest>(for request: Request) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// A publisher of a target's response; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - target: The endpoint to call.
        ///   - type: The response type.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
        )
        public func publisher<T: APITarget, Response: Decodable & Sendable>(
            for target: T,
            as type: Response.Type
        ) -> OpenCombineTraitRequired {
            fatalError("unavailable")
        }

        /// Sends a request and calls back on `scheduler`; unavailable where there is no Combine.
        ///
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
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
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
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
        /// On Linux, enable Courier's `OpenCombine` trait: `.package(url: …, from: …, traits: [.defaults, "OpenCombine"])`.
        ///
        /// - Parameters:
        ///   - request: The request to send.
        ///   - success: Receives the response.
        ///   - failure: Receives the error.
        ///   - completion: Runs after `success` or `failure`.
        /// - Returns: Nothing: this stand-in cannot be called.
        @available(
            *, unavailable,
            message:
                "On Linux, enable the OpenCombine trait: .package(url: …, from: …, traits: [.defaults, \"OpenCombine\"])"
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
