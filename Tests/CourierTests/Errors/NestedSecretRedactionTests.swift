import Courier
import Foundation
import Testing

/// Secret query parameters that travel inside another parameter's value, percent-encoded: a
/// return URL, an OAuth `redirect_uri`. Hidden in the value's own spelling, which stays valid.
@Suite("Redaction of nested secrets")
struct NestedSecretRedactionTests {
    static let secretCases: [(path: String, redacted: String)] = [
        (
            "/cb?next=%2Fpage%3Ftoken%3Ds3cret%26page%3D2",
            "/cb?next=%2Fpage%3Ftoken%3D<redacted>%26page%3D2"
        ),
        (
            "/authorize?client_id=app&redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fstate%3Dxyz%26access_token%3Ds3cret",
            "/authorize?client_id=app&redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fstate%3Dxyz%26access_token%3D<redacted>"
        ),
        // A return URL in a return URL, encoded twice.
        (
            "/login?next=%2Fconsent%3Fnext%3D%252Fpage%253Fkey%253Ds3cret%26x%3D1",
            "/login?next=%2Fconsent%3Fnext%3D%252Fpage%253Fkey%253D<redacted>%26x%3D1"
        ),
        // Written raw, lower-case escapes, an escaped name, a private-use scheme, a fragment.
        ("/cb?next=/page?token=s3cret&x=1", "/cb?next=/page?token=<redacted>&x=1"),
        ("/cb?next=%2fpage%3fTOKEN%3ds3cret", "/cb?next=%2fpage%3fTOKEN%3d<redacted>"),
        ("/cb?next=%2Fp%3Fto%256Ben%3Ds3cret", "/cb?next=%2Fp%3Fto%256Ben%3D<redacted>"),
        (
            "/cb?redirect_uri=com.example.app%3A%2Foauth%3Fcode%3D1%26sig%3Ds3cret",
            "/cb?redirect_uri=com.example.app%3A%2Foauth%3Fcode%3D1%26sig%3D<redacted>"
        ),
        (
            "/cb?next=%2Fpage%23access_token%3Ds3cret%26state%3D1",
            "/cb?next=%2Fpage%23access_token%3D<redacted>%26state%3D1"
        ),
    ]

    static func request(_ path: String) -> HTTPRequest {
        HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: path)
    }

    @Test(arguments: secretCases)
    func aNestedSecretIsHiddenInTheRequestAndItsURL(path: String, redacted: String) throws {
        #expect(Redaction.standard.redact(Self.request(path)).path == redacted)
        #expect(Redaction.standard.displayURL(of: Self.request(path)) == "https://api.example.com" + redacted)
        // The outer value is still validly percent-encoded at every depth, down to the nested
        // URL with its secret's value redacted.
        let query = try #require(redacted.split(separator: "?", maxSplits: 1).last)
        let pair = try #require(query.split(separator: "&").first { $0.contains("<redacted>") })
        var value = String(try #require(pair.split(separator: "=", maxSplits: 1).last))
        while value.contains("%") {
            value = try #require(value.removingPercentEncoding)
        }
        #expect(value.contains("=<redacted>"))
    }

    @Test(arguments: [
        "/cb?next=%2Fpage%3Fid%3D7%26tab%3Dtokens",  // no secret name in the nested query
        "/search?q=what%3Ftoken%3Dx",  // not a URL: a search
        "/cb?next=%2Fpage%23section-2",
        "/cb?next=https%3A%2F%2Fapp.example%2Fp%3Ftokens%3D3",
    ])
    func whatIsNotASecretIsKept(path: String) {
        #expect(Redaction.standard.redact(Self.request(path)).path == path)
    }

    @Test(arguments: [
        (
            "failed: https://h.example/cb?next=%2Fpage%3Ftoken%3Ds3cret done",
            "failed: https://h.example/cb?next=%2Fpage%3Ftoken%3D<redacted> done"
        ),
        (
            "return_to=https%3A%2F%2Fa.example%2F%3Fapi_key%3Ds3cret&x=1",
            "return_to=https%3A%2F%2Fa.example%2F%3Fapi_key%3D<redacted>&x=1"
        ),
        ("q=what%3Ftoken%3Dx", "q=what%3Ftoken%3Dx"),
    ])
    func aNestedSecretIsScrubbedFromText(text: String, expected: String) {
        #expect(Redaction.standard.scrub(text) == expected)
    }
}
