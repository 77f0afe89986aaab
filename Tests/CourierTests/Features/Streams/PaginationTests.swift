import Courier
import Foundation
import HTTPTypes
import Testing
@testable import CourierStreams

@Suite("Pagination")
struct PaginationTests {
    struct ItemsPage: Decodable, Sendable {
        var items: [Int]
        var next: String?
    }

    struct ItemsRequest: APIRequest {
        typealias Response = ItemsPage
        var method: HTTPRequest.Method { .get }
        var path: String { "/items" }
        var page = 1
        var cursor: String?
        var query: QueryParameters { ["page": page, "cursor": cursor] }
    }

    static func client(_ transport: HandlerTransport) -> APIClient {
        APIClient(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
    }

    static func page(of request: HTTPRequest) -> Int {
        let query = URLComponents(string: request.path ?? "")?.queryItems ?? []
        return query.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 0
    }

    static let byLink = Pagination<ItemsRequest>.linkHeader { _, next in
        let query = URLComponents(url: next, resolvingAgainstBaseURL: true)?.queryItems ?? []
        return ItemsRequest(page: query.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 0)
    }

    @Test func followsTheLinkHeaderToTheEnd() async throws {
        let transport = HandlerTransport { request in
            let page = Self.page(of: request)
            var fields: HTTPFields = [.contentType: "application/json"]
            if page < 10 {
                fields[HTTPField.Name("Link")!] =
                    "</v1/items?page=1>; rel=\"first\", </v1/items?page=\(page + 1)>; rel=\"next last\""
            }
            return (fields, "{\"items\": [\(page * 10), \(page * 10 + 1)]}")
        }
        var items: [Int] = []
        for try await item in Self.client(transport).pages(ItemsRequest(), pagination: Self.byLink).items(\.items) {
            items.append(item)
        }
        let expected: [Int] = (1...10).flatMap { page -> [Int] in [page * 10, page * 10 + 1] }
        #expect(items == expected)
        #expect(transport.paths.withLock { $0.count } == 10)
    }

    @Test func aRepeatedNextRequestIsAnErrorNotALoop() async throws {
        let transport = HandlerTransport { request in
            let page = Self.page(of: request)
            let next = page == 3 ? 2 : page + 1  // 1 → 2 → 3 → 2
            return ([HTTPField.Name("Link")!: "<?page=\(next)>; rel=next"], "{\"items\": [\(page)]}")
        }
        var pages: [Int] = []
        let error = await #expect(throws: APIError.self) {
            for try await page in Self.client(transport).pages(ItemsRequest(), pagination: Self.byLink) {
                pages.append(page.value.items[0])
            }
        }
        #expect(pages == [1, 2, 3])
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.contains("loop") == true)
        #expect(error?.requestName == "ItemsRequest")
        #expect(transport.paths.withLock { $0.count } == 3)
    }

    @Test func followsACursorInTheBody() async throws {
        let transport = HandlerTransport { request in
            let cursor = URLComponents(string: request.path ?? "")?.queryItems?.first { $0.name == "cursor" }?.value
            switch cursor {
            case nil: return ([:], "{\"items\": [1], \"next\": \"b\"}")
            case "b": return ([:], "{\"items\": [2], \"next\": \"c\"}")
            default: return ([:], "{\"items\": [3], \"next\": null}")
            }
        }
        let pagination = Pagination<ItemsRequest>.cursor(\.next) { current, cursor in
            var next = current
            next.cursor = cursor
            return next
        }
        var items: [Int] = []
        for try await item in Self.client(transport).pages(ItemsRequest(), pagination: pagination).items(\.items) {
            items.append(item)
        }
        #expect(items == [1, 2, 3])
    }

    @Test func countsPageNumbersUntilTheLastPage() async throws {
        let transport = HandlerTransport { request in
            let page = Self.page(of: request)
            return ([:], page <= 4 ? "{\"items\": [\(page)]}" : "{\"items\": []}")
        }
        let pagination = Pagination<ItemsRequest>.pageNumber(\.page) { $0.value.items.isEmpty }
        var items: [Int] = []
        for try await item in Self.client(transport).pages(ItemsRequest(), pagination: pagination).items(\.items) {
            items.append(item)
        }
        #expect(items == [1, 2, 3, 4])
        #expect(transport.paths.withLock { $0.count } == 5)
    }

    @Test func cancellationStopsThePages() async throws {
        let transport = HandlerTransport { _ in ([:], "{\"items\": [1]}") }
        let pagination = Pagination<ItemsRequest>.pageNumber(\.page) { _ in false }  // endless
        let client = Self.client(transport)
        let fetched = Locked(0)
        let task = Task {
            for try await _ in client.pages(ItemsRequest(), pagination: pagination) {
                if fetched.withLock({
                    $0 += 1
                    return $0
                }) == 3 {
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
        }
        let error = await #expect(throws: APIError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
        #expect(fetched.withLock { $0 } == 3)
    }

    @Test(arguments: [
        ("<https://a.example/2>; rel=\"next\"", "https://a.example/2"),
        ("<https://a.example/1>; rel=prev, <https://a.example/3>; rel=next", "https://a.example/3"),
        ("<https://a.example/4>; title=\"a, b; c\"; rel=\"last next\"", "https://a.example/4"),
        ("<https://a.example/5>;REL=NEXT", "https://a.example/5"),
        ("</v1/items?page=6>; rel=next", "https://api.example.com/v1/items?page=6"),
        ("<https://a.example/1>; rel=prev", nil),
        ("<https://a.example/7>; rel=\"nextpage\"", nil),
        // Found by property tests: a quoted pair ended a quoted string, and tabs (whitespace the
        // grammar allows around `=` and before `;`) stuck to the relation types.
        ("<https://a.example/8>; title=\"say \\\"hi\\\", <no>\"; rel=next", "https://a.example/8"),
        ("<https://a.example/9>;\trel=\t\"next\"", "https://a.example/9"),
        ("<https://a.example/10>; rel=next\t; title=x", "https://a.example/10"),
    ])
    func readsTheNextLink(_ field: String, _ expected: String?) async throws {
        let transport = HandlerTransport { _ in ([HTTPField.Name("Link")!: field], "{\"items\": []}") }
        let next = Locked<URL?>(nil)
        let pagination = Pagination<ItemsRequest>.linkHeader { _, url in
            next.withLock { $0 = url }
            return nil
        }
        for try await _ in Self.client(transport).pages(ItemsRequest(), pagination: pagination) {}
        #expect(next.withLock { $0?.absoluteString } == expected)
    }
}
