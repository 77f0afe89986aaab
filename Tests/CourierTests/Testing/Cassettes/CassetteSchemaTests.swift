import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// A cassette Courier writes is HAR 1.2 as other tools read it: checked against a JSON Schema of
/// HAR 1.2 by Python's `jsonschema` (`Tests/HARSchema/validate.py`).
@Suite("CassetteTransport: HAR 1.2")
struct CassetteSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs the validator on `files`; its output and whether every file is valid.
    static func validate(_ files: [URL]) throws -> (output: String, valid: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", repository.appendingPathComponent("Tests/HARSchema/validate.py").path]
            + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (output, process.terminationStatus == 0)
    }

    @Test func aWrittenCassetteValidatesAgainstHAR12() async throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        let upstream = StubTransport.sequence([
            .reply(.init(status: .found, headerFields: [.location: "/users/2", .setCookie: "s=1; Path=/"])),
            .json(#"{"id": 2, "name": "Ann"}"#),
            .reply(.init(headerFields: [.contentType: "image/png"], body: Data([0x89, 0x50, 0xFF]))),
            .connectionReset,
            .failure(URLError(.serverCertificateHasBadDate)),
        ])
        let recorder = try CassetteTransport(file, mode: .recordOnce, recordingFrom: upstream)
        let client = Cassettes.client(recorder) { $0.cookies = CookieJar() }
        _ = try await client.send(GetUser(id: 1, query: ["q": "a b", "api_key": "k"]))
        _ = try await client.send(Avatar())
        _ = try? await client.send(CreateUser(user: User(id: 3, name: "Eve")))
        _ = try? await client.send(CassetteMatchingTests.FormPost())
        let lines = try CassetteTransport(
            file, mode: .recordOnce, recordingFrom: CassetteStreamTests.lines)
        for try await _ in Cassettes.client(lines).jsonLines(CassetteStreamTests.Lines()) {}
        let failing = try CassetteTransport(file, mode: .recordOnce, recordingFrom: HeadThenFailure())
        _ = try? await Cassettes.client(failing).send(GetUser(id: 5))

        #expect(try Cassettes.entries(file).count == 7)
        let (output, valid) = try Self.validate([file])
        #expect(valid, "\(output)")
    }

    @Test func theCommittedHARFilesValidate() throws {
        let files = try ["Tests", "Demo/Tests"].flatMap { folder in
            let root = Self.repository.appendingPathComponent(folder)
            return try FileManager.default.subpathsOfDirectory(atPath: root.path)
                .filter { $0.hasSuffix(".har") }.map { root.appendingPathComponent($0) }
        }
        #expect(files.count >= 2)
        let (output, valid) = try Self.validate(files)
        #expect(valid, "\(output)")
    }

    @Test func theValidatorRejectsAFileThatIsNotHAR() throws {
        let file = Cassettes.scratch()
        defer { Cassettes.remove(file) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"log": {"version": "1.2", "creator": {"name": "x"}, "entries": [{}]}}"#.utf8).write(to: file)
        let (output, valid) = try Self.validate([file])
        #expect(!valid)
        #expect(output.contains("'version' is a required property"))
    }
}
