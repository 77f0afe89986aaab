import Foundation

/// Counts a response body's bytes against the limits on it, for whoever reads it — both
/// transports and the client: the one place a body's size is checked.
///
/// Two limits apply, each when known:
/// - the most bytes the reader takes (``APIClient/Configuration/maximumBodySize`` for a body read
///   into memory; none for a streamed one), counted after any content coding is undone, and also
///   checked against the announced `Content-Length` before a byte is read;
/// - for a body that arrives decompressed, the announced (compressed) length times the transport's
///   decompression ratio, which stops a decompression bomb even when its body streams.
struct BodyMeter: Sendable {
    /// The most bytes taken.
    let limit: Int
    /// The first content coding undone, when the body arrives decompressed.
    let coding: String?
    /// The ratio, and the most decompressed bytes it allows, when the compressed length is known.
    private let inflation: (ratio: Int, allowed: Int)?
    /// The bytes counted so far.
    private(set) var count = 0

    /// A meter for one body.
    ///
    /// - Parameters:
    ///   - limit: The most (decoded) bytes taken; `.max` for no limit.
    ///   - announcedLength: The response's `Content-Length`, if any: the compressed length when the
    ///     body arrives decompressed.
    ///   - contentEncoding: The response's `Content-Encoding`, when the reader gets the body
    ///     decompressed; `nil` when it gets the bytes as sent.
    ///   - ratio: The largest decompressed size, as a multiple of the compressed one, or `nil`.
    /// - Throws: ``BodyLimitExceeded`` when the announced length already passes `limit`.
    init(
        limit: Int, announcedLength: Int?, contentEncoding: String? = nil, ratio: Int? = nil
    ) throws(BodyLimitExceeded) {
        self.limit = limit
        let coding = ContentDecoding.codings(in: contentEncoding).first
        self.coding = coding
        if coding == nil {
            inflation = nil
            if let announcedLength, announcedLength > limit {
                throw BodyLimitExceeded(limit: limit, reason: .announced(announcedLength))
            }
        } else if let ratio, let announcedLength, announcedLength > 0 {
            let (allowed, overflow) = announcedLength.multipliedReportingOverflow(by: ratio)
            inflation = (ratio, overflow ? .max : allowed)
        } else {
            inflation = nil
        }
    }

    /// A meter that only counts: for a body read by code that sets no limit.
    static let unlimited = try! BodyMeter(limit: .max, announcedLength: nil)

    /// Counts `bytes` more.
    ///
    /// - Throws: ``BodyLimitExceeded`` once the body passes a limit.
    mutating func add(_ bytes: Int) throws(BodyLimitExceeded) {
        count += bytes
        if let inflation, count > inflation.allowed {
            throw BodyLimitExceeded(limit: limit, reason: .ratio(inflation.ratio), coding: coding)
        }
        if count > limit {
            throw BodyLimitExceeded(limit: limit, reason: .limit, coding: coding)
        }
    }
}

/// A body passed a limit of its ``BodyMeter``; the client reports it as
/// ``APIError/Kind/bodyTooLarge``.
struct BodyLimitExceeded: Error, Sendable {
    enum Reason: Sendable, Equatable {
        /// The announced `Content-Length`, this many bytes, passes the limit.
        case announced(Int)
        /// The bytes read passed the limit.
        case limit
        /// The body decompressed to more than this many times its compressed size.
        case ratio(Int?)
    }

    /// The limit on the bytes taken.
    var limit: Int
    var reason: Reason
    /// The content coding undone, when the body arrived decompressed.
    var coding: String?

    /// The error as the call reports it.
    var apiError: APIError {
        guard let coding else {
            let size = if case .announced(let length) = reason { "\(length) bytes" } else { "more" }
            return APIError(.bodyTooLarge, "The response body (\(size)) exceeds the limit of \(limit) bytes.")
        }
        let encoded = "The response body (Content-Encoding: \(coding)) decompresses"
        switch reason {
        case .ratio(let ratio):
            let past = ratio.map { "to more than \($0) times its compressed size, the transport's limit" }
            return APIError(
                .bodyTooLarge,
                "\(encoded) \(past ?? "past the transport's ratio limit"): a possible decompression bomb.")
        case .announced, .limit:
            return APIError(
                .bodyTooLarge, "\(encoded) past the limit of \(limit) bytes: a possible decompression bomb.")
        }
    }
}
