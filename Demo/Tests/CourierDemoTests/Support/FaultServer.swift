#if Demo
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A misbehaving server on 127.0.0.1: answers each connection with raw bytes, however malformed,
    /// then closes it. For responses no well-behaved server framework would send, such as two
    /// `Set-Cookie` lines, a lying `Content-Length` or a head cut short, and for what a client writes
    /// on the wire: it keeps the head of every request it reads, line by line, exactly as received.
    /// Each connection is served on a thread of its own, so one that pauses holds up no other.
    final class FaultServer: @unchecked Sendable {
        // @unchecked Sendable: `listener`, `port` and `reply` are set once in `init`; the threads
        // only read them, and `stop()` only closes the socket, which ends the accept thread's
        // `accept`. `heads` and `open` are locked.
        let port: Int
        private let listener: Int32
        private let reply: @Sendable (_ head: [String]) -> [FaultReply]
        private let heads = Locked<[[String]]>([])
        private let open = Locked(0)

        /// Starts a server answering every request with `response`.
        convenience init(response: String) throws {
            let bytes = Array(response.utf8)
            try self.init { _ in [.bytes(bytes)] }
        }

        /// Starts a server answering each request with what `reply` makes of its head (the request
        /// line, then its header lines), written in order, then closing the connection.
        init(reply: @escaping @Sendable (_ head: [String]) -> [FaultReply]) throws {
            self.reply = reply
            (listener, port) = try listeningSocket(backlog: 16)
            let thread = Thread { [self] in serve() }
            thread.start()
        }

        /// The server's base URL.
        var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

        /// The heads of the requests read so far, in order: each the request line, then its header
        /// lines as they arrived (`Name: value`, without the line ending), recorded before the
        /// response is written.
        var receivedHeads: [[String]] {
            heads.withLock { $0 }
        }

        /// How many connections are being served now.
        var openConnections: Int {
            open.withLock { $0 }
        }

        /// Stops accepting connections.
        func stop() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }

        private func serve() {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }  // stopped
                open.withLock { $0 += 1 }
                let thread = Thread { [self] in
                    answer(connection)
                    close(connection)
                    open.withLock { $0 -= 1 }
                }
                thread.start()
            }
        }

        private func answer(_ connection: Int32) {
            #if canImport(Darwin)
                var on: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: [13, 10, 13, 10]) {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            let text = String(decoding: request, as: UTF8.self)
            let head = (text.components(separatedBy: "\r\n\r\n").first ?? text).components(separatedBy: "\r\n")
            heads.withLock { $0.append(head) }
            for part in reply(head) {
                switch part {
                case .bytes(let bytes):
                    // A client that gave up has closed its end: the write fails (no SIGPIPE), and
                    // the rest of the reply is dropped.
                    let written = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
                    guard written == bytes.count else { return }
                case .reset:
                    // No lingering: the close that follows sends RST, and what the kernel had not sent
                    // yet is dropped.
                    var option = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                    return
                case .pause(let duration):
                    Thread.sleep(
                        forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds)
                            / 1e18)
                }
            }
        }
    }

    /// A TCP socket listening on 127.0.0.1, on a port the system chose, and that port.
    func listeningSocket(backlog: Int32) throws -> (socket: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, backlog) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// One part of a `FaultServer`'s reply on a connection.
    enum FaultReply: Sendable {
        /// Bytes written as they are.
        case bytes([UInt8])
        /// A pause before the next part (or before the connection closes).
        case pause(Duration)
        /// The connection reset (RST) at once, rather than closed: what follows is not sent.
        case reset
    }

    /// `send`'s flag that turns a write to a closed connection into an error rather than `SIGPIPE`
    /// (Darwin sets `SO_NOSIGPIPE` on the socket instead).
    #if canImport(Glibc)
        let noSignal = Int32(MSG_NOSIGNAL)
    #else
        let noSignal: Int32 = 0
    #endif

    extension Array where Element == UInt8 {
        fileprivate func ends(with suffix: [UInt8]) -> Bool {
            count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
        }
    }
#endif
