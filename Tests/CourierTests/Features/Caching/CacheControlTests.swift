import Courier
import Testing

@testable import CourierCaching
@testable import CourierCore

@Suite("CacheControl")
struct CacheControlTests {
    @Test func parsesDirectivesCaseInsensitivelyWithTokenAndQuotedArguments() {
        let control = CacheControl("Max-Age=60, PRIVATE, no-cache=\"Set-Cookie, X-Foo\", stale-if-error=\"30\"")
        #expect(control.maxAge == 60)
        #expect(control.isPrivate)
        #expect(control.noCache)
        #expect(control.staleIfError == 30)
        #expect(!control.noStore)
        #expect(!control.mustRevalidate)
    }

    @Test func combinesSeveralFieldLinesAndKeepsTheFirstOfARepeatedDirective() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cacheControl, value: "max-age=10"))
        fields.append(HTTPField(name: .cacheControl, value: "must-revalidate, max-age=99"))
        let control = CacheControl(fields)
        #expect(control.maxAge == 10)
        #expect(control.mustRevalidate)
    }

    @Test(arguments: ["max-age=-1", "max-age=1.5", "max-age=", "max-age=ten", "max-age"])
    func aMalformedMaxAgeIsNoMaxAge(_ text: String) {
        let control = CacheControl(text)
        #expect(control.maxAge == nil)
        #expect(control.isMalformed("max-age"))
    }

    @Test func anOverflowingMaxAgeMeansAVeryLongTime() {
        #expect(CacheControl("max-age=99999999999999999999999").maxAge == Int.max)
    }

    @Test func aQuotedPairDoesNotEndAQuotedString() {
        // Found by a property test: the escaped quote ended the string, and the comma after it
        // began one, so the directives after it were lost.
        let control = CacheControl(#"no-cache="a\", b", no-store, max-age=5"#)
        #expect(control.noCache)
        #expect(control.noStore)
        #expect(control.maxAge == 5)
    }

    @Test func emptyAndStrayCommasAreIgnored() {
        let control = CacheControl(" , no-store,, ")
        #expect(control.noStore)
        #expect(control.maxAge == nil)
    }
}
