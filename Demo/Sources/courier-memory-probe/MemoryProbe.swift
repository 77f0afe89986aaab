import Courier
import Foundation
import ProcessMemory

/// `courier-memory-probe <transport> <url> <maximum body size> [download | keep <destination>]`:
/// makes one call (with `download`, a download to a temporary file; with `keep`, a download to
/// `destination` that keeps its partial download when it fails) and prints how far it raised the
/// process's peak resident memory, and the peak itself, as
/// `kind=<APIError kind or ok> grown=<bytes> peak=<bytes>`.
///
/// The wire tests run it as a child process, so that the peak is the call's alone: in the test
/// process, other tests allocate at the same time. Linux only (it reads `/proc/self/status`).
@main
enum MemoryProbe {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        let mode = Array(arguments.dropFirst(3))
        guard mode.isEmpty || mode == ["download"] || (mode.count == 2 && mode[0] == "keep"),
            let url = URL(string: arguments[arguments.startIndex + 1]),
            let limit = Int(arguments[arguments.startIndex + 2])
        else {
            fail(
                "usage: courier-memory-probe urlSession|asyncHTTPClient <url> <maximum body size> "
                    + "[download | keep <destination>]")
        }
        let downloads = !mode.isEmpty
        let kept = mode.count == 2 ? URL(fileURLWithPath: mode[1]) : nil
        let transport: any Transport
        switch arguments.first {
        case "urlSession": transport = URLSessionTransport()
        #if os(Linux)
            case "asyncHTTPClient": transport = AsyncHTTPClientTransport.shared
        #endif
        default: fail("unknown transport \(arguments.first ?? "")")
        }
        let base = URL(string: "/", relativeTo: url)!.absoluteURL
        let client = APIClient(baseURL: base, transport: transport) {
            $0.maximumBodySize = limit
            $0.timeout = .seconds(120)
        }
        // Warm up (connection pool, session, decoders), so that the peak counts the call only.
        _ = try? await client.send(Probe(path: "/stats"))
        guard PeakMemory.isAvailable, let before = try? PeakMemory.reset() else {
            fail("the peak resident memory cannot be reset and read here (Linux only)")
        }
        let kind: String
        let destination =
            kept ?? FileManager.default.temporaryDirectory.appending(path: "courier-probe-\(UUID().uuidString)")
        defer { if kept == nil { try? FileManager.default.removeItem(at: destination) } }
        do {
            if downloads {
                let options = DownloadOptions(keepsPartialDownload: kept != nil)
                try await client.download(Probe(path: url.path, query: url.query), to: destination, options: options)
            } else {
                _ = try await client.send(Probe(path: url.path, query: url.query))
            }
            kind = "ok"
        } catch {
            kind = "\(error.kind)"
        }
        // Let whatever the transport still had under way land before reading the peak.
        try? await Task.sleep(for: .milliseconds(500))
        let peak = PeakMemory.peak
        print("kind=\(kind) grown=\(max(0, peak - before)) peak=\(peak)")
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(2)
    }
}

/// A call whose body is read whole and discarded.
struct Probe: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String
    var query: QueryParameters = [:]

    init(path: String, query: String? = nil) {
        self.path = path
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            self.query.append(parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}
