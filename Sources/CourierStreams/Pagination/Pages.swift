public import CourierCore
import Foundation
import HTTPTypes

/// The pages of a paginated endpoint, fetched one at a time as the iteration asks for them.
///
/// Made by ``APIClient/pages(_:pagination:)``. Each page is an ``APIResponse``: the decoded
/// value with its head. The pages end after the page for which the ``Pagination`` returns no
/// next request. A next request that repeats one already sent (same method and URL) fails with
/// ``APIError/Kind/invalidRequest`` rather than loop; cancelling the iterating task fails with
/// ``APIError/Kind/cancelled``. Every error is an ``APIError``.
public struct Pages<Request: APIRequest>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = APIResponse<Request.Response>

    let client: APIClient
    let first: Request
    let pagination: Pagination<Request>

    /// Creates an iterator, starting at the first request.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: self)
    }

    /// The items of every page, in order, read from each page by `items`.
    ///
    /// ```swift
    /// for try await repository in client.pages(ReposRequest(), pagination: byLink).items { $0 } {
    ///     print(repository.name)
    /// }
    /// ```
    ///
    /// - Parameter items: The items of one page's value.
    /// - Returns: The items, fetching pages as the iteration needs them.
    public func items<Item: Sendable>(
        _ items: @escaping @Sendable (Request.Response) -> [Item]
    ) -> PageItems<Request, Item> {
        PageItems(pages: self, items: items)
    }

    /// Fetches the pages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let pages: Pages
        private var next: Request?
        private var sent: Set<String> = []
        private var count = 0

        fileprivate init(pages: Pages) {
            self.pages = pages
            self.next = pages.first
        }

        /// The next page, or `nil` after the last.
        ///
        /// - Throws: ``APIError``: the page's call failed, the pagination repeated a request, or
        ///   the task was cancelled.
        public mutating func next() async throws -> APIResponse<Request.Response>? {
            do {
                return try await fetch()
            } catch {
                next = nil
                throw pages.client.finished(error, name: Memo.name(of: Request.self))
            }
        }

        private mutating func fetch() async throws(APIError) -> APIResponse<Request.Response>? {
            guard let request = next else { return nil }
            next = nil
            if Task.isCancelled { throw APIError(.cancelled, "The call was cancelled.") }
            let built = try pages.client.resolved.builder.prepare(request).request
            let key = "\(built.method.rawValue) \(built.scheme ?? "")://\(built.authority ?? "")\(built.path ?? "")"
            guard sent.insert(key).inserted else {
                throw APIError(
                    .invalidRequest,
                    "The request for page \(count + 1) repeats the one for an earlier page; "
                        + "the pagination would loop.",
                    request: built)
            }
            let page = try await pages.client.response(for: request)
            count += 1
            let url = URL(string: "\(built.scheme ?? "https")://\(built.authority ?? "")\(built.path ?? "/")")
            do {
                next = try url.flatMap { try pages.pagination.next(request, page, $0) }
            } catch {
                throw APIError(
                    .invalidRequest, "The request for page \(count + 1) could not be made.", request: built,
                    underlying: error)
            }
            return page
        }
    }
}

/// The items of every page of a paginated endpoint, in order: ``Pages`` flattened.
public struct PageItems<Request: APIRequest, Item: Sendable>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item

    let pages: Pages<Request>
    let items: @Sendable (Request.Response) -> [Item]

    /// Creates an iterator, starting at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), items: items)
    }

    /// Iterates the items, fetching the next page when one runs out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pages: Pages<Request>.AsyncIterator
        private let items: @Sendable (Request.Response) -> [Item]
        private var buffer: [Item] = []
        private var index = 0

        fileprivate init(pages: Pages<Request>.AsyncIterator, items: @escaping @Sendable (Request.Response) -> [Item]) {
            self.pages = pages
            self.items = items
        }

        /// The next item, or `nil` after the last page's last item.
        ///
        /// - Throws: ``APIError``, as ``Pages/AsyncIterator/next()``.
        public mutating func next() async throws -> Item? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = items(page.value)
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}

@available(*, unavailable)
extension Pages.AsyncIterator: Sendable {}

@available(*, unavailable)
extension PageItems.AsyncIterator: Sendable {}

extension APIClient {
    /// The pages of a paginated endpoint, from `first` on, as an `AsyncSequence` of
    /// ``APIResponse``s.
    ///
    /// ```swift
    /// let pages = client.pages(IssuesRequest(page: 1), pagination: .pageNumber(\.page) { $0.value.isEmpty })
    /// for try await page in pages { show(page.value) }
    /// ```
    ///
    /// Each page is an ordinary call (interceptors, deadline, status check, decoding), sent when
    /// the iteration asks for it.
    ///
    /// - Parameters:
    ///   - first: The first page's request.
    ///   - pagination: How to make the next page's request from a page.
    /// - Returns: The pages; ``Pages/items(_:)`` flattens them into items.
    public func pages<Request: APIRequest>(_ first: Request, pagination: Pagination<Request>) -> Pages<Request> {
        Pages(client: self, first: first, pagination: pagination)
    }
}
