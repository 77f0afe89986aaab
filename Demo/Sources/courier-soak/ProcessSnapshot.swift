#if Demo
    import Foundation
    import ProcessMemory

    #if canImport(Glibc)
        import Glibc
    #endif

    /// What the process holds at one moment, read from `/proc` (Linux only): resident memory, open
    /// file descriptors, and the TCP connections between the soak's clients and the demo server,
    /// both of which live in this process.
    struct ProcessSnapshot: Sendable {
        /// `VmRSS`, in bytes, after returning freed memory to the system (`malloc_trim`), so that
        /// what the allocator keeps in its free lists does not count.
        var residentBytes: Int
        /// Every entry of `/proc/self/fd`.
        var descriptors: Int
        /// The descriptors that are TCP sockets on the server's port: its listener, its end of each
        /// connection, and the clients' end of each.
        var serverPortSockets: Int
        /// The clients' sockets connected to the server's port that this process holds, by TCP state
        /// (`ESTABLISHED`, `CLOSE_WAIT` …).
        var clientSockets: [String: Int]
        /// The server's ends of connections (local port the server's, not the listener) this process
        /// holds.
        var serverConnections: Int

        /// Descriptors other than the sockets on the server's port: these must come back exactly.
        var otherDescriptors: Int { descriptors - serverPortSockets }
        var clientConnections: Int { clientSockets.values.reduce(0, +) }
        var establishedClientConnections: Int { clientSockets["ESTABLISHED", default: 0] }

        /// Reads the process's state now.
        ///
        /// - Parameter serverPort: The demo server's port.
        /// - Returns: The snapshot.
        static func take(serverPort: Int) -> ProcessSnapshot {
            trimMemory()
            let inodes = socketInodes()
            var serverPortSockets = 0
            var clientSockets: [String: Int] = [:]
            var serverConnections = 0
            for entry in tcpEntries() where inodes.contains(entry.inode) {
                if entry.remotePort == serverPort {
                    clientSockets[entry.state, default: 0] += 1
                    serverPortSockets += 1
                } else if entry.localPort == serverPort {
                    if entry.state != "LISTEN" { serverConnections += 1 }
                    serverPortSockets += 1
                }
            }
            return ProcessSnapshot(
                residentBytes: statusField("VmRSS") ?? 0,
                descriptors: descriptorTargets().count,
                serverPortSockets: serverPortSockets,
                clientSockets: clientSockets,
                serverConnections: serverConnections
            )
        }

        /// Where each open descriptor points, like `socket:[12345]` or `/dev/null`.
        static func descriptorTargets() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return names.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            }
        }

        /// The inodes of the sockets this process holds open.
        private static func socketInodes() -> Set<Int> {
            Set(
                descriptorTargets().compactMap { target in
                    guard target.hasPrefix("socket:["), target.hasSuffix("]") else { return nil }
                    return Int(target.dropFirst("socket:[".count).dropLast())
                }
            )
        }

        /// One line of `/proc/net/tcp`.
        private struct TCPEntry {
            var localPort: Int
            var remotePort: Int
            var state: String
            var inode: Int
        }

        /// The IPv4 TCP sockets of the network namespace (the server listens on 127.0.0.1).
        private static func tcpEntries() -> [TCPEntry] {
            guard let table = ProcFile.read("/proc/net/tcp") else { return [] }
            return table.split(separator: "\n").dropFirst().compactMap { line in
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
                let fields = line.split(whereSeparator: \.isWhitespace)
                guard fields.count > 9, let local = port(fields[1]), let remote = port(fields[2]),
                    let state = Int(fields[3], radix: 16), let inode = Int(fields[9])
                else { return nil }
                return TCPEntry(localPort: local, remotePort: remote, state: stateName(state), inode: inode)
            }
        }

        /// The port of an `ADDRESS:PORT` field, both in hexadecimal.
        private static func port(_ field: Substring) -> Int? {
            field.split(separator: ":").last.flatMap { Int($0, radix: 16) }
        }

        /// The name of a TCP state, as in the kernel's `tcp_states.h`.
        private static func stateName(_ state: Int) -> String {
            let names = [
                1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT",
                7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN", 11: "CLOSING",
            ]
            return names[state] ?? "state \(state)"
        }

        /// A `kB` field of `/proc/self/status`, in bytes.
        private static func statusField(_ name: String) -> Int? {
            guard let status = ProcFile.read("/proc/self/status") else { return nil }
            for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
                return line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
                    .map { $0 * 1024 }
            }
            return nil
        }

        /// Returns the allocator's free memory to the system (glibc's `malloc_trim`), when it has one.
        private static func trimMemory() {
            #if os(Linux)
                typealias Trim = @convention(c) (Int) -> Int32
                if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
                    _ = unsafeBitCast(symbol, to: Trim.self)(0)
                }
            #endif
        }
    }
#endif
