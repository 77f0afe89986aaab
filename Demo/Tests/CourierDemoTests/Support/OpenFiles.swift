#if Demo
    import Foundation

    /// The files in `directory` this process holds open, by path: none once a download has ended,
    /// however it ended. Empty where `/proc/self/fd` cannot be read (not Linux).
    func openFiles(in directory: URL) -> [String] {
        let prefix = directory.resolvingSymlinksInPath().path + "/"
        return descriptorTargets().filter { $0.hasPrefix(prefix) }
    }

    /// How many TCP sockets this process holds open to `port` on its peer: a client's connections to
    /// a test's server, in any state (one the server closed but the client did not is `CLOSE_WAIT`,
    /// and still counts). 0 where `/proc` cannot be read (not Linux).
    func openSockets(toPort port: Int) -> Int {
        let inodes = Set(
            descriptorTargets().compactMap { target -> Substring? in
                guard target.hasPrefix("socket:["), target.hasSuffix("]") else { return nil }
                return target.dropFirst(8).dropLast()
            })
        // Read to the end: `String(contentsOfFile:)` stops after the first 4 KiB of a file in /proc
        // (its size is 0), about 27 of the table's lines.
        let tables = ["/proc/self/net/tcp", "/proc/self/net/tcp6"].compactMap { path -> String? in
            guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else {
                return nil
            }
            try? handle.close()
            return String(decoding: data, as: UTF8.self)
        }
        return tables.flatMap { $0.split(separator: "\n").dropFirst() }.count { line in
            // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
            let columns = line.split(separator: " ")
            guard columns.count > 9, let colon = columns[2].lastIndex(of: ":"),
                Int(columns[2][columns[2].index(after: colon)...], radix: 16) == port
            else { return false }
            return inodes.contains(columns[9])
        }
    }

    /// Waits up to `seconds` for `openSockets(toPort:)` to reach 0 (a client closes a connection the
    /// server ended on its own event loop, a moment after the call returns), and returns the count.
    /// The wait is long: with the whole suite running on 2 cores, a cancelled AsyncHTTPClient
    /// request's close once took more than 5 s to run; a leaked socket stays open however long.
    func openSocketsOnceSettled(toPort port: Int, seconds: Double = 20) async -> Int {
        let started = ContinuousClock.now
        var count = openSockets(toPort: port)
        while count > 0, started.duration(to: .now) < .seconds(seconds) {
            try? await Task.sleep(for: .milliseconds(20))
            count = openSockets(toPort: port)
        }
        return count
    }

    /// What each of this process's descriptors is: a path, `socket:[inode]`, `pipe:[inode]`….
    private func descriptorTargets() -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
        }
    }
#endif
