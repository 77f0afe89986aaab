#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// A download's body is checked against its digest before it replaces the destination — the
    /// server's `Repr-Digest` or `Content-Digest` (RFC 9530), or the app's SHA-256 or SHA-512 — also
    /// across resumptions; a mismatch removes the file. Over every transport, against the demo server.
    @Suite("Wire: downloads checked against their digest")
    struct WireDigestTests {
        static let size = 1024 * 1024 + 3

        /// Downloads `/download` with `query` (cut twice mid-way unless `cut` is false) over `old`
        /// content at the destination, and returns the outcome and what is at the destination after.
        static func download(
            _ kind: TransportKind, _ query: QueryParameters, digest: DownloadDigest? = nil, cut: Bool = true
        ) async throws -> (Result<HTTPResponse, APIError>, Data?, [String]) {
            try await DemoServer.withRunning { baseURL in
                let directory = try WireDownloadTests.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let destination = directory.appendingPathComponent("checked.bin")
                try Data("old".utf8).write(to: destination)
                var query = query
                if cut {
                    query.append("cuts", 2)
                    query.append("cut_after", 400_000)
                }
                var options = WireResumeTests.options
                options.expectedDigest = digest
                let client = makeClient(kind, baseURL: baseURL)
                let result: Result<HTTPResponse, APIError>
                do {
                    result = .success(
                        try await client.download(WireResumeTests.file(size, query), to: destination, options: options))
                } catch let error as APIError {
                    result = .failure(error)
                }
                #expect(openFiles(in: directory).isEmpty)
                return (
                    result, try? Data(contentsOf: destination),
                    try FileManager.default.contentsOfDirectory(atPath: directory.path)
                )
            }
        }

        @Test(arguments: TransportKind.available, ["repr", "content"])
        func theServersDigestIsCheckedAcrossResumptions(_ kind: TransportKind, field: String) async throws {
            // Content-Digest is the whole body's only on a 200: the cuts would turn it into 206s.
            let (result, data, files) = try await Self.download(kind, ["digest": field], cut: field == "repr")
            #expect(throws: Never.self) { try result.get() }
            #expect(data == DownloadContent.file(size: Self.size))
            #expect(files == ["checked.bin"])
        }

        @Test(arguments: TransportKind.available, ["wrong", "wrong-content"])
        func aBodyThatDoesNotMatchTheServersDigestIsRemoved(_ kind: TransportKind, field: String) async throws {
            let (result, data, files) = try await Self.download(kind, ["digest": field], cut: field == "wrong")
            let error = #expect(throws: APIError.self) { try result.get() }
            #expect(error?.kind == .digestMismatch)
            #expect(error?.message.contains(field == "wrong" ? "Repr-Digest" : "Content-Digest") == true)
            #expect(data == Data("old".utf8))
            #expect(files == ["checked.bin"])
        }

        @Test(arguments: TransportKind.available, [false, true])
        func theAppsDigestIsCheckedAcrossResumptions(_ kind: TransportKind, sha512: Bool) async throws {
            let body = DownloadContent.file(size: Self.size)
            let digest = try #require(
                sha512
                    ? DownloadDigest.sha512(hex: DownloadContent.sha512Hex(body))
                    : DownloadDigest.sha256(hex: DownloadContent.sha256Hex(body)))
            let (result, data, _) = try await Self.download(kind, [:], digest: digest)
            #expect(throws: Never.self) { try result.get() }
            #expect(data == body)
            let wrong = try #require(DownloadDigest.sha256(hex: DownloadContent.sha256Hex(Data("other".utf8))))
            let (failed, kept, files) = try await Self.download(kind, [:], digest: wrong)
            let error = #expect(throws: APIError.self) { try failed.get() }
            #expect(error?.kind == .digestMismatch)
            #expect(kept == Data("old".utf8))
            #expect(files == ["checked.bin"])
        }
    }
#endif
