import AsyncHTTPClient
import Courier
import Foundation
import NIOConcurrencyHelpers

/// One large transfer with Courier, reported as one line of JSON: bytes, seconds, MiB/s and the
/// process's peak resident memory.
enum Transfers {
    struct Download: APIRequest {
        typealias Response = Data
        var method: HTTPRequest.Method { .get }
        let path: String
        var timeout: Duration? { .seconds(600) }
    }

    struct Upload: APIRequest {
        struct Receipt: Decodable, Sendable {
            let bytes: Int
        }
        typealias Response = Receipt
        let file: URL
        var method: HTTPRequest.Method { .put }
        var path: String { "/upload" }
        var body: RequestBody? { .file(file) }
        var timeout: Duration? { .seconds(600) }
    }

    static func client(_ kind: ClientKind, base: URL) -> APIClient {
        let transport: any Transport =
            kind == .courierURLSession
            ? URLSessionTransport() : ClientKind.courierTransport
        return APIClient(baseURL: base, transport: transport)
    }

    /// Downloads `file` to a temporary file.
    static func measureDownload(_ file: String, from base: URL, kind: ClientKind) async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let started = ContinuousClock.now
        try await client(kind, base: base).download(Download(path: "/" + file), to: destination)
        let elapsed = seconds(of: started.duration(to: .now))
        let size =
            (try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.int64Value ?? 0
        report(["client": kind.rawValue, "download": file], bytes: size, elapsed: elapsed)
    }

    /// Uploads the file at `path` to `/upload`, which answers `{"bytes": N}` with what it read.
    static func measureUpload(_ file: URL, to base: URL, kind: ClientKind) async throws {
        let last = NIOLockedValueBox<Int64>(0)
        let started = ContinuousClock.now
        let receipt = try await client(kind, base: base).upload(Upload(file: file)) { progress in
            last.withLockedValue { $0 = progress.completedBytes }
        }
        let elapsed = seconds(of: started.duration(to: .now))
        report(
            [
                "client": kind.rawValue, "upload": file.lastPathComponent,
                "progress_bytes": "\(last.withLockedValue { $0 })",
            ],
            bytes: Int64(receipt.bytes), elapsed: elapsed)
    }

    static func report(_ fields: [String: String], bytes: Int64, elapsed: Double) {
        var result = fields
        result["bytes"] = "\(bytes)"
        result["seconds"] = String(format: "%.2f", elapsed)
        result["mib_per_second"] = String(format: "%.0f", Double(bytes) / 1_048_576 / elapsed)
        result["peak_rss_mib"] = String(format: "%.1f", Measure.peakResidentMiB())
        let json = try! JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
