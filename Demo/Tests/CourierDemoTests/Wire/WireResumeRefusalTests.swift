#if Demo
    import Courier
    import DemoAPI
    import Foundation
    import Testing

    /// What a download does with a server's answer that does not fit the bytes it has, and with a
    /// response it may not resume (no strong validator, no `Accept-Ranges: bytes`) — and that a
    /// strong `Last-Modified` is one it may — over every transport.
    @Suite("Wire: downloads that resume, refused")
    struct WireResumeRefusalTests {
        static func download(
            _ kind: TransportKind, from server: RangeServer,
            _ check: (URL, Result<HTTPResponse, APIError>) throws -> Void
        ) async throws {
            try await WireResumeFaultTests.download(kind, from: server, check)
        }

        @Test(arguments: TransportKind.available, [(3, 0), (0, 1)])
        func aContentRangeThatDoesNotFitFailsAsResumption(_ kind: TransportKind, shifts: (Int, Int)) async throws {
            let server = try RangeServer(size: 400_000) { asked in
                RangeServer.Answer(
                    rangeShift: shifts.0, lengthShift: shifts.1, cutAfter: asked.connection == 0 ? 100_000 : nil)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { destination, result throws in
                let error = #expect(throws: APIError.self) { try result.get() }
                #expect(error?.kind == .resumption)
                #expect(error?.status == .partialContent)
                #expect(!FileManager.default.fileExists(atPath: destination.path))
            }
            #expect(server.ranges.count == 2)
        }

        @Test(arguments: TransportKind.available)
        func rangeNotSatisfiableFailsAsResumption(_ kind: TransportKind) async throws {
            let server = try RangeServer(size: 400_000) { asked in
                asked.connection == 0 ? RangeServer.Answer(cutAfter: 100_000) : RangeServer.Answer(status: 416)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { _, result throws in
                let error = #expect(throws: APIError.self) { try result.get() }
                #expect(error?.kind == .resumption)
                #expect(error?.status == .rangeNotSatisfiable)
            }
        }

        /// Without a strong validator or `Accept-Ranges: bytes`, the bytes received cannot be known
        /// to be of the version the rest would be: the download fails as it did before.
        @Test(
            arguments: TransportKind.available,
            [
                "ETag: W/\"v1\"", "Last-Modified: Tue, 15 Nov 1994 12:45:26 GMT",
                "Last-Modified: Tue, 15 Nov 1994 12:45:26 GMT\r\nDate: Tue, 15 Nov 1994 12:45:26 GMT", "none",
            ])
        func noStrongValidatorOrNoRangesMeansNoResumption(_ kind: TransportKind, validator: String) async throws {
            let server = try RangeServer(size: 400_000) { _ in
                RangeServer.Answer(
                    validatorField: validator == "none" ? "X-Validator: none" : validator, cutAfter: 100_000)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { _, result throws in
                #expect(throws: APIError.self) { try result.get() }
            }
            #expect(server.ranges == [nil])
            let unranged = try RangeServer(size: 400_000) { _ in
                RangeServer.Answer(acceptsRanges: false, cutAfter: 100_000)
            }
            defer { unranged.stop() }
            try await Self.download(kind, from: unranged) { _, result throws in
                #expect(throws: APIError.self) { try result.get() }
            }
            #expect(unranged.ranges == [nil])
        }

        /// A `Last-Modified` the response's `Date` is a minute past is a strong validator (RFC 9110,
        /// 8.8.2.2): the download resumes with it in `If-Range`.
        @Test(arguments: TransportKind.available)
        func aStrongLastModifiedIsResumedWith(_ kind: TransportKind) async throws {
            let modified = "Tue, 15 Nov 1994 12:45:26 GMT"
            let size = 400_000
            let server = try RangeServer(size: size) { asked in
                RangeServer.Answer(
                    validatorField: "Last-Modified: \(modified)\r\nDate: Tue, 15 Nov 1994 12:46:26 GMT",
                    validator: modified, cutAfter: asked.connection == 0 ? 100_000 : nil)
            }
            defer { server.stop() }
            try await Self.download(kind, from: server) { destination, result throws in
                _ = try result.get()
                #expect(try Data(contentsOf: destination) == DownloadContent.file(size: size))
            }
            let ifRanges = server.receivedHeads.map { RangeServer.field("if-range", in: $0) }
            #expect(ifRanges == [nil, modified])
        }
    }
#endif
