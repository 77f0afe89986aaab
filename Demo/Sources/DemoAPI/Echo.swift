#if Demo
    /// What `/echo` saw of a request: tests decode it to check what reached the server.
    package struct Echo: Codable, Sendable {
        /// The method, like `POST`.
        package var method: String
        /// The path as it arrived, percent-escapes and all.
        package var path: String
        /// The query as it arrived, if any.
        package var query: String?
        /// The query's name-value pairs, percent-decoded, in order.
        package var queryItems: [[String]]
        /// The header fields, by lowercased name; repeated fields are joined with `, `.
        package var headers: [String: String]
        /// The body as UTF-8 text.
        package var body: String
        /// The body's length in bytes.
        package var bodyLength: Int
    }
#endif
