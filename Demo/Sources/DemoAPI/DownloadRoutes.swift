#if Demo
    import Crypto
    package import Foundation
    import Hummingbird
    import NIOCore

    /// `/download`: a file served the way download servers serve one — validators, `Accept-Ranges`,
    /// byte ranges with `If-Range`, RFC 9530 digests — with faults on request: connections cut
    /// mid-body, a version that changes mid-download, ranges ignored.
    ///
    /// `/download?size=N[&version=V][&key=K][&validator=etag|weak|last-modified|close-dates|none]`
    /// `[&ranges=0][&digest=…][&cuts=C&cut_after=M][&change_after=H][&pace_ms=P[&paced_hits=N]]`:
    ///
    /// - the body is ``DownloadContent`` for N bytes of version V (1 by default);
    /// - `validator`: a strong `ETag` (the default), a weak one, a `Last-Modified` a minute before
    ///   `Date`, one equal to `Date` (too close to be strong), or none;
    /// - `ranges=0`: no `Accept-Ranges`, and `Range` ignored (every answer a `200`);
    /// - `digest`: `repr` (`Repr-Digest`, sha-256 and sha-512), `content` (`Content-Digest` on a
    ///   `200`), or a wrong one of either (`wrong`, `wrong-content`);
    /// - `cuts=C&cut_after=M`: the first C answers on key K are cut after M bytes of body (the
    ///   connection dropped), each counted from where the answer starts;
    /// - `change_after=H`: from the (H+1)th request on key K, the file is version V+1 (new bytes, new
    ///   validators);
    /// - `pace_ms`: chunks of 64 KiB (65,521 bytes) P ms apart (with `paced_hits=N`, on the first N
    ///   requests on key K only).
    ///
    /// Every request on key K counts as a hit on K (see `/hits`).
    enum DownloadRoutes {
        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            router.get("download") { request, _ in try await download(request, state: state) }
        }

        static func download(_ request: Request, state: DemoState) async throws -> Response {
            let parameters = request.uri.queryParameters
            let size = parameters.get("size", as: Int.self) ?? 1024 * 1024
            let key = parameters.get("key").map { String($0) } ?? "download"
            let hit = await state.hit(key)
            let changed = parameters.get("change_after", as: Int.self).map { hit > $0 } ?? false
            let version = (parameters.get("version", as: Int.self) ?? 1) + (changed ? 1 : 0)
            let cuts = parameters.get("cuts", as: Int.self) ?? 0
            let cutAfter = hit <= cuts ? parameters.get("cut_after", as: Int.self) : nil
            let ranges = parameters.get("ranges") != "0"
            var headers: HTTPFields = [.contentType: "application/octet-stream"]
            if ranges { headers[.acceptRanges] = "bytes" }
            let now = Date()
            headers[.date] = httpDate(now)
            let validator: String?
            switch parameters.get("validator").map({ String($0) }) ?? "etag" {
            case "weak":
                validator = nil
                headers[.eTag] = "W/\"v\(version)-\(size)\""
            case "last-modified":
                validator = httpDate(now.addingTimeInterval(-60 - Double(version)))
                headers[.lastModified] = validator
            case "close-dates":
                validator = nil
                headers[.lastModified] = httpDate(now)
            case "none":
                validator = nil
            default:
                validator = "\"v\(version)-\(size)\""
                headers[.eTag] = validator
            }
            // A range answer only when the client's If-Range names the current version (RFC 9110, 13.1.5).
            var range: Range<Int>?
            if ranges, let first = request.headers[.range].flatMap(firstByte) {
                let ifRange = request.headers[.ifRange]
                if ifRange == nil || (ifRange == validator && validator != nil) {
                    guard first < size else {
                        headers[.contentRange] = "bytes */\(size)"
                        return Response(status: .rangeNotSatisfiable, headers: headers)
                    }
                    range = first..<size
                }
            }
            let status: HTTPResponse.Status = range == nil ? .ok : .partialContent
            let sent = range ?? 0..<size
            if let range { headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)" }
            switch parameters.get("digest").map({ String($0) }) {
            case "repr":
                headers[.reprDigest] = DownloadContent.digestField(size: size, version: version)
            case "content" where range == nil:
                headers[.contentDigest] = DownloadContent.digestField(size: size, version: version)
            case "wrong":
                headers[.reprDigest] = DownloadContent.digestField(size: size, version: version + 100)
            case "wrong-content" where range == nil:
                headers[.contentDigest] = DownloadContent.digestField(size: size, version: version + 100)
            default:
                break
            }
            let paced = parameters.get("paced_hits", as: Int.self).map { hit <= $0 } ?? true
            let pace = paced ? parameters.get("pace_ms", as: Int.self) ?? 0 : 0
            return Response(
                status: status, headers: headers,
                body: .init(contentLength: sent.count) { writer in
                    // Slices of the pattern's one buffer: a gibibyte costs the server no copying.
                    let pattern = ByteBuffer(bytes: DownloadContent.pattern(version))
                    var offset = sent.lowerBound
                    let end = cutAfter.map { min(sent.upperBound, sent.lowerBound + $0) } ?? sent.upperBound
                    while offset < end {
                        let start = offset % DownloadContent.period
                        let count = min(DownloadContent.period - start, end - offset)
                        try await writer.write(pattern.getSlice(at: start, length: count)!)
                        offset += count
                        if pace > 0 { try await Task.sleep(for: .milliseconds(pace)) }
                    }
                    if end < sent.upperBound { throw DiagnosticRoutes.CutShort() }
                    try await writer.finish(nil)
                })
        }

        /// The first byte of `Range: bytes=N-` or `bytes=N-M`.
        private static func firstByte(_ value: String) -> Int? {
            guard value.hasPrefix("bytes="), let dash = value.firstIndex(of: "-") else { return nil }
            return Int(value[value.index(value.startIndex, offsetBy: 6)..<dash])
        }

        private static func httpDate(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: date)
        }
    }

    /// The bytes `/download` serves: a pattern 65,521 bytes long (a prime, so that bytes put at the
    /// wrong offset never line up by chance), different for each version.
    package enum DownloadContent {
        static let period = 65_521

        /// The patterns made so far, by version.
        private final class Patterns: @unchecked Sendable {
            // @unchecked Sendable: `byVersion` is read and written only while `lock` is held.
            let lock = NSLock()
            var byVersion: [Int: [UInt8]] = [:]
        }

        private static let patterns = Patterns()

        /// The pattern of `version`.
        static func pattern(_ version: Int) -> [UInt8] {
            patterns.lock.withLock {
                if let pattern = patterns.byVersion[version] { return pattern }
                var generator = UInt64(truncatingIfNeeded: version) &* 0x9E37_79B9_7F4A_7C15 | 1
                let pattern = (0..<period).map { _ -> UInt8 in
                    generator ^= generator << 13
                    generator ^= generator >> 7
                    generator ^= generator << 17
                    return UInt8(truncatingIfNeeded: generator >> 24)
                }
                patterns.byVersion[version] = pattern
                return pattern
            }
        }

        /// The bytes of the file of `version` in `range`.
        package static func bytes(_ range: Range<Int>, version: Int = 1) -> [UInt8] {
            let pattern = pattern(version)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count)
            var offset = range.lowerBound
            while offset < range.upperBound {
                let start = offset % period
                let count = min(period - start, range.upperBound - offset)
                bytes.append(contentsOf: pattern[start..<start + count])
                offset += count
            }
            return bytes
        }

        /// The file of `version`, `size` bytes long, whole.
        package static func file(size: Int, version: Int = 1) -> Data {
            Data(bytes(0..<size, version: version))
        }

        /// The SHA-256 of `data` in hexadecimal.
        package static func sha256Hex(_ data: Data) -> String {
            hex(SHA256.hash(data: data))
        }

        /// The SHA-512 of `data` in hexadecimal.
        package static func sha512Hex(_ data: Data) -> String {
            hex(SHA512.hash(data: data))
        }

        private static func hex(_ bytes: some Sequence<UInt8>) -> String {
            bytes.map { String(format: "%02x", $0) }.joined()
        }

        /// `sha-256=:…:, sha-512=:…:` for the file of `version`, `size` bytes long.
        static func digestField(size: Int, version: Int) -> String {
            var sha256 = SHA256()
            var sha512 = SHA512()
            var offset = 0
            while offset < size {
                let chunk = bytes(offset..<min(size, offset + 1 << 20), version: version)
                sha256.update(data: chunk)
                sha512.update(data: chunk)
                offset += chunk.count
            }
            let first = Data(sha256.finalize()).base64EncodedString()
            let second = Data(sha512.finalize()).base64EncodedString()
            return "sha-256=:\(first):, sha-512=:\(second):"
        }
    }

    extension HTTPFields.Element.Name {
        static let reprDigest = Self("Repr-Digest")!
        static let contentDigest = Self("Content-Digest")!
    }
#endif
