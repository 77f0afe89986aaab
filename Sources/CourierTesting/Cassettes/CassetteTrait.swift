#if canImport(Testing)
    public import CourierCore
    import Foundation
    public import Testing

    /// A test trait that gives a test a ``CassetteTransport`` bound to `Cassettes/<name>.har`
    /// beside the test's file, as `CassetteTransport.current`.
    ///
    /// ```swift
    /// @Test(.cassette("users"))
    /// func loadsTheUser() async throws {
    ///     let transport = try #require(CassetteTransport.current)
    ///     let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
    ///     #expect(try await client.send(UserRequest(id: 1)).name == "Bob")
    /// }
    /// ```
    ///
    /// The test runs offline from the cassette (``CassetteTransport/Mode/replayOnly``) unless it
    /// names another mode; `COURIER_CASSETTES=once` or `rerecord` in the environment overrides
    /// the mode of every cassette, to record the suite again. After the test, the cassette is
    /// written, and a re-recording prints its ``DriftReport``. The value is task-local, so tests
    /// that run in parallel each see their own.
    public struct CassetteTrait: TestTrait, TestScoping {
        let file: URL
        let mode: CassetteTransport.Mode
        let upstream: (any Transport)?
        let matching: CassetteTransport.Matching
        let names: Set<String>
        let placeholders: [String: String]
        let pacing: CassetteTransport.Pacing
        let sourceLocation: SourceLocation

        /// Opens the cassette, runs the test with it as `CassetteTransport.current`, and writes it.
        ///
        /// - Parameters:
        ///   - test: The test.
        ///   - testCase: The test case.
        ///   - function: The test's body.
        /// - Throws: An unreadable cassette's error, the test's, or the cassette's write error.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let location = sourceLocation
            let transport = try CassetteTransport(
                file, mode: CassetteTransport.Mode.fromEnvironment() ?? mode, upstream: upstream, matching: matching,
                names: names, placeholders: placeholders, pacing: pacing
            ) { request, reason in
                UnexpectedRequest.report(
                    request, reason: reason, fileID: location.fileID, filePath: location.filePath,
                    line: location.line)
            }
            try await CassetteTransport.$current.withValue(transport) {
                try await function()
            }
            if let drift = try transport.finish() {
                FileHandle.standardError.write(Data("\(drift)\n".utf8))
            }
        }
    }

    extension Trait where Self == CassetteTrait {
        /// A ``CassetteTransport`` for the test, bound to `Cassettes/<name>.har` in the folder of the
        /// file the test is in, as `CassetteTransport.current`.
        ///
        /// - Parameters:
        ///   - name: The cassette's name, without `.har`.
        ///   - mode: When to record; `COURIER_CASSETTES` in the environment overrides it.
        ///   - upstream: The transport that records: `APIClient.defaultTransport` unless given.
        ///   - matching: Which recording answers a request.
        ///   - names: Names whose values never reach the cassette, besides the client's redaction.
        ///   - placeholders: Values to replay in place of placeholders, by name.
        ///   - pacing: How a replayed stream's chunks arrive.
        ///   - fileID: The test's file, for a miss's message.
        ///   - filePath: The test's file: the cassette is beside it, in `Cassettes/`.
        ///   - line: The test's line, for a miss's message.
        ///   - column: The test's column, for a miss's message.
        /// - Returns: The trait.
        public static func cassette(
            _ name: String,
            mode: CassetteTransport.Mode = .replayOnly,
            recordingFrom upstream: (any Transport)? = nil,
            matching: CassetteTransport.Matching = .methodAndURL,
            redacting names: Set<String> = [],
            placeholders: [String: String] = [:],
            pacing: CassetteTransport.Pacing = .fullSpeed,
            fileID: String = #fileID,
            filePath: String = #filePath,
            line: Int = #line,
            column: Int = #column
        ) -> Self {
            let file = URL(fileURLWithPath: filePath).deletingLastPathComponent()
                .appendingPathComponent("Cassettes").appendingPathComponent("\(name).har")
            return CassetteTrait(
                file: file, mode: mode, upstream: upstream, matching: matching, names: names,
                placeholders: placeholders, pacing: pacing,
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
#endif
