import CourierCore
/// A ``CacheStorage`` in memory: least recently used entries make way once the entries together
/// pass a number of bytes. The default store of a ``ResponseCache``.
public actor MemoryCacheStorage: CacheStorage {
    /// The most bytes the entries may take together (bodies included, see
    /// ``CacheEntry/byteCount``).
    public let maximumBytes: Int

    private var entries: [CacheKey: (entry: CacheEntry, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var totalBytes = 0

    /// Creates an empty store.
    ///
    /// - Parameter maximumBytes: The most bytes the entries may take together; defaults to 10 MiB.
    ///   An entry larger than that is not stored.
    public init(maximumBytes: Int = 10 * 1024 * 1024) {
        self.maximumBytes = maximumBytes
    }

    /// The bytes the entries take together.
    public var byteCount: Int { totalBytes }

    /// The entry under `key`, now the most recently used.
    ///
    /// - Parameter key: The entry's key.
    /// - Returns: The entry, if any.
    public func entry(for key: CacheKey) -> CacheEntry? {
        guard let found = entries[key] else { return nil }
        clock += 1
        entries[key] = (found.entry, clock)
        return found.entry
    }

    /// Stores `entry`, evicting the least recently used entries until all fit.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - key: Its key.
    public func store(_ entry: CacheEntry, for key: CacheKey) {
        removeEntry(for: key)
        let size = entry.byteCount
        guard size <= maximumBytes else { return }
        while totalBytes + size > maximumBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            removeEntry(for: oldest.key)
        }
        clock += 1
        entries[key] = (entry, clock)
        totalBytes += size
    }

    /// Removes the entry under `key`.
    ///
    /// - Parameter key: The entry's key.
    public func removeEntry(for key: CacheKey) {
        guard let removed = entries.removeValue(forKey: key) else { return }
        totalBytes -= removed.entry.byteCount
    }
}
