public import Foundation

/// What an ``APITarget`` sends besides its path: nothing, query parameters, or a body.
///
/// Moya calls this `Task`; the name here does not shadow Swift's `Task`.
public struct TargetTask: Sendable {
    let query: QueryParameters
    let body: RequestBody?

    private init(query: QueryParameters = [:], body: RequestBody? = nil) {
        self.query = query
        self.body = body
    }

    /// Nothing beyond the path.
    public static var plain: TargetTask { TargetTask() }

    /// Raw bytes as the body.
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - contentType: Its media type.
    /// - Returns: The task.
    public static func data(_ data: Data, contentType: String = "application/octet-stream") -> TargetTask {
        TargetTask(body: .data(data, contentType: contentType))
    }

    /// An `Encodable` value as a JSON body, and optionally query parameters too.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder; `nil` uses the client's.
    ///   - query: Query parameters to send as well.
    /// - Returns: The task.
    public static func json(
        _ value: some Encodable & Sendable, encoder: JSONEncoder? = nil, query: QueryParameters = [:]
    )
        -> TargetTask
    {
        TargetTask(query: query, body: .json(value, encoder: encoder))
    }

    /// Parameters, sent the way `encoding` says.
    ///
    /// - Parameters:
    ///   - parameters: The parameters, in order.
    ///   - encoding: Where they go: the query string or a form body.
    /// - Returns: The task.
    public static func parameters(_ parameters: QueryParameters, encoding: ParameterEncoding = .query) -> TargetTask {
        switch encoding.base {
        case .query: TargetTask(query: parameters)
        case .form: TargetTask(body: .form(parameters))
        }
    }

    /// A `multipart/form-data` body, and optionally query parameters too.
    ///
    /// - Parameters:
    ///   - form: The parts.
    ///   - query: Query parameters to send as well.
    /// - Returns: The task.
    public static func multipart(_ form: MultipartForm, query: QueryParameters = [:]) -> TargetTask {
        TargetTask(query: query, body: .multipart(form))
    }

    /// Where ``TargetTask/parameters(_:encoding:)`` puts its parameters.
    public struct ParameterEncoding: Sendable, Hashable {
        fileprivate enum Base: Hashable { case query, form }
        fileprivate let base: Base

        /// In the query string.
        public static var query: ParameterEncoding { ParameterEncoding(base: .query) }

        /// In an `application/x-www-form-urlencoded` body.
        public static var form: ParameterEncoding { ParameterEncoding(base: .form) }
    }
}
