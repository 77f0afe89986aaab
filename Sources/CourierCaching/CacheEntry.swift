import CourierCore
import Foundation

/// What a ``CacheStorage`` keeps under one ``CacheKey``: the stored variants of one resource for
/// one credential.
///
/// Opaque: a store need not look inside, only keep it. It is `Codable`, so a store of your own can
/// write it in any format, and ``byteCount`` tells it what the entry weighs.
public struct CacheEntry: Codable, Sendable, Equatable {
    /// The stored responses, most recently stored first; one per `Vary` variant.
    var variants: [StoredResponse]

    /// The most variants kept per entry; older ones make way.
    static let variantLimit = 8

    init(variants: [StoredResponse]) {
        self.variants = variants
    }

    /// Roughly the bytes the entry takes: its bodies, header fields and bookkeeping.
    public var byteCount: Int {
        variants.reduce(0) { $0 + $1.byteCount }
    }

    /// The variant stored for a request with the digest `variant` of its varying fields.
    func variant(_ variant: (StoredResponse) -> String) -> StoredResponse? {
        variants.first { $0.variant == variant($0) }
    }

    /// The entry with `stored` in place of its variant, first.
    func replacing(with stored: StoredResponse) -> CacheEntry {
        var variants = variants.filter { $0.variant != stored.variant }
        variants.insert(stored, at: 0)
        return CacheEntry(variants: Array(variants.prefix(Self.variantLimit)))
    }

    /// The entry without the variant `variant`, or `nil` when none is left.
    func removing(variant: String) -> CacheEntry? {
        let rest = variants.filter { $0.variant != variant }
        return rest.isEmpty ? nil : CacheEntry(variants: rest)
    }
}
