#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// Builds JSON responses.
    enum JSONResponse {
        static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        }()

        static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, encoder: JSONEncoder = encoder)
            -> Response
        {
            let data = (try? encoder.encode(value)) ?? Data("null".utf8)
            return raw(data, status: status)
        }

        static func raw(_ data: Data, status: HTTPResponse.Status = .ok, contentType: String = "application/json")
            -> Response
        {
            Response(
                status: status,
                headers: [.contentType: contentType],
                body: .init(byteBuffer: ByteBuffer(bytes: data))
            )
        }

        static func error(_ message: String, status: HTTPResponse.Status) -> Response {
            make(ErrorBody(error: message, code: status.code), status: status)
        }
    }

    /// The API's error body: `{"code": 404, "error": "…"}`.
    struct ErrorBody: Codable, Sendable {
        var error: String
        var code: Int
    }
#endif
