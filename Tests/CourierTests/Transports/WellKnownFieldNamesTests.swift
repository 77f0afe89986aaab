import Courier
import HTTPTypes
import Testing

@testable import CourierCore

/// The response-head shortcut for common field names must give the same names as
/// `HTTPField.Name(_:)`, keep the name as received, and refuse what that refuses.
struct WellKnownFieldNamesTests {
    @Test(arguments: ["Content-Type", "content-type", "ETag", "etag", "WWW-Authenticate", "Transfer-Encoding"])
    func knownNamesMatchTheValidatedName(raw: String) throws {
        let name = try #require(WellKnownFieldNames.name(raw))
        #expect(name == HTTPField.Name(raw))
        #expect(name.canonicalName == raw.lowercased())
    }

    @Test func otherSpellingsAndUnknownNamesGoThroughValidation() throws {
        let shouting = try #require(WellKnownFieldNames.name("CONTENT-TYPE"))
        #expect(shouting == .contentType)
        #expect(shouting.rawName == "CONTENT-TYPE")
        let custom = try #require(WellKnownFieldNames.name("X-Request-ID"))
        #expect(custom.canonicalName == "x-request-id")
        #expect(WellKnownFieldNames.name("Bad Name") == nil)
        #expect(WellKnownFieldNames.name("") == nil)
        let long = String(repeating: "x", count: 40)
        #expect(WellKnownFieldNames.name(long)?.canonicalName == long)
    }
}
