public import Foundation

// As for `TargetTask`: `[String: Any]`, copied from Moya or Alamofire, fails with a message that
// names the fix rather than "cannot convert value of type '[String : Any]'"; a literal still
// means the typed overload.
extension RequestBody {
    /// Unavailable: `[String: Any]` is not `Encodable`; send an `Encodable & Sendable` value.
    ///
    /// - Parameters:
    ///   - value: A dictionary of any values.
    ///   - encoder: The encoder.
    /// - Returns: Never.
    @available(
        *, unavailable,
        message:
            "Send a JSON body as an Encodable & Sendable value, not [String: Any]: `.json(NewIssue(title: title, labels: labels))` with `struct NewIssue: Encodable, Sendable { var title: String; var labels: [String] }`"
    )
    public static func json(_ value: [String: Any], encoder: JSONEncoder? = nil) -> Self {
        .data(Data())
    }

    /// Unavailable: `[String: Any]` cannot be encoded; write ``QueryParameters``.
    ///
    /// - Parameter fields: Fields of any type.
    /// - Returns: Never.
    @available(
        *, unavailable,
        message:
            "Write form fields as QueryParameters, not [String: Any]: `.form([\"name\": name, \"age\": 42])`, or `var fields = QueryParameters(); fields.append(\"age\", 42)` for built ones"
    )
    public static func form(_ fields: [String: Any]) -> Self {
        .data(Data())
    }
}
