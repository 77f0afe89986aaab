import Courier
import Foundation
import Testing

@Suite("QueryParameters")
struct QueryTests {
    @Test func keepsOrderOmitsNilAndRepeatsArrays() {
        let missing: Int? = nil
        let present: Int? = 3
        let query: QueryParameters = ["b": "2", "a": missing, "tags": ["x", "y"], "c": present, "empty": [String]()]
        #expect(query.items.map(\.name) == ["b", "tags", "tags", "c"])
        #expect(query.percentEncoded == "b=2&tags=x&tags=y&c=3")
    }

    @Test(arguments: [
        ("a+b&c=d", "a%2Bb%26c%3Dd"),
        ("x y", "x%20y"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("-._~", "-._~"),
        ("/?#[]@!$'()*,;%", "%2F%3F%23%5B%5D%40%21%24%27%28%29%2A%2C%3B%25"),
    ])
    func percentEncodesEverythingButUnreserved(value: String, encoded: String) {
        let query: QueryParameters = ["k": value]
        #expect(query.percentEncoded == "k=\(encoded)")
    }

    @Test func encodesScalarsPlainly() {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let query: QueryParameters = [
            "i": -7, "d": 0.25, "t": true, "f": false, "u": id, "n": Decimal(string: "1.10")!,
        ]
        #expect(query.percentEncoded == "i=-7&d=0.25&t=true&f=false&u=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&n=1.1")
    }

    @Test func appendBuildsTheSameAsALiteral() {
        var query = QueryParameters()
        query.append("q", "swift")
        query.append("skip", Int?.none)
        query.append("page", 2)
        #expect(query == ["q": "swift", "page": 2])
        #expect(!query.isEmpty)
        #expect(QueryParameters().isEmpty)
    }
}

@Suite("MultipartForm")
struct MultipartFormTests {
    @Test func encodesPartsWithBoundaries() async throws {
        var form = MultipartForm(boundary: "B")
        form.append("a", value: "1")
        form.append("f", filename: "x.txt", contentType: "text/plain", data: Data("hi".utf8))
        let recorder = Recorder()
        _ = try await recorder.client().send(StubRequest(method: .post, body: .multipart(form)))
        let body = String(decoding: try #require(recorder.bodies.first ?? nil), as: UTF8.self)
        #expect(
            body == "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nhi\r\n"
                + "--B--\r\n"
        )
        #expect(recorder.requests.first?.headerFields[.contentType] == "multipart/form-data; boundary=B")
    }

    @Test func namesCannotBreakOutOfTheirHeader() async throws {
        var form = MultipartForm(boundary: "B")
        form.append("evil\"\r\nX-Injected: 1", filename: "a\".txt", contentType: "text/plain", data: Data())
        let recorder = Recorder()
        _ = try await recorder.client().send(StubRequest(method: .post, body: .multipart(form)))
        let body = String(decoding: try #require(recorder.bodies.first ?? nil), as: UTF8.self)
        #expect(body.contains("name=\"evil%22%0D%0AX-Injected: 1\"; filename=\"a%22.txt\""))
    }
}
