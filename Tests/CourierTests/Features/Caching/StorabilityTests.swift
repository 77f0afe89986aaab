import Courier
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

@Suite("Storability")
struct StorabilityTests {
    func allows(
        _ responseFields: HTTPFields, status: Int = 200, request requestFields: HTTPFields = [:],
        options: RequestOptions = RequestOptions()
    ) -> Bool {
        let request = HTTPRequest(
            method: .get, scheme: "https", authority: "api.example.com", path: "/a", headerFields: requestFields)
        let response = HTTPResponse(status: .init(code: status), headerFields: responseFields)
        return Storability.allows(
            request: request, response: response, redirected: false, options: options, keepsStale: false)
    }

    @Test func noStoreInTheRequestOrTheResponseIsNeverStored() {
        #expect(allows([.cacheControl: "max-age=60"]))
        #expect(!allows([.cacheControl: "max-age=60, no-store"]))
        #expect(!allows([.cacheControl: "max-age=60"], request: [.cacheControl: "no-store"]))
    }

    @Test func varyStarAndPartialResponsesAreNeverStored() {
        #expect(!allows([.cacheControl: "max-age=60", .vary: "*"]))
        #expect(!allows([.cacheControl: "max-age=60"], status: 206))
    }

    @Test func anAuthorizedRequestIsStoredOnlyWhenTheResponseOrTheRequestSaysSo() {
        let authorized: HTTPFields = [.authorization: "Bearer t"]
        #expect(!allows([.cacheControl: "max-age=60"], request: authorized))
        #expect(allows([.cacheControl: "private, max-age=60"], request: authorized))
        #expect(allows([.cacheControl: "public, max-age=60"], request: authorized))
        #expect(
            allows(
                [.cacheControl: "max-age=60"], request: authorized,
                options: RequestOptions().with(\.cachesAuthorizedResponses, true)))
    }

    @Test func aResponseOfNoUseStoredIsNotStored() {
        #expect(!allows([:]))  // no lifetime, no validator
        #expect(allows([.eTag: "\"v\""]))  // revalidatable
        #expect(!allows([.eTag: "\"v\""], status: 201))  // not heuristically cacheable, no explicit lifetime
        #expect(allows([.cacheControl: "max-age=60"], status: 201))
    }

    @Test func keysSeparateCredentialsAndNeverHoldThem() {
        func key(_ authorization: String?) -> CacheKey {
            var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/a")
            request.headerFields[.authorization] = authorization
            return CacheKey(request)
        }
        #expect(key("Bearer alice") != key("Bearer bob"))
        #expect(key("Bearer alice") != key(nil))
        #expect(key("Bearer alice") == key("Bearer alice"))
        #expect(!key("Bearer alice").rawValue.contains("alice"))
        #expect(CacheKey(rawValue: key(nil).rawValue) == key(nil))
        #expect(CacheKey(rawValue: "../etc/passwd") == nil)
    }
}

@Suite("CacheKey")
struct CacheKeyTests {
    func request(_ fields: HTTPFields) -> HTTPRequest {
        HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/a", headerFields: fields)
    }

    @Test func aFieldTheClientDeclaresSecretPartitionsTheCacheAndCountsAsACredential() throws {
        let apiKey = try #require(HTTPField.Name("X-Api-Key"))
        let first = request([apiKey: "one"])
        let second = request([apiKey: "two"])
        #expect(CacheKey(first) == CacheKey(second))  // not declared: an ordinary field
        #expect(CacheKey(first, secretFields: [apiKey]) != CacheKey(second, secretFields: [apiKey]))
        #expect(!CacheKey.hasCredential(first))
        #expect(CacheKey.hasCredential(first, secretFields: [apiKey]))
        let response = HTTPResponse(status: .ok, headerFields: [.cacheControl: "max-age=60"])
        #expect(
            !Storability.allows(
                request: first, response: response, redirected: false, options: RequestOptions(), keepsStale: false,
                secretFields: [apiKey]))
    }
}
