#if Demo
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// An HTTP/1.1 server on 127.0.0.1 that keeps connections alive and breaks them on purpose, as
    /// `fault` decides for each request: it resets or closes a connection after acting on a request,
    /// or drops a kept-alive one unread, as a server that had closed it would. It never sends
    /// `100 Continue`. It counts what it acted on, so a test can check that it acted exactly once.
    final class ConnectionFaultServer: @unchecked Sendable {
        // @unchecked Sendable: `listener`, `port` and `fault` are set once in `init`; the record and
        // the open sockets are locked.

        /// One request as the server read it.
        struct Request: Sendable {
            /// The connection it came on: 1 for the first the server accepted.
            let connection: Int
            /// Its place among its connection's requests: 1 for the first.
            let ordinal: Int
            let method: String
            let path: String
            /// Its header lines, as they arrived.
            let fields: [String]
            /// How long its body took to arrive after its head, once the server has read it.
            var bodyDelay: Duration?
        }

        /// What the server does with a request.
        enum Fault: Sendable {
            /// Acts on it and answers `200` with `ok`, keeping the connection open.
            case answer
            /// Reads it whole, acts on it, and resets the connection (an `RST`, not a `FIN`).
            case actThenReset
            /// Reads it whole, acts on it, and closes the connection before the status line.
            case actThenClose
            /// Closes the connection as soon as the request's head arrives, without acting on it, as
            /// a server that had closed it while it was idle would have.
            case dropUnread
        }

        /// What the server does with each request.
        typealias Script = @Sendable (Request) -> Fault

        let port: Int
        private let listener: Int32
        private let fault: Script
        private let record = Locked((connections: 0, received: [Request](), acted: [Request](), open: Set<Int32>()))

        /// The connections accepted.
        var connections: Int { record.withLock { $0.connections } }
        /// The requests whose head arrived, in order.
        var received: [Request] { record.withLock { $0.received } }
        /// The requests the server acted on, in order.
        var acted: [Request] { record.withLock { $0.acted } }
        /// `http://127.0.0.1:<port>`.
        var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

        /// Starts a server that deals with each request as `fault` says.
        init(fault: @escaping Script) throws {
            self.fault = fault
            (listener, port) = try listeningSocket(backlog: 64)
            Thread { [self] in serve() }.start()
        }

        /// Stops accepting connections and ends those still open (a client's pool keeps them).
        func stop() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            for connection in record.withLock({ $0.open }) {
                shutdown(connection, Int32(SHUT_RDWR))
            }
        }

        private func serve() {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }  // stopped
                let number = record.withLock {
                    $0.connections += 1
                    $0.open.insert(connection)
                    return $0.connections
                }
                Thread { [self] in
                    converse(on: connection, number: number)
                    record.withLock { _ = $0.open.remove(connection) }
                    close(connection)
                }
                .start()
            }
        }

        /// Serves the requests of one connection until it ends.
        private func converse(on connection: Int32, number: Int) {
            #if canImport(Darwin)
                var on: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var reader = SocketReader(socket: connection)
            var ordinal = 0
            while let head = reader.readHead() {
                ordinal += 1
                let words = head.first?.split(separator: " ").map(String.init) ?? []
                let request = Request(
                    connection: number, ordinal: ordinal, method: words.first ?? "",
                    path: words.dropFirst().first ?? "",
                    fields: Array(head.dropFirst()))
                record.withLock { $0.received.append(request) }
                let fault = fault(request)
                if case .dropUnread = fault { return }  // closed with the request unread: a reset
                let length = head.dropFirst().compactMap(Self.contentLength).first ?? 0
                let started = ContinuousClock.now
                guard reader.skip(length) else { return }
                var acted = request
                acted.bodyDelay = started.duration(to: .now)
                record.withLock { $0.acted.append(acted) }
                switch fault {
                case .answer:
                    let response = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
                    let written = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
                    guard written == response.count else { return }
                case .actThenReset:
                    var abort = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
                    return
                case .actThenClose, .dropUnread:
                    shutdown(connection, Int32(SHUT_WR))
                    return
                }
            }
        }

        private static func contentLength(_ line: String) -> Int? {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }
    }

    /// Reads a connection's requests: heads line by line, bodies by their length.
    private struct SocketReader {
        let socket: Int32
        private var pending: [UInt8] = []

        init(socket: Int32) {
            self.socket = socket
        }

        /// The next request's head (its request line, then its header lines), or `nil` at the end.
        mutating func readHead() -> [String]? {
            let end: [UInt8] = [13, 10, 13, 10]
            while true {
                if let range = pending.firstRange(of: end) {
                    let text = String(decoding: pending[..<range.lowerBound], as: UTF8.self)
                    pending.removeSubrange(..<range.upperBound)
                    return text.components(separatedBy: "\r\n")
                }
                guard fill() else { return nil }
            }
        }

        /// Reads and drops `count` bytes of a body; `false` when the connection ends first.
        mutating func skip(_ count: Int) -> Bool {
            while pending.count < count {
                guard fill() else { return false }
            }
            pending.removeFirst(count)
            return true
        }

        private mutating func fill() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { return false }
            pending += buffer[..<count]
            return true
        }
    }
#endif
