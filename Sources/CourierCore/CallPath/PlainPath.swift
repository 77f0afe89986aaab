/// The usual request path, checked and joined to the base URL's path in one pass over its bytes.
///
/// Most paths are plain: they start with one `/`, hold only bytes a path keeps as they are
/// (unreserved, sub-delimiters, `:`, `@`, `/`) and have no `.` or `..` segment. Such a path needs
/// no escaping and breaks none of ``RequestBuilder``'s rules, so it is joined as it is. Any other
/// path — a relative one, one with `%`, `?`, `#`, `\`, a space or a non-ASCII character, one that
/// starts with `//` or has a dot segment — goes through the full rules
/// (``RequestBuilder/checkedPath(_:)`` and ``RequestBuilder/join(_:_:)``), which encode it or
/// word the refusal.
enum PlainPath {
    /// `path` joined to `basePath`, when `path` is plain; `nil` when the full rules apply.
    ///
    /// - Parameters:
    ///   - basePath: The base URL's percent-encoded path.
    ///   - path: A request's path, as the request gives it.
    /// - Returns: The joined path, as ``RequestBuilder/join(_:_:)`` would return it.
    static func joined(_ basePath: String, _ path: String) -> String? {
        guard path.utf8.withContiguousStorageIfAvailable(isPlain) == true else { return nil }
        let prefix = basePath.utf8.last == UInt8(ascii: "/") ? basePath.dropLast() : Substring(basePath)
        return prefix.isEmpty ? path : prefix + path
    }

    /// Whether a path's bytes are plain (see ``PlainPath``).
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") { return false }  // another host
        // The segment being read: how many dots, and whether anything else.
        var dots = 0
        var other = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                if !other, dots == 1 || dots == 2 { return false }
                dots = 0
                other = false
            case UInt8(ascii: "."):
                dots += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"),
                UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
                other = true
            default:
                return false
            }
        }
        return other || !(dots == 1 || dots == 2)
    }
}
