#if canImport(XCTest)
    public import CourierCore
    import Foundation
    public import XCTest

    extension XCTestCase {
        /// A ``CassetteTransport`` for this test, bound to `Cassettes/<name>.har` in the folder of
        /// the test's file; written when the test ends (a re-recording prints its
        /// ``DriftReport``). A request the cassette cannot answer fails the test.
        ///
        /// ```swift
        /// final class UserTests: XCTestCase {
        ///     func testLoadsTheUser() async throws {
        ///         let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: try cassette("users"))
        ///         let user = try await client.send(UserRequest(id: 1))
        ///         XCTAssertEqual(user.name, "Bob")
        ///     }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The cassette's name, without `.har`.
        ///   - mode: When to record; `COURIER_CASSETTES` in the environment overrides it.
        ///   - upstream: The transport that records: `APIClient.defaultTransport` unless given.
        ///   - matching: Which recording answers a request.
        ///   - names: Names whose values never reach the cassette, besides the client's redaction.
        ///   - placeholders: Values to replay in place of placeholders, by name.
        ///   - pacing: How a replayed stream's chunks arrive.
        ///   - file: The test's file: the cassette is beside it, in `Cassettes/`.
        ///   - line: The test's line, where a miss is reported.
        /// - Returns: The cassette.
        /// - Throws: An error when the file exists but is not a HAR file.
        public func cassette(
            _ name: String,
            mode: CassetteTransport.Mode = .replayOnly,
            recordingFrom upstream: (any Transport)? = nil,
            matching: CassetteTransport.Matching = .methodAndURL,
            redacting names: Set<String> = [],
            placeholders: [String: String] = [:],
            pacing: CassetteTransport.Pacing = .fullSpeed,
            file: StaticString = #filePath,
            line: UInt = #line
        ) throws -> CassetteTransport {
            let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
                .appendingPathComponent("Cassettes").appendingPathComponent("\(name).har")
            let transport = try CassetteTransport(
                url, mode: CassetteTransport.Mode.fromEnvironment() ?? mode, upstream: upstream, matching: matching,
                names: names, placeholders: placeholders, pacing: pacing
            ) { request, reason in
                let error = UnexpectedRequest(request: request, reason: reason)
                XCTFail(error.description, file: file, line: line)
                return error
            }
            addTeardownBlock {
                do {
                    if let drift = try transport.finish() {
                        FileHandle.standardError.write(Data("\(drift)\n".utf8))
                    }
                } catch {
                    XCTFail("The cassette \(url.path) could not be written: \(error)", file: file, line: line)
                }
            }
            return transport
        }
    }
#endif
