import Courier
import Foundation
import Testing

@testable import CourierCaching
@testable import CourierCore

@Suite("CacheStorage")
struct CacheStorageTests {
    static func entry(bytes: Int, variant: String = "") -> CacheEntry {
        CacheEntry(variants: [
            StoredResponse(
                response: HTTPResponse(status: .ok, headerFields: [.eTag: "\"x\""]),
                body: Data(repeating: 7, count: bytes), requestTime: Date(), responseTime: Date(), variant: variant)
        ])
    }

    static func key(_ name: String) -> CacheKey {
        CacheKey(HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/\(name)"))
    }

    @Test func theMemoryStoreEvictsTheLeastRecentlyUsedEntriesPastItsBytes() async {
        let storage = MemoryCacheStorage(maximumBytes: 3_000)
        await storage.store(Self.entry(bytes: 900), for: Self.key("a"))
        await storage.store(Self.entry(bytes: 900), for: Self.key("b"))
        await storage.store(Self.entry(bytes: 900), for: Self.key("c"))
        _ = await storage.entry(for: Self.key("a"))  // b is now the least recently used
        await storage.store(Self.entry(bytes: 900), for: Self.key("d"))
        #expect(await storage.entry(for: Self.key("a")) != nil)
        #expect(await storage.entry(for: Self.key("b")) == nil)
        #expect(await storage.entry(for: Self.key("d")) != nil)
        #expect(await storage.byteCount <= 3_000)
        await storage.store(Self.entry(bytes: 5_000), for: Self.key("huge"))
        #expect(await storage.entry(for: Self.key("huge")) == nil)
    }

    @Test func theDiskFormatRoundTripsAndRejectsEveryDamage() throws {
        let entry = Self.entry(bytes: 100)
        let data = try #require(DiskCacheStorage.encode(entry))
        #expect(DiskCacheStorage.decode(data) == entry)
        #expect(DiskCacheStorage.decode(data.prefix(data.count - 1)) == nil)
        #expect(DiskCacheStorage.decode(data + Data([0])) == nil)
        #expect(DiskCacheStorage.decode(Data()) == nil)
        for offset in [0, 10, 20, 60, data.count - 1] {
            var damaged = data
            damaged[offset] ^= 0x01
            #expect(DiskCacheStorage.decode(damaged) == nil, "flipped byte \(offset)")
        }
    }

    @Test func theDiskStoreBoundsItsSizeAndDeletesWhatItCannotRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = DiskCacheStorage(directory: directory, maximumBytes: 5_000)
        for name in ["a", "b", "c", "d"] { await storage.store(Self.entry(bytes: 1_500), for: Self.key(name)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count < 4)
        #expect(
            await storage.entry(for: Self.key("d"))
                == Self.entry(bytes: 1_500).withTimes(of: await storage.entry(for: Self.key("d"))))
        try Data("junk".utf8).write(to: storage.fileURL(for: Self.key("d")))
        #expect(await storage.entry(for: Self.key("d")) == nil)
        #expect(!FileManager.default.fileExists(atPath: storage.fileURL(for: Self.key("d")).path))
    }
}

extension CacheEntry {
    /// This entry with the times of `other`, so that two entries made at different instants compare.
    fileprivate func withTimes(of other: CacheEntry?) -> CacheEntry {
        guard let other else { return self }
        var copy = self
        for index in copy.variants.indices where index < other.variants.count {
            copy.variants[index].requestTime = other.variants[index].requestTime
            copy.variants[index].responseTime = other.variants[index].responseTime
        }
        return copy
    }
}
