import Foundation

/// Rewrites the values of chosen members of a JSON text, at any depth, and leaves every other
/// byte as it was: a cassette keeps the server's own spelling, only a secret's value changes.
enum JSONMembers {
    /// `json` with the value of each member for which `replacement` returns text replaced by that
    /// text (itself JSON: a quoted string); `nil` when `json` is not valid JSON.
    ///
    /// - Parameters:
    ///   - json: The JSON text.
    ///   - replacement: Given a member's name and its value as written, the JSON to write instead,
    ///     or `nil` to keep it (and look inside it).
    /// - Returns: The rewritten text, or `nil` for text that is not JSON.
    static func rewrite(_ json: Data, _ replacement: (String, Substring) -> String?) -> Data? {
        withoutActuallyEscaping(replacement) { replacement in
            var scanner = Scanner(bytes: Array(json), replacement: replacement)
            guard (try? scanner.document()) != nil else { return nil }
            return scanner.changed ? Data(scanner.output) : json
        }
    }

    /// Whether `value`, as written, is the JSON string `text`.
    static func isString(_ value: Substring, equalTo text: String) -> Bool {
        value == "\"\(text)\""
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private struct Invalid: Error {}

    private struct Scanner {
        let bytes: [UInt8]
        let replacement: (String, Substring) -> String?
        var index = 0
        var output: [UInt8] = []
        var copied = 0
        var changed = false

        init(bytes: [UInt8], replacement: @escaping (String, Substring) -> String?) {
            self.bytes = bytes
            self.replacement = replacement
        }

        mutating func document() throws {
            skipSpace()
            try value()
            skipSpace()
            guard index == bytes.count else { throw Invalid() }
            output += bytes[copied...]
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private mutating func value() throws {
            guard index < bytes.count else { throw Invalid() }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): _ = try string()
            default: try literal()
            }
        }

        private mutating func object() throws {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Invalid() }
                let name = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Invalid() }
                index += 1
                skipSpace()
                let start = index
                try value()
                let written = Substring(decoding: bytes[start..<index], as: UTF8.self)
                if let replaced = replacement(name, written) {
                    output += bytes[copied..<start]
                    output += Array(replaced.utf8)
                    copied = index
                    changed = true
                }
                skipSpace()
                guard index < bytes.count else { throw Invalid() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                } else {
                    throw Invalid()
                }
            }
        }

        private mutating func array() throws {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipSpace()
                try value()
                skipSpace()
                guard index < bytes.count else { throw Invalid() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return
                } else {
                    throw Invalid()
                }
            }
        }

        /// A string token; returns its text, unescaped.
        private mutating func string() throws -> String {
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    if !bytes[start..<index].contains(UInt8(ascii: "\\")) {
                        return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
                    }
                    let token = Data(bytes[start..<index])
                    guard let text = try? JSONDecoder().decode(String.self, from: token) else { throw Invalid() }
                    return text
                }
            }
            throw Invalid()
        }

        /// A number, `true`, `false` or `null`.
        private mutating func literal() throws {
            let start = index
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            guard ["true", "false", "null"].contains(token) || Double(token) != nil else { throw Invalid() }
        }
    }
}
