#if Demo
    import Foundation
    import Testing

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The descriptor checks the download tests rely on see what they look for: a check that found
    /// nothing because it could not see would pass every test it is in.
    @Suite(
        "Open descriptors", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/net/tcp")))
    struct OpenFilesTests {
        @Test func aConnectionToTheServersPortCountsUntilItIsClosed() async throws {
            let server = try FaultServer { _ in [.pause(.seconds(5))] }
            defer { server.stop() }
            // Tests run side by side: one that connects to a port it found free may meet this server
            // there (CI #25 counted 2 after the connect), so the count is taken around the connect.
            let before = openSockets(toPort: server.port)
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(client >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(server.port).bigEndian)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            #expect(connected)
            #expect(openSockets(toPort: server.port) > before)
            close(client)
            #expect(await openSocketsOnceSettled(toPort: server.port) == 0)
        }

        @Test func aFileOpenInTheDirectoryIsFoundUntilItIsClosed() throws {
            let directory = try WireDownloadTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("open.bin")
            try Data("x".utf8).write(to: file)
            let handle = try FileHandle(forReadingFrom: file)
            #expect(openFiles(in: directory) == [file.resolvingSymlinksInPath().path])
            try handle.close()
            #expect(openFiles(in: directory).isEmpty)
        }
    }
#endif
