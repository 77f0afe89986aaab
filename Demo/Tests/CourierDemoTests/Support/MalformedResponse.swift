#if Demo
    /// Malformed HTTP/1.1 responses, each made from a seed: what a broken server, a proxy cut off
    /// mid-way or a hostile peer sends. `FaultServer` writes them; each case names its family.
    struct MalformedResponse: Sendable {
        /// The family of defect, for the summary a test prints.
        let family: String
        /// What the server writes, then it closes the connection.
        let reply: [FaultReply]
        /// The reply holds back its end for longer than any call here may take: the call must fail
        /// as a timeout.
        let outlastsTheDeadline: Bool

        /// The reply closes the connection after the status line but before the head's blank line.
        /// FoundationNetworking (swift-corelibs-foundation 6.3) traps on this ("Transfer completed,
        /// but there's no response", swiftlang/swift-corelibs-foundation#5285, fixed by #5286 in a
        /// later toolchain), taking the process down with it; no code outside FoundationNetworking
        /// runs between libcurl's end of the transfer and the trap.
        var endsInsideTheHead: Bool {
            let bytes = reply.flatMap { part -> [UInt8] in
                if case .bytes(let bytes) = part { bytes } else { [] }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return family == "cut short" && text.contains("\r\n") && !text.contains("\r\n\r\n")
        }

        /// How long a slow reply pauses before its end.
        static let stall = Duration.seconds(5)

        init(seed: UInt64) {
            var random = SeededGenerator(seed: seed)
            let families: [(String, (inout SeededGenerator) -> [UInt8])] = [
                ("random bytes", Self.randomBytes), ("status line", Self.statusLine),
                ("header bytes", Self.headerBytes), ("chunk sizes", Self.chunkSizes),
                ("content-length", Self.contentLength), ("cut short", Self.cutShort),
                ("content coding", Self.contentCoding), ("bodiless status", Self.bodilessStatus),
                ("interim head", Self.interimHead), ("long header", Self.longHeader),
            ]
            if random.next(upperBound: UInt64(12)) == 0 {
                family = "stall"
                let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789".utf8)
                reply = [.bytes(head), .pause(Self.stall), .bytes(Array(repeating: 0x61, count: 90))]
                outlastsTheDeadline = true
            } else {
                let (name, make) = families[Int(random.next(upperBound: UInt64(families.count)))]
                family = name
                reply = [.bytes(make(&random))]
                outlastsTheDeadline = false
            }
        }

        private static func bytes(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
            (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        }

        private static func printable(_ count: Int, _ random: inout SeededGenerator) -> String {
            String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))) })
        }

        private static func ok(_ head: String) -> [UInt8] {
            Array((head + "Content-Length: 2\r\n\r\nok").utf8)
        }

        private static func randomBytes(_ random: inout SeededGenerator) -> [UInt8] {
            bytes(Int.random(in: 0...600, using: &random), &random)
        }

        private static func statusLine(_ random: inout SeededGenerator) -> [UInt8] {
            let status = [
                String(Int.random(in: 0...999, using: &random)), String(Int.random(in: 0...9_999_999, using: &random)),
                printable(Int.random(in: 0...6, using: &random), &random), "", "-200", "2OO",
            ].randomElement(using: &random)!
            let version = ["HTTP/1.1", "HTTP/1.0", "HTTP/2", "HTTP/9.9", "HTTP/1.1 ", "ICY", "http/1.1"]
                .randomElement(using: &random)!
            let reason = printable(Int.random(in: 0...20, using: &random), &random)
            return ok("\(version) \(status) \(reason)\r\n")
        }

        private static func headerBytes(_ random: inout SeededGenerator) -> [UInt8] {
            var head = Array("HTTP/1.1 200 OK\r\n".utf8)
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                switch random.next(upperBound: UInt64(4)) {
                case 0: head += bytes(Int.random(in: 0...80, using: &random), &random)
                case 1:
                    head +=
                        Array("X-\(printable(4, &random)): ".utf8)
                        + bytes(Int.random(in: 0...40, using: &random), &random)
                case 2: head += Array(" folded continuation".utf8)
                default: head += Array(printable(Int.random(in: 0...40, using: &random), &random).utf8)
                }
                head += Array("\r\n".utf8)
            }
            return head + Array("Content-Length: 2\r\n\r\nok".utf8)
        }

        private static func chunkSizes(_ random: inout SeededGenerator) -> [UInt8] {
            var text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let data = printable(Int.random(in: 0...64, using: &random), &random)
                let size = [
                    String(data.utf8.count, radix: 16),
                    String(data.utf8.count + Int.random(in: 1...500, using: &random), radix: 16),
                    String(max(0, data.utf8.count - Int.random(in: 1...10, using: &random)), radix: 16),
                    printable(3, &random), "FFFFFFFFFFFFFFFFFF", "-1", "\(String(data.utf8.count, radix: 16));ext=1",
                    "",
                ].randomElement(using: &random)!
                text += "\(size)\r\n\(data)\r\n"
            }
            if Bool.random(using: &random) { text += "0\r\n\r\n" }
            return Array(text.utf8)
        }

        private static func contentLength(_ random: inout SeededGenerator) -> [UInt8] {
            let body = printable(Int.random(in: 0...100, using: &random), &random)
            let length = body.utf8.count
            let values = [
                ["\(length + Int.random(in: 1...1000, using: &random))"],
                ["\(max(0, length - Int.random(in: 1...5, using: &random)))"],
                ["abc"], ["-5"], ["99999999999999999999"], ["\(length)", "\(length + 1)"], ["\(length), \(length + 3)"],
                [""],
            ].randomElement(using: &random)!
            let fields = values.map { "Content-Length: \($0)\r\n" }.joined()
            return Array("HTTP/1.1 200 OK\r\n\(fields)\r\n\(body)".utf8)
        }

        private static func cutShort(_ random: inout SeededGenerator) -> [UInt8] {
            let whole = Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\r\n{\"id\":42,\"name\":\"Courier\"}"
                    .utf8)
            return Array(whole.prefix(Int.random(in: 0..<whole.count, using: &random)))
        }

        private static func contentCoding(_ random: inout SeededGenerator) -> [UInt8] {
            let coding = ["gzip", "deflate", "br", "gzip, gzip", "x-unknown", "identity, gzip"].randomElement(
                using: &random)!
            var body = bytes(Int.random(in: 0...200, using: &random), &random)
            if Bool.random(using: &random) { body = [0x1F, 0x8B, 0x08, 0x00] + body }  // a gzip magic, then garbage
            return Array("HTTP/1.1 200 OK\r\nContent-Encoding: \(coding)\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                + body
        }

        private static func bodilessStatus(_ random: inout SeededGenerator) -> [UInt8] {
            let status = ["204 No Content", "304 Not Modified", "101 Switching Protocols", "205 Reset Content"]
                .randomElement(using: &random)!
            let body = printable(Int.random(in: 1...50, using: &random), &random)
            return Array("HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        }

        private static func interimHead(_ random: inout SeededGenerator) -> [UInt8] {
            let interim = [
                "HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n",
                "HTTP/1.1 102 Processing\r\n\r\n",
            ]
            var result = [UInt8]()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                result += Array(interim.randomElement(using: &random)!.utf8)
            }
            return result + (Bool.random(using: &random) ? ok("HTTP/1.1 200 OK\r\n") : randomBytes(&random))
        }

        private static func longHeader(_ random: inout SeededGenerator) -> [UInt8] {
            let length = [8 * 1024, 80 * 1024, 300 * 1024].randomElement(using: &random)!
            return ok("HTTP/1.1 200 OK\r\nX-Long: \(String(repeating: "a", count: length))\r\n")
        }
    }
#endif
