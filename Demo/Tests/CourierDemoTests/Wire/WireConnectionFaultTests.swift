#if Demo
    import Courier
    import Foundation
    import Testing

    /// HTTP/1.1 connections that break, from a server that breaks them on purpose
    /// (`ConnectionFaultServer`), over both transports: an idempotent call is sent again on a new
    /// connection; a `POST` fails once and says the server may have acted, unless it carries an
    /// `Idempotency-Key`; the server acts once on each request that succeeds.
    @Suite("Wire: connection faults")
    struct WireConnectionFaultTests {
        static let order = RawRequest(method: .post, path: "/orders", body: .data(Data("{\"item\":1}".utf8)))
        static let keyedOrder = RawRequest(
            method: .post, path: "/orders", headers: [HTTPField.Name("Idempotency-Key")!: "order-1"],
            body: .data(Data("{\"item\":1}".utf8)))

        @Test(arguments: TransportKind.available, [ConnectionFaultServer.Fault.actThenReset, .actThenClose])
        func aPostTheConnectionLostAfterItWasWrittenFailsOnceAndSaysTheServerMayHaveActed(
            _ kind: TransportKind, _ fault: ConnectionFaultServer.Fault
        ) async throws {
            let script: ConnectionFaultServer.Script = { $0.connection == 1 ? fault : .answer }
            try await withServer(kind, retrying: true, script) { server, client in
                let error = try #require(await #expect(throws: APIError.self) { try await client.send(Self.order) })
                #expect(error.kind == .transport)
                #expect(error.delivery == .mayHaveBeenProcessed)
                #expect(error.message.contains("may have acted"))
                #expect(server.received.count == 1)
                #expect(server.acted.count == 1)
            }
        }

        @Test(arguments: TransportKind.available, [ConnectionFaultServer.Fault.actThenReset, .actThenClose])
        func anIdempotentCallTheConnectionLostIsSentAgainOnANewConnection(
            _ kind: TransportKind, _ fault: ConnectionFaultServer.Fault
        ) async throws {
            let script: ConnectionFaultServer.Script = { $0.connection == 1 ? fault : .answer }
            try await withServer(kind, script) { server, client in
                let response = try await client.response(for: RawRequest(method: .put, path: "/orders/1"))
                #expect(response.value == Data("ok".utf8))
                #expect(response.report?.attempts.map(\.reason) == [.first, .resend])
                #expect(server.connections == 2)
            }
        }

        /// A kept-alive connection the server had dropped, reused for the next call: a call without
        /// a body goes through on a new connection, and the server acts on it once (over URLSession,
        /// curl sends it again itself).
        @Test(arguments: TransportKind.available, [HTTPRequest.Method.get, .delete])
        func aKeptAliveConnectionTheServerDroppedIsReplaced(_ kind: TransportKind, _ method: HTTPRequest.Method)
            async throws
        {
            let script: ConnectionFaultServer.Script = { $0.connection == 1 && $0.ordinal == 2 ? .dropUnread : .answer }
            try await withServer(kind, script) {
                server, client in
                _ = try await client.send(RawRequest(path: "/first"))
                #expect(try await client.send(RawRequest(method: method, path: "/orders")) == Data("ok".utf8))
                #expect(server.acted.filter { $0.path == "/orders" }.count == 1)
                #expect(server.connections == 2)
            }
        }

        /// A request with a body on a dropped kept-alive connection. Over AsyncHTTPClient, Courier
        /// sends it again when it carries an `Idempotency-Key`; without one it fails and says the
        /// server may have acted (here it had not): nothing tells the client whether the server read
        /// it. Over URLSession on Linux, curl sends it again by itself, but FoundationNetworking
        /// cannot rewind the body for it: the new request's head goes, its body never does, and the
        /// call ends at its deadline. The server acts on nothing it did not receive whole.
        @Test(arguments: TransportKind.available, [false, true])
        func aRequestWithABodyOnADroppedKeptAliveConnection(_ kind: TransportKind, _ keyed: Bool) async throws {
            let script: ConnectionFaultServer.Script = { $0.connection == 1 && $0.ordinal == 2 ? .dropUnread : .answer }
            try await withServer(kind, script) {
                server, client in
                _ = try await client.send(RawRequest(path: "/first"))
                var order = keyed ? Self.keyedOrder : Self.order
                if kind == .urlSession { order.timeout = .seconds(1) }  // it ends at its deadline
                let outcome: Result<Data, APIError>
                do throws(APIError) {
                    outcome = .success(try await client.send(order))
                } catch {
                    outcome = .failure(error)
                }
                let acted = server.acted.filter { $0.path == "/orders" }.count
                switch (kind, keyed) {
                case (.asyncHTTPClient, true):
                    #expect(try outcome.get() == Data("ok".utf8))
                    #expect(acted == 1)
                case (.asyncHTTPClient, false):
                    let error = try #require(#expect(throws: APIError.self) { try outcome.get() })
                    #expect(error.kind == .transport)
                    #expect(error.delivery == .mayHaveBeenProcessed)
                    #expect(acted == 0)
                case (.urlSession, _):
                    let error = try #require(#expect(throws: APIError.self) { try outcome.get() })
                    #expect(error.kind == .timeout)
                    #expect(server.received.filter { $0.path == "/orders" }.count == 2)  // curl's own resend
                    #expect(acted == 0)
                }
            }
        }

        /// An upload that asks for `100 Continue`, from a server that never sends it: the body goes
        /// anyway (at once over AsyncHTTPClient, which does not wait for `100`; after curl's one
        /// second over URLSession) and the call succeeds inside its deadline.
        @Test(arguments: TransportKind.available)
        func anUploadWhose100ContinueNeverComesIsSentAnyway(_ kind: TransportKind) async throws {
            let script: ConnectionFaultServer.Script = { _ in .answer }
            try await withServer(kind, script) { server, client in
                var upload = RawRequest(method: .put, path: "/upload", body: .data(Data(count: 256 * 1024)))
                upload.headers[HTTPField.Name("Expect")!] = "100-continue"
                #expect(try await client.send(upload) == Data("ok".utf8))
                let acted = try #require(server.acted.first)
                #expect(server.acted.count == 1)
                #expect(acted.fields.contains { $0.lowercased() == "expect: 100-continue" })
                print("100-continue over \(kind): body after \(acted.bodyDelay ?? .zero)")
            }
        }

        /// Runs `body` with a fault server and a client of it over `kind` (a 10 s deadline, which only
        /// a loaded machine comes near), with a ``RetryInterceptor`` that does not wait when `retrying`.
        private func withServer(
            _ kind: TransportKind,
            retrying: Bool = false,
            _ fault: @escaping ConnectionFaultServer.Script,
            _ body: (ConnectionFaultServer, APIClient) async throws -> Void
        ) async throws {
            let server = try ConnectionFaultServer(fault: fault)
            defer { server.stop() }
            // A session of its own over URLSession: curl's cache of connections, shared by the whole
            // process in the shared session, may drop the connection these tests need reused.
            let transport = kind == .urlSession ? URLSessionTransport() : kind.transport
            let client = APIClient(baseURL: server.baseURL, transport: transport) {
                $0.timeout = .seconds(10)
                if retrying { $0.interceptors = [RetryInterceptor(budget: nil, random: { 0 })] }
            }
            try await body(server, client)
        }
    }
#endif
