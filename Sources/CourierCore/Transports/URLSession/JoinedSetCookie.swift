/// Undoes `URLSession`'s joining of repeated `Set-Cookie` fields.
///
/// `HTTPURLResponse.allHeaderFields` holds one value per field name: FoundationNetworking (6.3)
/// joins the values of a repeated field with `", "` as it parses the head and keeps no other
/// record of the lines, and Apple's `URLSession` joins them the same way. For most fields that is
/// the list the field means (RFC 9110, section 5.3), but `Set-Cookie` may not be combined (RFC 6265,
/// section 3): a cookie's `Expires` date has a comma of its own. A login that sets a session cookie
/// and a CSRF cookie would reach the jar as one cookie.
///
/// The joined value is split at `", "` only where what follows starts a new cookie: a name (an
/// RFC 9110 token), `=`, and a name that is not a cookie attribute's. The comma of an `Expires`
/// date is followed by the day (`Sun, 06 Nov 1994`), so it stays. A cookie whose value itself holds
/// `", name="` (RFC 6265 does not allow a comma in a value) is split there too: the joined text
/// cannot tell.
enum JoinedSetCookie {
    /// The `Set-Cookie` values `joined` was made of.
    ///
    /// - Parameter joined: A `Set-Cookie` value as `URLSession` reports it.
    /// - Returns: One value per cookie; `[joined]` when it holds one.
    static func split(_ joined: String) -> [String] {
        let bytes = Array(joined.utf8)
        var values: [String] = []
        var start = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: ","), bytes[index + 1] == UInt8(ascii: " "),
                startsCookie(bytes, at: index + 2)
            {
                values.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 2
                index = start
            } else {
                index += 1
            }
        }
        guard !values.isEmpty else { return [joined] }
        values.append(String(decoding: bytes[start...], as: UTF8.self))
        return values
    }

    /// The attributes of RFC 6265 (section 4.1.1) and the ones browsers added since, lower-cased.
    private static let attributeNames: Set<String> = [
        "expires", "max-age", "domain", "path", "secure", "httponly", "samesite", "partitioned", "priority",
    ]

    /// Whether `bytes` from `start` begin with `name=`, `name` a token that is not an attribute's
    /// name.
    private static func startsCookie(_ bytes: [UInt8], at start: Int) -> Bool {
        var end = start
        while end < bytes.count, isTokenCharacter(bytes[end]) { end += 1 }
        guard end > start else { return false }
        var equals = end
        while equals < bytes.count, bytes[equals] == UInt8(ascii: " ") { equals += 1 }
        guard equals < bytes.count, bytes[equals] == UInt8(ascii: "=") else { return false }
        return !attributeNames.contains(String(decoding: bytes[start..<end], as: UTF8.self).lowercased())
    }

    /// An RFC 9110 `tchar`: a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
