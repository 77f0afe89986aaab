import Courier
import Foundation
import HTTPTypes

/// A transport that answers each connection with the next scripted streamed response, and records
/// the requests it was sent.
struct ScriptedStreamTransport: Transport {
    /// One connection's answer.
    struct Script: Sendable {
        enum Ending: Sendable {
            /// The body ends normally.
            case close
            /// The connection drops.
            case fail
            /// The body never ends (until the reader is cancelled).
            case hang
        }

        var status: HTTPResponse.Status = .ok
        var contentType = "text/event-stream"
        var chunks: [String]
        var ending: Ending = .close
    }

    struct Dropped: Error {}

    let scripts: [Script]
    let sent = Locked<[HTTPRequest]>([])
    /// Set when a hanging body's reader was cancelled.
    let readersCancelled = Locked(0)

    init(_ scripts: [Script]) {
        self.scripts = scripts
    }

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        let script = index < scripts.count ? scripts[index] : Script(status: .serviceUnavailable, chunks: [])
        let response = HTTPResponse(status: script.status, headerFields: [.contentType: script.contentType])
        let cancelled = readersCancelled
        let clock = context.clock
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            let task = Task {
                for chunk in script.chunks {
                    continuation.yield(Data(chunk.utf8))
                    await Task.yield()
                }
                switch script.ending {
                case .close:
                    continuation.finish()
                case .fail:
                    continuation.finish(throwing: Dropped())
                case .hang:
                    do {
                        try await clock.sleep(for: .seconds(3600))
                    } catch {
                        cancelled.withLock { $0 += 1 }
                        continuation.finish(throwing: error)
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return (response, ResponseBody(stream))
    }

    /// The `Last-Event-ID` of each request, in order.
    var lastEventIDs: [String?] {
        sent.withLock { $0.map { $0.headerFields[HTTPField.Name("Last-Event-ID")!] } }
    }
}
