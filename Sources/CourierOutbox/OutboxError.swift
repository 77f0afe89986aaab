/// Why the outbox itself failed, as the `underlying` error of the `APIError` it throws (of kind
/// `storage`, or `invalidRequest` for an entry that is not there).
///
/// ```swift
/// do {
///     outbox = try await Outbox(directory: folder, client: client)
/// } catch where (error.underlying as? OutboxError)?.kind == .alreadyOpen {
///     // another process (or another Outbox in this one) has the store
/// }
/// ```
public struct OutboxError: Error, CustomStringConvertible {
    /// What went wrong, as an open set of values; always include a `default` case when switching.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case alreadyOpen, closed, damaged, unsupportedFormat, io, notFound
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Another `Outbox`, in this process or another, has the store open: only one may deliver
        /// its entries.
        public static var alreadyOpen: Self { .init(.alreadyOpen) }

        /// The outbox was closed.
        public static var closed: Self { .init(.closed) }

        /// The store's journal is not an outbox journal, or its header is damaged. It was left as
        /// it is.
        public static var damaged: Self { .init(.damaged) }

        /// The store's journal was written by a version of CourierOutbox with another format. It
        /// was left as it is.
        public static var unsupportedFormat: Self { .init(.unsupportedFormat) }

        /// A file operation failed: no space, no permission, a disk error. The change was not made.
        public static var io: Self { .init(.io) }

        /// No entry (or dead letter) has the identifier given.
        public static var notFound: Self { .init(.notFound) }

        /// The kind's name, like `alreadyOpen`.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let kind: Kind

    /// A short explanation for a person.
    public let message: String

    /// The error that caused this one (a file system error), if any.
    public let underlying: (any Error)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: A short explanation for a person.
    ///   - underlying: The error that caused this one, if any.
    public init(_ kind: Kind, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// The kind and the message, with the underlying error's description.
    public var description: String {
        "\(kind): \(message)" + (underlying.map { " (\($0))" } ?? "")
    }
}
