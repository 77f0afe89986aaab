import Courier
import Foundation
import Testing

@Suite("Redaction")
struct RedactionTests {
    @Test func redactsSecretQueryValuesAndConfiguredHeaders() {
        var redaction = Redaction.standard
        redaction.headerNames.insert(HTTPField.Name("X-Api-Key")!)
        redaction.queryNames.insert("session")
        var request = HTTPRequest(
            method: .get,
            scheme: "https",
            authority: "user:pw@api.example.com",
            path: "/a?page=2&API_KEY=k1&session=s1&token"
        )
        request.headerFields = [HTTPField.Name("X-Api-Key")!: "k2", .authorization: "Bearer t", .accept: "*/*"]
        let redacted = redaction.redact(request)
        #expect(redacted.authority == "api.example.com")
        #expect(redacted.path == "/a?page=2&API_KEY=<redacted>&session=<redacted>&token")
        #expect(redacted.headerFields[HTTPField.Name("X-Api-Key")!] == "<redacted>")
        #expect(redacted.headerFields[.authorization] == "<redacted>")
        #expect(redacted.headerFields[.accept] == "*/*")
        #expect(
            redaction.displayURL(of: request)
                == "https://api.example.com/a?page=2&API_KEY=<redacted>&session=<redacted>&token")
    }

    @Test(arguments: [
        (#"{"access_token":"abc","user":"bob"}"#, #"{"access_token":"<redacted>","user":"bob"}"#),
        (#"{"password" : "p\"w", "n": 1}"#, #"{"password" : "<redacted>", "n": 1}"#),
        (#"{"token": 12345}"#, #"{"token": <redacted>}"#),
        (#"{"refresh_token":"trunc"#, #"{"refresh_token":"<redacted>"#),
        ("username=bob&password=hunter2&x=1", "username=bob&password=<redacted>&x=1"),
        ("failed: https://u:p@h.example/x?api_key=zzz done", "failed: https://h.example/x?api_key=<redacted> done"),
        ("nothing secret here", "nothing secret here"),
        // A body that echoes the request's headers, as JSON or as a header dump.
        (
            #"{"headers":{"Authorization":"Bearer s3cret","Cookie":"sid=1","Accept":"*/*"}}"#,
            #"{"headers":{"Authorization":"<redacted>","Cookie":"<redacted>","Accept":"*/*"}}"#
        ),
        (
            "GET / HTTP/1.1\nauthorization: Bearer s3cret\nAccept: */*",
            "GET / HTTP/1.1\nauthorization: <redacted>\nAccept: */*"
        ),
    ])
    func scrubsSecretsFromText(text: String, expected: String) {
        #expect(Redaction.standard.scrub(text) == expected)
    }
}
