public import Foundation

/// What a request sends: JSON, a form, multipart form data, or raw bytes.
///
/// ```swift
/// var body: RequestBody? { .json(NewTodo(title: "Buy milk")) }
/// var body: RequestBody? { .form(["grant_type": "password", "username": name]) }
/// var body: RequestBody? { .data(png, contentType: "image/png") }
/// ```
///
/// The body's content type is sent unless the request sets `Content-Type` itself.
public struct RequestBody: Sendable {
    private let encode: @Sendable (JSONEncoder) throws -> Data

    /// The `Content-Type` sent with the body.
    public let contentType: String

    private init(contentType: String, encode: @escaping @Sendable (JSONEncoder) throws -> Data) {
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
            try (encoder ?? clientEncoder).encode(value)
        }
    }

    /// An `application/x-www-form-urlencoded` body, encoded like a query string.
    ///
    /// - Parameter fields: The form fields, in order.
    /// - Returns: A form body.
    public static func form(_ fields: Query) -> Self {
        let data = Data(fields.percentEncoded.utf8)
        return Self(contentType: "application/x-www-form-urlencoded") { _ in data }
    }

    /// A `multipart/form-data` body.
    ///
    /// - Parameter form: The parts.
    /// - Returns: A multipart body with the form's boundary in its content type.
    public static func multipart(_ form: MultipartForm) -> Self {
        Self(contentType: "multipart/form-data; boundary=\(form.boundary)") { _ in form.encoded() }
    }

    /// Raw bytes.
    ///
    /// - Parameters:
    ///   - data: The bytes to send.
    ///   - contentType: Their media type, like `image/png`.
    /// - Returns: A body sending `data` as is.
    public static func data(_ data: Data, contentType: String = "application/octet-stream") -> Self {
        Self(contentType: contentType) { _ in data }
    }

    /// Encodes the body with the client's encoder.
    func encoded(with encoder: JSONEncoder) throws -> Data {
        try encode(encoder)
    }
}
