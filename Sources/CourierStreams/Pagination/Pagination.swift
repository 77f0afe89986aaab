public import CourierCore
public import Foundation

/// How to get from one page of a paginated endpoint to the next: the next request, made from the
/// current request and its response, or `nil` after the last page.
///
/// ```swift
/// // The Link header (RFC 8288): <https://api.example.com/items?page=3>; rel="next"
/// let byLink = Pagination<ItemsRequest>.linkHeader { current, next in
///     ItemsRequest(query: QueryParameters(url: next))
/// }
/// // A cursor in the body.
/// let byCursor = Pagination<ItemsRequest>.cursor(\.nextCursor) { current, cursor in
///     current.after(cursor)
/// }
/// // Page numbers, until a page comes back empty.
/// let byNumber = Pagination<ItemsRequest>.pageNumber(\.page) { $0.value.items.isEmpty }
/// ```
public struct Pagination<Request: APIRequest>: Sendable {
    let next: @Sendable (_ request: Request, _ page: APIResponse<Request.Response>, _ url: URL) throws -> Request?

    /// A pagination driven by a closure of yours.
    ///
    /// - Parameter next: Makes the next page's request from the current request and its
    ///   response; `nil` after the last page. An error it throws ends the pages with
    ///   ``APIError/Kind/invalidRequest``.
    public init(
        next: @escaping @Sendable (_ request: Request, _ page: APIResponse<Request.Response>) throws -> Request?
    ) {
        self.next = { request, page, _ in try next(request, page) }
    }

    private init(
        resolving next: @escaping @Sendable (Request, APIResponse<Request.Response>, URL) throws -> Request?
    ) {
        self.next = next
    }

    /// Follows the `Link` header's `rel="next"` target (RFC 8288), until a page has none.
    ///
    /// - Parameter request: Makes the request for the next target — an absolute URL, resolved
    ///   against the current page's — typically by copying its query into the current request;
    ///   `nil` to stop.
    /// - Returns: The pagination.
    public static func linkHeader(
        _ request: @escaping @Sendable (_ current: Request, _ next: URL) throws -> Request?
    ) -> Self {
        Self(resolving: { current, page, url in
            guard let target = LinkHeader.next(in: page.response, relativeTo: url) else { return nil }
            return try request(current, target)
        })
    }

    /// Follows a cursor in the response body, until a page has none (or an empty one).
    ///
    /// - Parameters:
    ///   - cursor: Reads the next page's cursor from a response; `nil` after the last page.
    ///   - request: Makes the request for a cursor from the current request.
    /// - Returns: The pagination.
    public static func cursor(
        _ cursor: @escaping @Sendable (Request.Response) -> String?,
        request: @escaping @Sendable (_ current: Request, _ cursor: String) -> Request
    ) -> Self {
        Self { current, page in
            guard let next = cursor(page.value), !next.isEmpty else { return nil }
            return request(current, next)
        }
    }

    /// Counts pages up (or offsets, with a `step`), until `isLastPage` says the current one is the
    /// last.
    ///
    /// - Parameters:
    ///   - number: The request's page number (or offset), which each next request increments.
    ///   - step: How much the number grows per page: 1 for page numbers, the page size for offsets.
    ///   - isLastPage: Whether a page is the last, such as one with fewer items than a full page.
    /// - Returns: The pagination.
    public static func pageNumber(
        _ number: any WritableKeyPath<Request, Int> & Sendable,
        step: Int = 1,
        isLastPage: @escaping @Sendable (APIResponse<Request.Response>) -> Bool
    ) -> Self {
        Self { current, page in
            guard !isLastPage(page) else { return nil }
            var next = current
            next[keyPath: number] += step
            return next
        }
    }
}
