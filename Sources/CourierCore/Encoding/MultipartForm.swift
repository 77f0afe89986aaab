public import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578).
///
/// ```swift
/// var form = MultipartForm()
/// form.append("caption", value: "Holiday")
/// form.append("photo", filename: "beach.jpg", contentType: "image/jpeg", data: jpeg)
/// let body = RequestBody.multipart(form)
/// ```
public struct MultipartForm: Sendable, Hashable {
    /// One part of the form.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public var name: String
        /// The file name, for file parts.
        public var filename: String?
        /// The part's media type, if any.
        public var contentType: String?
        /// The part's content.
        public var data: Data

        /// Creates a part.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - filename: The file name, for file parts.
        ///   - contentType: The part's media type.
        ///   - data: The part's content.
        public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }
    }

    /// The boundary between parts.
    public let boundary: String

    /// The parts, in order.
    public var parts: [Part]

    /// Creates a form.
    ///
    /// - Parameters:
    ///   - boundary: The boundary; the default is random and cannot occur in ordinary content. A
    ///     boundary of your own must be 1 to 70 of the characters RFC 2046 allows (letters,
    ///     digits and `'()+_,-./:=?` and inner spaces) and occur in no part's content, or the call
    ///     fails with ``APIError/Kind/encoding`` before anything is sent.
    ///   - parts: The parts, in order.
    public init(boundary: String = "courier-\(UUID().uuidString)", parts: [Part] = []) {
        self.boundary = boundary
        self.parts = parts
    }

    /// Adds a text field.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field's text.
    public mutating func append(_ name: String, value: String) {
        parts.append(Part(name: name, data: Data(value.utf8)))
    }

    /// Adds a file.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - filename: The file name the server sees.
    ///   - contentType: The file's media type.
    ///   - data: The file's content.
    public mutating func append(_ name: String, filename: String, contentType: String, data: Data) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// The encoded body.
    ///
    /// - Throws: ``APIError/Kind/encoding`` for a boundary RFC 2046 does not allow, or one that
    ///   occurs in a part's content, where the server would end the part early.
    func encoded() throws(APIError) -> Data {
        guard (1...70).contains(boundary.utf8.count), boundary.utf8.last != UInt8(ascii: " "),
            boundary.utf8.allSatisfy(Self.isBoundaryCharacter)
        else {
            throw APIError(
                .encoding, "The multipart boundary \"\(boundary)\" is not 1 to 70 of the characters RFC 2046 allows.")
        }
        let delimiter = Data("--\(boundary)".utf8)
        let lineDelimiter = Data("\r\n--\(boundary)".utf8)
        for (index, part) in parts.enumerated()
        where part.data.starts(with: delimiter) || part.data.range(of: lineDelimiter) != nil {
            throw APIError(
                .encoding,
                "Part \(index + 1) of the multipart form (\"\(part.name)\") contains the form's boundary; "
                    + "choose another (the default never occurs in ordinary content).")
        }
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(Self.escape(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(Self.escape(filename))\""
            }
            body.append(Data((disposition + "\r\n").utf8))
            if let contentType = part.contentType {
                body.append(Data("Content-Type: \(Self.escape(contentType))\r\n".utf8))
            }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// RFC 2046's `bchars`: digits, letters, `'()+_,-./:=?` and space (not last).
    private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            Array("'()+_,-./:=? ".utf8).contains(byte)
        }
    }

    /// Escapes a header parameter the way browsers do (WHATWG): `"`, CR and LF become `%22`,
    /// `%0D` and `%0A`, so a name can never end the header or start a new one.
    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
