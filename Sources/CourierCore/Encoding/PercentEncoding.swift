/// RFC 3986 percent-encoding, done byte by byte so that nothing is left ambiguous.
package enum PercentEncoding {
    /// Encodes everything but the unreserved characters `A-Z a-z 0-9 - . _ ~`.
    ///
    /// Used for query and form names and values: `+`, `&`, `=` and spaces all arrive at the server
    /// exactly as written (Foundation's `URLQueryItem` leaves `+` raw, and servers read it as a
    /// space).
    package static func encodeComponent(_ string: String) -> String {
        if string.utf8.allSatisfy(isUnreserved) { return string }
        return encode(string) { isUnreserved($0) }
    }

    /// Encodes what may not appear in a path, keeping `/`, sub-delimiters, `:`, `@` and valid
    /// `%XX` escapes.
    static func encodePath(_ string: String) -> String {
        // The usual path needs no escaping: return it without copying.
        if string.utf8.allSatisfy({ isUnreserved($0) || isPathCharacter($0) }) { return string }
        let bytes = Array(string.utf8)
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                result.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if isUnreserved(byte) || isPathCharacter(byte) {
                result.append(byte)
            } else {
                appendEscape(byte, to: &result)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; invalid escapes are kept as they are.
    static func decode(_ string: Substring) -> String {
        let bytes = Array(string.utf8)
        var result = [UInt8]()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        var result = [UInt8]()
        result.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keep(byte) {
                result.append(byte)
            } else {
                appendEscape(byte, to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscape(_ byte: UInt8, to result: inout [UInt8]) {
        result.append(UInt8(ascii: "%"))
        result.append(hexDigits[Int(byte >> 4)])
        result.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `/`, `:`, `@` and the sub-delimiters RFC 3986 allows in a path.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        hexValue(byte) != nil
    }

    /// The value of a hexadecimal digit, or `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
