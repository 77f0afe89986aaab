import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A misbehaving server on 127.0.0.1: answers every connection with the same raw bytes, however
/// malformed, then closes it. For responses no well-behaved server framework would send, such as
/// two `Set-Cookie` lines, and for what a client writes on the wire: it keeps the head of every
/// request it reads, line by line, exactly as received.
final class FaultServer: @unchecked Sendable {
    // @unchecked Sendable: `listener` and `port` are set once in `init`; the accept thread only
    // reads them, and `stop()` only closes the socket, which ends the thread's `accept`. `heads`
    // is locked.
    let port: Int
    private let listener: Int32
    private let response: Data
    private let heads = Locked<[[String]]>([])

    /// Starts a server answering every request with `response`.
    init(response: String) throws {
        self.response = Data(response.utf8)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
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

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }  // stopped
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: [13, 10, 13, 10]) {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            let text = String(decoding: request, as: UTF8.self)
            let head = text.components(separatedBy: "\r\n\r\n").first ?? text
            heads.withLock { $0.append(head.components(separatedBy: "\r\n")) }
            response.withUnsafeBytes { _ = write(connection, $0.baseAddress, $0.count) }
            close(connection)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
