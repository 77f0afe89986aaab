import Courier
import Testing

@testable import CourierCore

/// Splitting the `Set-Cookie` value URLSession joined with ", " back into its cookies.
@Suite("Joined Set-Cookie")
struct JoinedSetCookieTests {
    @Test(arguments: [
        // One cookie, with or without the comma of a date.
        ("a=1", ["a=1"]),
        ("a=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT", ["a=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT"]),
        (
            "a=1; Expires=Sunday, 06-Nov-94 08:49:37 GMT; Path=/",
            ["a=1; Expires=Sunday, 06-Nov-94 08:49:37 GMT; Path=/"]
        ),
        // Two or three, each with its attributes.
        ("session=s; Path=/; HttpOnly, csrf=c; Path=/", ["session=s; Path=/; HttpOnly", "csrf=c; Path=/"]),
        (
            "a=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT, b=2; Expires=Mon, 07 Nov 1994 08:49:37 GMT, c=3",
            ["a=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT", "b=2; Expires=Mon, 07 Nov 1994 08:49:37 GMT", "c=3"]
        ),
        ("a=1, __Host-id=x; Secure", ["a=1", "__Host-id=x; Secure"]),
        // A comma the join did not make (no space after it), or followed by an attribute, stays.
        ("list=a,b=c", ["list=a,b=c"]),
        ("a=x, Path=/", ["a=x, Path=/"]),
        ("a=x, y", ["a=x, y"]),
    ])
    func splitsWhereANewCookieStarts(joined: String, cookies: [String]) {
        #expect(JoinedSetCookie.split(joined) == cookies)
    }
}
