import Foundation

/// How far a transfer has come: enough to drive a progress bar.
public struct TransferProgress: Sendable, Hashable {
    /// The bytes transferred so far.
    public let completedBytes: Int64

    /// The bytes expected in all, when the server announced a length.
    public let expectedBytes: Int64?

    /// Creates a progress value.
    ///
    /// - Parameters:
    ///   - completedBytes: The bytes transferred so far.
    ///   - expectedBytes: The bytes expected in all, if known.
    package init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The share done, from 0 to 1, when the length is known.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }
}

extension ResponseBody {
    /// This body, reporting the bytes read so far to `progress` after each chunk.
    func reportingProgress(to progress: (@Sendable (TransferProgress) -> Void)?) -> ResponseBody {
        guard let progress else { return self }
        let expected = expectedLength.map(Int64.init)
        return ResponseBody(
            ProgressSequence(base: self, expected: expected, progress: progress), expectedLength: expectedLength)
    }
}

/// Counts the bytes of a body as they are read.
private struct ProgressSequence: AsyncSequence, Sendable {
    typealias Element = Data

    let base: ResponseBody
    let expected: Int64?
    let progress: @Sendable (TransferProgress) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), expected: expected, progress: progress)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        let expected: Int64?
        let progress: @Sendable (TransferProgress) -> Void
        var completed: Int64 = 0

        mutating func next() async throws -> Data? {
            guard let chunk = try await base.next() else { return nil }
            completed += Int64(chunk.count)
            progress(TransferProgress(completedBytes: completed, expectedBytes: expected))
            return chunk
        }
    }
}
