#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// The disk store against the demo server, over every transport: it survives a new client, drops a
    /// corrupt entry, and serves stale when offline if asked to.
    @Suite("Wire: disk cache")
    struct WireDiskCacheTests {
        @Test(arguments: TransportKind.available)
        func theDiskStoreSurvivesANewClientInstance(_ kind: TransportKind) async throws {
            let directory = temporaryCacheDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await DemoServer.withRunning { baseURL in
                let request = CachedResource(key: "disk-\(kind)")
                let first = try await makeClient(kind, baseURL: baseURL) {
                    $0.cache = ResponseCache(storage: DiskCacheStorage(directory: directory))
                }.send(request)
                // Another client, another cache, another store object: only the files are shared.
                let log = OutcomeLog()
                let restarted = makeClient(kind, baseURL: baseURL) {
                    $0.cache = ResponseCache(storage: DiskCacheStorage(directory: directory), observe: log.record)
                }
                #expect(try await restarted.send(request) == first)
                #expect(log.all == [.hit])
                #expect(try await serverHits(kind, baseURL, key: request.key).hits == 1)
            }
        }

        @Test(arguments: TransportKind.available)
        func aCorruptOrTruncatedDiskEntryIsDroppedNeverReturned(_ kind: TransportKind) async throws {
            let directory = temporaryCacheDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await DemoServer.withRunning { baseURL in
                for damage in ["truncate", "flip"] {
                    let request = CachedResource(key: "corrupt-\(damage)-\(kind)")
                    _ = try await makeClient(kind, baseURL: baseURL) {
                        $0.cache = ResponseCache(storage: DiskCacheStorage(directory: directory))
                    }.send(request)
                    let files = try FileManager.default.contentsOfDirectory(
                        at: directory, includingPropertiesForKeys: nil)
                    for file in files {
                        var data = try Data(contentsOf: file)
                        if damage == "truncate" {
                            data = data.prefix(data.count - 10)
                        } else {
                            data[data.count - 5] ^= 0xFF
                        }
                        try data.write(to: file)
                    }
                    let log = OutcomeLog()
                    let client = makeClient(kind, baseURL: baseURL) {
                        $0.cache = ResponseCache(storage: DiskCacheStorage(directory: directory), observe: log.record)
                    }
                    #expect(try await client.send(request).served == 2, "\(damage)")
                    #expect(log.all == [.miss], "\(damage)")
                    // Loaded again and stored whole: the next call is a hit.
                    #expect(try await client.send(request).served == 2, "\(damage)")
                    for file in try FileManager.default.contentsOfDirectory(
                        at: directory, includingPropertiesForKeys: nil)
                    {
                        try FileManager.default.removeItem(at: file)
                    }
                }
            }
        }

        @Test(arguments: TransportKind.available)
        func aStaleEntryAnswersWhenTheServerIsGoneOnlyUnderTheOfflinePolicy(_ kind: TransportKind) async throws {
            let offline = ResponseCache(servesStaleWhenOffline: true)
            let strict = ResponseCache()
            let request = CachedResource(key: "offline-\(kind)", cacheControl: "max-age=0")
            let (baseURL, first) = try await DemoServer.withRunning { baseURL in
                let first = try await makeClient(kind, baseURL: baseURL) { $0.cache = offline }.send(request)
                _ = try await makeClient(kind, baseURL: baseURL) { $0.cache = strict }.send(request)
                return (baseURL, first)
            }
            // The server has stopped: its port refuses connections.
            let served = try await makeClient(kind, baseURL: baseURL) {
                $0.cache = offline
                $0.timeout = .seconds(5)
            }.send(request)
            #expect(served == first)
            let error = await #expect(throws: APIError.self) {
                try await makeClient(kind, baseURL: baseURL) {
                    $0.cache = strict
                    $0.timeout = .seconds(5)
                }.send(request)
            }
            #expect(error?.kind == .transport || error?.kind == .timeout)
        }
    }
#endif
