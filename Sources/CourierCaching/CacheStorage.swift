import CourierCore
/// Where a ``ResponseCache`` keeps its entries: one method per verb.
///
/// Courier ships ``MemoryCacheStorage`` (the default, an LRU bounded by bytes) and
/// ``DiskCacheStorage`` (a file per entry, surviving a restart).
///
/// Implementation requirements:
/// - Be `Sendable`; an actor is the simplest way.
/// - Never return an entry other than the one last stored under its key: a store that cannot read
///   an entry back whole (corrupt, truncated, from another version) drops it and returns `nil`.
/// - Bound your size; evicting any entry at any time is allowed, the cache then loads again.
/// - Don't throw: a store that fails to write simply has no entry.
///
/// ```swift
/// actor DictionaryStorage: CacheStorage {
///     var entries: [CacheKey: CacheEntry] = [:]
///     func entry(for key: CacheKey) -> CacheEntry? { entries[key] }
///     func store(_ entry: CacheEntry, for key: CacheKey) { entries[key] = entry }
///     func removeEntry(for key: CacheKey) { entries[key] = nil }
/// }
/// ```
public protocol CacheStorage: Sendable {
    /// The entry stored under `key`, if any.
    ///
    /// - Parameter key: The entry's key.
    /// - Returns: The entry, or `nil` when there is none (or it could not be read whole).
    func entry(for key: CacheKey) async -> CacheEntry?

    /// Stores `entry` under `key`, replacing any entry there.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - key: Its key.
    func store(_ entry: CacheEntry, for key: CacheKey) async

    /// Removes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's key.
    func removeEntry(for key: CacheKey) async
}
