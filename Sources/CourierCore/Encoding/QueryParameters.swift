/// Ordered query parameters (or form fields), written as a dictionary literal.
///
/// ```swift
/// var query: QueryParameters {
///     ["q": searchText, "page": 2, "tags": ["swift", "http"], "since": optionalDate]
/// }
/// ```
///
/// Parameters keep the order they were written in. `nil` values are left out; arrays repeat the
/// name. Names and values are percent-encoded per RFC 3986, so `a+b&c=d`, spaces and any Unicode
/// reach the server exactly as written.
public struct QueryParameters: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One `name=value` pair, before encoding.
    public struct Item: Sendable, Hashable {
        /// The parameter's name.
        public var name: String
        /// The parameter's value.
        public var value: String

        /// Creates a pair.
        ///
        /// - Parameters:
        ///   - name: The parameter's name.
        ///   - value: The parameter's value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs, in order.
    public private(set) var items: [Item]

    /// Creates a query from pairs.
    ///
    /// - Parameter items: The pairs, in order.
    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Creates a query from a literal; `nil` values are left out.
    ///
    /// - Parameter elements: Names and values, in order.
    public init(dictionaryLiteral elements: (String, (any QueryValue)?)...) {
        self.items = []
        for (name, value) in elements {
            append(name, value)
        }
    }

    /// Adds a parameter; a `nil` value adds nothing and an array adds one pair per element.
    ///
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - value: The parameter's value.
    public mutating func append(_ name: String, _ value: (any QueryValue)?) {
        guard let value else { return }
        for text in value.queryValues {
            items.append(Item(name: name, value: text))
        }
    }

    /// Whether the query has no pairs.
    public var isEmpty: Bool { items.isEmpty }

    /// The query as `application/x-www-form-urlencoded` text, like `q=a%2Bb&page=2`.
    package var percentEncoded: String {
        items.map { PercentEncoding.encodeComponent($0.name) + "=" + PercentEncoding.encodeComponent($0.value) }
            .joined(separator: "&")
    }
}
