public import Foundation
import HTTPTypes

extension APIError {
    /// How many bytes of a response body a description shows.
    static let describedBodyLimit = 512

    /// A one-paragraph explanation for a person, free of credentials.
    ///
    /// For example: `unacceptableStatus in UserRequest: GET http://127.0.0.1:8080/users/7: The
    /// server answered 404 Not Found. Body: {"error":"no such user"}`, or, for an error an
    /// interceptor raised, `authentication in ProfileRequest from RefreshingAuthorizationInterceptor<…>: …`.
    public var description: String {
        var text = "\(kind)"
        if let requestName { text += " in \(requestName)" }
        if let interceptorName { text += " from \(interceptorName)" }
        text += ": "
        if let request {
            text += "\(request.method.rawValue) \(redaction.displayURL(of: request)): "
        }
        text += message
        if let underlying, !(underlying is CancellationError) {
            var detail = describe(underlying)
            while detail.hasSuffix(".") { detail.removeLast() }
            if !detail.isEmpty { text += " \(detail)." }
        }
        if let response, kind != .unacceptableStatus {
            text += " Status: \(response.status)."
        }
        if !codingPath.isEmpty {
            text += " Coding path: \(codingPath.joined(separator: "."))."
        }
        if let body, !body.isEmpty {
            text += " Body: \(redaction.scrub(Self.preview(of: body)))"
        }
        return text
    }

    /// A short, printable preview of a body.
    static func preview(of body: Data) -> String {
        let shown = body.prefix(describedBodyLimit)
        var preview = String(decoding: shown, as: UTF8.self)
        if body.count > describedBodyLimit {
            preview += "… (\(body.count) bytes)"
        }
        return preview
    }

    /// Describes an underlying error without leaking URLs with credentials.
    func describe(_ error: any Error) -> String {
        switch error {
        case let decodingError as DecodingError:
            return Self.describe(decodingError)
        case let apiError as APIError:
            return apiError.description
        case let failure as TLSFailure:
            // The message has said the reason and the host: only the library's words are left.
            return redaction.scrub(failure.libraryText ?? "")
        default:
            return redaction.scrub(UnderlyingErrorText.describe(error) ?? String(describing: error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "Expected a value of type \(type): \(context.debugDescription)"
        case .valueNotFound(let type, _):
            return "Expected a value of type \(type) but found null"
        case .keyNotFound(let key, _):
            return "No value for the key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }
}

extension DecodingError {
    /// The coding path of the failing value, as strings (`[0]` for array indices).
    package var codingPathStrings: [String] {
        let context: Context?
        switch self {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            context = c
        case .keyNotFound(let key, let c):
            return (c.codingPath + [key]).map(\.pathComponent)
        @unknown default:
            context = nil
        }
        return context?.codingPath.map(\.pathComponent) ?? []
    }
}

extension CodingKey {
    fileprivate var pathComponent: String {
        intValue.map { "[\($0)]" } ?? stringValue
    }
}

extension APIError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` reads well too.
    public var errorDescription: String? { description }
}
