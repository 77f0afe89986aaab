import Courier
import Foundation
import HTTPTypes

/// A transport that serves one file with a strong `ETag` and byte ranges, its answers cut after
/// the bytes `cuts` lists (one per request, `nil` for none), and records the requests.
struct RangeStubTransport: Transport {
    struct Dropped: Error {}

    let file: Data
    let cuts: [Int?]
    /// The file's version per request: a request whose `If-Range` names another gets a `200`.
    var versions: [Int] = []
    let sent = Locked<[HTTPRequest]>([])

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        let version = index < versions.count ? versions[index] : versions.last ?? 1
        let tag = "\"v\(version)\""
        let content = version == 1 ? file : Data(file.reversed())
        var fields: HTTPFields = [.eTag: tag, .acceptRanges: "bytes"]
        var status = HTTPResponse.Status.ok
        var sentRange = 0..<content.count
        if let range = request.headerFields[.range], range.hasPrefix("bytes="),
            let first = Int(range.dropFirst(6).prefix { $0 != "-" }),
            request.headerFields[.ifRange] == nil || request.headerFields[.ifRange] == tag
        {
            status = .partialContent
            sentRange = first..<content.count
            fields[.contentRange] = "bytes \(first)-\(content.count - 1)/\(content.count)"
        }
        fields[.contentLength] = "\(sentRange.count)"
        let cut = index < cuts.count ? cuts[index] : nil
        let bytes = content[sentRange]
        let sentBytes = cut.map { bytes.prefix($0) } ?? bytes
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            var offset = sentBytes.startIndex
            while offset < sentBytes.endIndex {
                let next = min(sentBytes.endIndex, offset + 1000)
                continuation.yield(Data(sentBytes[offset..<next]))
                offset = next
            }
            if cut != nil { continuation.finish(throwing: Dropped()) } else { continuation.finish() }
        }
        return (
            HTTPResponse(status: status, headerFields: fields), ResponseBody(stream, expectedLength: sentRange.count)
        )
    }

    var ranges: [String?] { sent.withLock { $0.map { $0.headerFields[.range] } } }
    var ifRanges: [String?] { sent.withLock { $0.map { $0.headerFields[.ifRange] } } }
}
