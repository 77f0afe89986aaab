public import Foundation

/// What a request sends: JSON, a form, multipart form data, raw bytes, or a file.
///
/// ```swift
/// var body: RequestBody? { .json(NewTodo(title: "Buy milk")) }
/// var body: RequestBody? { .form(["grant_type": "password", "username": name]) }
/// var body: RequestBody? { .data(png, contentType: "image/png") }
/// var body: RequestBody? { .file(videoURL, contentType: "video/mp4") }
/// ```
///
/// The body's content type is sent as `Content-Type`, even when the request's headers (or a base
/// protocol's) say otherwise: a form body is never announced as JSON. The request's own value is
/// kept only when it names the same media type (adding a `charset`, say), a more specific JSON
/// type for a JSON body (`application/vnd.api+json`), or when the body is raw bytes or a file left
/// as `application/octet-stream`.
public struct RequestBody: Sendable {
    private let encode: @Sendable (JSONEncoder) throws -> OutgoingBody

    /// The `Content-Type` sent with the body.
    public let contentType: String

    private init(contentType: String, encode: @escaping @Sendable (JSONEncoder) throws -> OutgoingBody) {
        self.contentType = contentType
        self.encode = encode
    }

    /// A JSON body.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder to use; `nil` uses the client's ``APIClient/Configuration/encoder``.
    /// - Returns: A body sent as `application/json`.
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder? = nil) -> Self {
        Self(contentType: "application/json") { clientEncoder in
            OutgoingBody(try (encoder ?? clientEncoder).encode(value))
        }
    }

    /// An `application/x-www-form-urlencoded` body, encoded like a query string.
    ///
    /// - Parameter fields: The form fields, in order.
    /// - Returns: A form body.
    public static func form(_ fields: QueryParameters) -> Self {
        let body = OutgoingBody(Data(fields.percentEncoded.utf8))
        return Self(contentType: "application/x-www-form-urlencoded") { _ in body }
    }

    /// A `multipart/form-data` body.
    ///
    /// - Parameter form: The parts.
    /// - Returns: A multipart body with the form's boundary in its content type.
    public static func multipart(_ form: MultipartForm) -> Self {
        Self(contentType: "multipart/form-data; boundary=\(form.boundary)") { _ in OutgoingBody(try form.encoded()) }
    }

    /// Raw bytes.
    ///
    /// - Parameters:
    ///   - data: The bytes to send.
    ///   - contentType: Their media type, like `image/png`.
    /// - Returns: A body sending `data` as is.
    public static func data(_ data: Data, contentType: String = "application/octet-stream") -> Self {
        let body = OutgoingBody(data)
        return Self(contentType: contentType) { _ in body }
    }

    /// A file, streamed from disk as it is sent: it is never read into memory whole.
    ///
    /// Follow the upload with ``APIClient/upload(_:progress:)``. The file must exist when the call
    /// starts (otherwise the call fails with ``APIError/Kind/storage``); a redirect or a retry
    /// reads it again from the start.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - contentType: The file's media type, like `video/mp4`.
    /// - Returns: A body sending the file's bytes as they are.
    public static func file(_ url: URL, contentType: String = "application/octet-stream") -> Self {
        Self(contentType: contentType) { _ in try OutgoingBody.file(url) }
    }

    /// Encodes the body with the client's encoder.
    func encoded(with encoder: JSONEncoder) throws -> OutgoingBody {
        try encode(encoder)
    }
}
