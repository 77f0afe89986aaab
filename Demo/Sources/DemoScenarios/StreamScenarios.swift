#if Demo
    import Courier
    import Foundation

    /// Beyond the seeds: streams — an LLM-style token stream over Server-Sent Events that drops and resumes,
    /// a JSON Lines export, and a list paginated with `Link` headers.
    enum StreamScenarios {
        struct Token: Decodable, Sendable {
            var index: Int
            var text: String
        }

        struct TokensRequest: APIRequest {
            typealias Response = Token
            var method: HTTPRequest.Method { .get }
            var path: String { "/events/tokens" }
            var query: QueryParameters { ["count": 40, "drop_after": 25, "retry_ms": 100, "interval_ms": 5] }
        }

        struct ExportLine: Decodable, Sendable {
            var n: Int
        }

        struct ExportRequest: APIRequest {
            typealias Response = ExportLine
            var method: HTTPRequest.Method { .get }
            var path: String { "/export.ndjson" }
            var query: QueryParameters { ["count": 500] }
        }

        struct ItemsPage: Decodable, Sendable {
            var page: Int
            var items: [Int]
        }

        struct ItemsRequest: APIRequest {
            typealias Response = ItemsPage
            var method: HTTPRequest.Method { .get }
            var path: String { "/items" }
            var page = 1
            var query: QueryParameters { ["page": page] }
        }

        static let scenarios = [
            Scenario(seed: "new", name: "SSE tokens: a drop, resumed from Last-Event-ID", style: .asyncAwait) {
                environment in
                do {
                    var indices: [Int] = []
                    for try await event in environment.client().events(TokensRequest()) {
                        indices.append(event.data.index)
                    }
                    return indices == Array(0..<40)
                        ? .expected("40 tokens in order across a reconnection") : .unexpected("\(indices)")
                } catch {
                    return .failed(error)
                }
            },
            Scenario(seed: "new", name: "JSON Lines export, decoded line by line", style: .asyncAwait) { environment in
                do {
                    var count = 0
                    for try await line in environment.client().jsonLines(ExportRequest()) where line.n == count + 1 {
                        count += 1
                    }
                    return count == 500 ? .expected("500 lines") : .unexpected("\(count) lines in order")
                } catch {
                    return .failed(error)
                }
            },
            Scenario(seed: "new", name: "pages followed through Link: rel=\"next\"", style: .asyncAwait) {
                environment in
                let pagination = Pagination<ItemsRequest>.linkHeader { current, next in
                    var request = current
                    let page = URLComponents(url: next, resolvingAgainstBaseURL: true)?.queryItems?
                        .first { $0.name == "page" }?.value
                    request.page = page.flatMap { Int($0) } ?? 0
                    return request
                }
                do {
                    var pages = 0
                    var items = 0
                    for try await page in environment.client().pages(ItemsRequest(), pagination: pagination) {
                        pages += 1
                        items += page.value.items.count
                    }
                    return pages == 10 ? .expected("\(pages) pages, \(items) items") : .unexpected("\(pages) pages")
                } catch {
                    return .failed(error)
                }
            },
        ]
    }
#endif
