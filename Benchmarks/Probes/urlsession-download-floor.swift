// The floor for a download over FoundationNetworking's URLSession: one data task whose delegate
// runs where it is called (as `URLSessionTransport`'s `DelegateQueue` does on Linux) and, with
// `write`, gathers the chunks into 256 KiB writes to a file (as `BodySpool` does). It prints the
// peak anonymous memory (sampled every 10 ms) and the peak RSS. Not part of any package:
//
//     swiftc -O Benchmarks/Probes/urlsession-download-floor.swift -o /tmp/floor
//     /tmp/floor http://127.0.0.1:PORT/huge.bin inline-write
//
// Modes: `queue` (an ordinary serial OperationQueue), `inline`, `queue-write`, `inline-write`.
import Foundation
import FoundationNetworking

// @unchecked Sendable: no state of its own; OperationQueue is thread-safe.
final class Inline: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
}

// @unchecked Sendable: `bytes` and `pending` are only touched by the delegate callbacks, which
// FoundationNetworking makes one at a time on the session's serial work queue; `main` reads
// `bytes` after `done` is signalled, which happens after the last callback.
final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let file: FileHandle?
    var bytes = 0
    var pending = Data()
    let done = DispatchSemaphore(value: 0)

    init(file: FileHandle?) { self.file = file }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bytes += data.count
        guard let file else { return }
        pending.append(data)
        if pending.count >= 256 * 1024 {
            try! file.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { print("error: \(error)") }
        done.signal()
    }
}

func kibibytes(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}

let url = URL(string: CommandLine.arguments[1])!
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "inline-write"
let output = FileManager.default.temporaryDirectory.appendingPathComponent("floor-\(UUID().uuidString)")
var file: FileHandle?
if mode.hasSuffix("write") {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    file = try FileHandle(forWritingTo: output)
}
let delegate = Delegate(file: file)
let queue = mode.hasPrefix("inline") ? Inline() : OperationQueue()
queue.maxConcurrentOperationCount = 1
let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: queue)
nonisolated(unsafe) var peakAnonymous = 0
Thread {
    while true {
        peakAnonymous = max(peakAnonymous, kibibytes("RssAnon"))
        usleep(10_000)
    }
}.start()
session.dataTask(with: url).resume()
delegate.done.wait()
try? FileManager.default.removeItem(at: output)
print("\(mode): \(delegate.bytes) bytes, peak anonymous \(peakAnonymous / 1024) MiB, peak RSS \(kibibytes("VmHWM") / 1024) MiB")
