import CourierCore
public import Foundation

/// A ``CacheStorage`` on disk: one file per entry in a directory of its own, written atomically,
/// bounded in size, and read back after a restart.
///
/// Each file holds a format marker, the length and SHA-256 digest of its contents, then the entry:
/// a file that is truncated, corrupt or of another format is deleted when read, never returned.
/// Least recently used files make way once the files together pass ``maximumBytes``.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let storage = DiskCacheStorage(directory: caches.appending(path: "api"))
/// let client = APIClient(baseURL: url) { $0.cache = ResponseCache(storage: storage) }
/// ```
///
/// Entries hold response heads and bodies, never request credentials (keys are digests); keep the
/// directory in your app's caches, which the system may clear.
public actor DiskCacheStorage: CacheStorage {
    /// The directory the entries are kept in; created when first needed.
    public let directory: URL
    /// The most bytes the files may take together.
    public let maximumBytes: Int

    private var index: [CacheKey: (size: Int, lastUse: Date)]?
    private static let marker = "CRCACHE1".utf8Data
    private static let headerLength = 8 + 8 + 32
    private static let fileExtension = "entry"

    /// Creates a store over a directory.
    ///
    /// - Parameters:
    ///   - directory: A directory used for nothing else; created when first needed.
    ///   - maximumBytes: The most bytes the files may take together; defaults to 50 MiB.
    public init(directory: URL, maximumBytes: Int = 50 * 1024 * 1024) {
        self.directory = directory
        self.maximumBytes = maximumBytes
    }

    /// The file that holds the entry under `key`.
    ///
    /// - Parameter key: The entry's key.
    /// - Returns: Its file's URL, whether or not it exists.
    package nonisolated func fileURL(for key: CacheKey) -> URL {
        directory.appendingPathComponent("\(key.rawValue).\(Self.fileExtension)")
    }

    /// The entry under `key`, read whole and checked; a file that fails the check is deleted.
    ///
    /// - Parameter key: The entry's key.
    /// - Returns: The entry, if one was stored and reads back whole.
    public func entry(for key: CacheKey) -> CacheEntry? {
        let url = fileURL(for: key)
        guard let data = try? Data(contentsOf: url) else { return nil }
        guard let entry = Self.decode(data) else {
            removeEntry(for: key)
            return nil
        }
        let now = Date()
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
        loadIndex()
        index?[key] = (data.count, now)
        return entry
    }

    /// Writes `entry` atomically, then deletes least recently used files until all fit.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - key: Its key.
    public func store(_ entry: CacheEntry, for key: CacheKey) {
        loadIndex()
        guard let data = Self.encode(entry), data.count <= maximumBytes else {
            removeEntry(for: key)
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: fileURL(for: key), options: .atomic)
        } catch {
            removeEntry(for: key)
            return
        }
        index?[key] = (data.count, Date())
        evict()
    }

    /// Deletes the entry's file.
    ///
    /// - Parameter key: The entry's key.
    public func removeEntry(for key: CacheKey) {
        try? FileManager.default.removeItem(at: fileURL(for: key))
        index?[key] = nil
    }

    /// Deletes every entry's file.
    public func removeAll() {
        loadIndex()
        for key in index?.keys.map({ $0 }) ?? [] { removeEntry(for: key) }
    }

    private func evict() {
        guard var entries = index else { return }
        var total = entries.values.reduce(0) { $0 + $1.size }
        while total > maximumBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            try? FileManager.default.removeItem(at: fileURL(for: oldest.key))
            entries[oldest.key] = nil
            total -= oldest.value.size
        }
        index = entries
    }

    /// Reads the sizes and last uses of the files already there, once.
    private func loadIndex() {
        guard index == nil else { return }
        var found: [CacheKey: (size: Int, lastUse: Date)] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)) ?? []
        for file in files where file.pathExtension == Self.fileExtension {
            guard let key = CacheKey(rawValue: file.deletingPathExtension().lastPathComponent),
                let values = try? file.resourceValues(forKeys: Set(keys))
            else { continue }
            found[key] = (values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        index = found
    }

    /// The file's bytes: marker, length, digest, then the entry as JSON.
    static func encode(_ entry: CacheEntry) -> Data? {
        guard let payload = try? JSONEncoder().encode(entry) else { return nil }
        var data = marker
        data.append(contentsOf: withUnsafeBytes(of: UInt64(payload.count).bigEndian) { Array($0) })
        var hash = SHA256()
        hash.update(payload)
        data.append(contentsOf: hash.finalize())
        data.append(payload)
        return data
    }

    /// The entry in a file's bytes, or `nil` unless marker, length and digest all check out.
    static func decode(_ data: Data) -> CacheEntry? {
        let bytes = [UInt8](data)
        guard bytes.count >= headerLength, bytes.starts(with: marker) else { return nil }
        let length = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard length == UInt64(bytes.count - headerLength) else { return nil }
        let payload = bytes[headerLength...]
        var hash = SHA256()
        hash.update(payload)
        guard hash.finalize() == Array(bytes[16..<48]) else { return nil }
        return try? JSONDecoder().decode(CacheEntry.self, from: Data(payload))
    }
}
