import Courier
import Foundation
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// A download's hash taken from its file as the file grows, on a queue of its own (``FileHasher``).
@Suite("Downloads: the file hashed as it is written")
struct FileHasherTests {
    /// A file in a folder of its own, removed after the test.
    private static func withFile(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("body.bin")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        try await body(file)
    }

    private static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test(arguments: DigestAlgorithm.allCases)
    func bytesHashedAsTheyAreWrittenGiveTheWholeFilesDigest(_ algorithm: DigestAlgorithm) async throws {
        try await Self.withFile { file in
            let hasher = FileHasher(algorithm, file: file)
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var written: [UInt8] = []
            // Pieces smaller and larger than a read, told about one at a time.
            for count in [1, 63, 1000, FileHasher.readSize + 17, 5, 3 * FileHasher.readSize / 2] {
                let piece = Self.random(count)
                try handle.write(contentsOf: piece)
                written += piece
                hasher.advance(to: Int64(written.count))
            }
            let digest = try await hasher.digest(of: Int64(written.count))
            let expected =
                algorithm == .sha256
                ? SHA2Implementation.compiled.sha256([written]) : SHA2Implementation.compiled.sha512([written])
            #expect(SHA256.hex(digest) == expected)
        }
    }

    @Test func bytesAlreadyInTheFileAreHashedFromItsStart() async throws {
        try await Self.withFile { file in
            let bytes = Self.random(2 * FileHasher.readSize + 3)
            try Data(bytes).write(to: file)
            let hasher = FileHasher(.sha256, file: file)
            hasher.advance(to: Int64(bytes.count - 100))
            let digest = try await hasher.digest(of: Int64(bytes.count - 100))
            #expect(SHA256.hex(digest) == SHA256.hex(of: bytes.dropLast(100)))
        }
    }

    @Test func aFileShorterThanTheHasherWasToldIsAStorageError() async throws {
        try await Self.withFile { file in
            try Data(Self.random(10)).write(to: file)
            let hasher = FileHasher(.sha512, file: file)
            let error = await #expect(throws: APIError.self) { try await hasher.digest(of: 11) }
            #expect(error?.kind == .storage)
        }
    }

    @Test func aStoppedHasherAnswersNoDigest() async throws {
        try await Self.withFile { file in
            try Data(Self.random(10)).write(to: file)
            let hasher = FileHasher(.sha256, file: file)
            hasher.stop()
            await #expect(throws: CancellationError.self) { try await hasher.digest(of: 10) }
        }
    }
}
