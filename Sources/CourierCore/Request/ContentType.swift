import Foundation

/// The rule for a request's `Content-Type` when it has a body: the body's type wins.
///
/// A base protocol that sends `Content-Type: application/json` on every request must not turn a
/// form body into JSON for the server. A declared type is kept only when it names the body's
/// media type (adding a `charset`, say) or a more specific JSON type (`application/vnd.api+json`
/// for a JSON body); a multipart body always sends its own, which carries the boundary. Raw
/// bytes or a file whose type was left as `application/octet-stream` take the declared type.
package enum ContentType {
    static func resolve(declared: String?, body: String) -> String {
        guard let declared else { return body }
        let bodyType = mediaType(of: body)
        guard bodyType != "application/octet-stream" else { return declared }
        guard bodyType != "multipart/form-data" else { return body }
        let declaredType = mediaType(of: declared)
        if declaredType == bodyType { return declared }
        if bodyType == "application/json", declaredType.hasSuffix("+json") { return declared }
        return body
    }

    /// `type/subtype`, lowercased, without parameters.
    package static func mediaType(of value: String) -> String {
        let end = value.firstIndex(of: ";") ?? value.endIndex
        return value[..<end].trimmingCharacters(in: .whitespaces).lowercased()
    }
}
