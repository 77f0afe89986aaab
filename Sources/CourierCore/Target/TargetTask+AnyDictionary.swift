public import Foundation

// Moya's parameters are `[String: Any]`. Without these, passing them fails with "cannot convert
// value of type '[String : Any]' to expected argument type 'QueryParameters'", which does not say
// what to write instead; these overloads are never chosen when the typed ones fit (the compiler
// ranks an unavailable declaration last), so a literal still means the typed one.
extension TargetTask {
    /// Unavailable: `[String: Any]` cannot be encoded; write ``QueryParameters``.
    ///
    /// - Parameters:
    ///   - parameters: Parameters of any type.
    ///   - encoding: Where they go.
    /// - Returns: Never.
    @available(
        *, unavailable,
        message:
            "Write parameters as QueryParameters, not [String: Any]: `.parameters([\"q\": text, \"page\": 2])`, or `var query = QueryParameters(); query.append(\"page\", 2)` for a built one; for a JSON body, `.json(value)` with an Encodable & Sendable struct"
    )
    public static func parameters(_ parameters: [String: Any], encoding: ParameterEncoding = .query) -> TargetTask {
        .plain
    }

    /// Unavailable: `[String: Any]` is not `Encodable`; send an `Encodable & Sendable` value.
    ///
    /// - Parameters:
    ///   - value: A dictionary of any values.
    ///   - encoder: The encoder.
    ///   - query: Query parameters.
    /// - Returns: Never.
    @available(
        *, unavailable,
        message:
            "Send a JSON body as an Encodable & Sendable value, not [String: Any]: `.json(NewIssue(title: title, labels: labels))` with `struct NewIssue: Encodable, Sendable { var title: String; var labels: [String] }`; for query or form parameters, `.parameters([\"q\": text], encoding: .query)`"
    )
    public static func json(_ value: [String: Any], encoder: JSONEncoder? = nil, query: QueryParameters = [:])
        -> TargetTask
    {
        .plain
    }
}
