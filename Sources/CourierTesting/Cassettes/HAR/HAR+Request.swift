package import Foundation

extension HAR {
    /// A request: its head, its query parsed, and its body.
    package struct Request: Codable, Sendable, Equatable {
        package var method: String
        /// The absolute URL, without a fragment.
        package var url: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [NameValue]
        package var queryString: [NameValue]
        package var postData: PostData?
        /// `-1`: a cassette is written above the wire, where the head's size is not known.
        package var headersSize: Int
        package var bodySize: Int
        package var comment: String?
    }

    /// A request's body.
    package struct PostData: Codable, Sendable, Equatable {
        package var mimeType: String
        /// The body as text, or base64 when ``encoding`` says so.
        package var text: String?
        /// A form's fields, as browsers export them besides (or instead of) the text.
        package var params: [Param]?
        /// `base64` when ``text`` is the body in base64 (a binary body). HAR 1.2 has no such field
        /// for requests, so a cassette writes it as a custom one.
        package var encoding: String?
        package var comment: String?

        enum CodingKeys: String, CodingKey {
            case mimeType, text, params, comment
            case encoding = "_encoding"
        }

        /// The body's bytes.
        package var data: Data? {
            if let text {
                return encoding == "base64" ? Data(base64Encoded: text) : Data(text.utf8)
            }
            guard let params else { return nil }
            let pairs = params.map { "\(FormText.encode($0.name))=\(FormText.encode($0.value ?? ""))" }
            return Data(pairs.joined(separator: "&").utf8)
        }
    }

    /// A posted form field.
    package struct Param: Codable, Sendable, Equatable {
        package var name: String
        package var value: String?
        package var fileName: String?
        package var contentType: String?
    }
}

/// Percent-encoding of a form's names and values (`application/x-www-form-urlencoded`).
enum FormText {
    private static let allowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func decode(_ text: Substring) -> String {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
    }
}
