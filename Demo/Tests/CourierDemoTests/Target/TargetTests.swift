#if Demo
    import Courier
    import CourierCombine
    import CourierTesting
    import DemoAPI
    import Foundation
    import Testing

    /// Seed 004's target enum, against stubs from its sample data and against the demo server.
    @Suite("APITarget")
    struct TargetTests {
        @Test func sampleDataStubsAnswerTheSameCalls() async throws {
            let client = APIClient(transport: try StubTransport.samples(of: [DemoTarget.users, .todos]))
            #expect(try await client.send(DemoTarget.userList).data == [DemoUser(name: "Sample", id: 9)])
            #expect(try await client.send(DemoTarget.todos, as: [DemoTodo].self).map(\.id) == [7])
        }

        @Test(arguments: TransportKind.available)
        func theSameEnumAgainstTheDemoServer(_ kind: TransportKind) async throws {
            try await DemoServer.withRunning { baseURL in
                try await DemoTarget.$host.withValue(baseURL) {
                    let client = APIClient(transport: kind.transport)
                    #expect(try await client.send(DemoTarget.userList).data.map(\.name) == ["Bob", "Sam"])
                    #expect(try await client.send(DemoTarget.todos, as: [DemoTodo].self).count == 3)

                    let search = try await client.send(DemoTarget.search("a+b", page: 2), as: Echo.self)
                    #expect(search.queryItems == [["q", "a+b"], ["page", "2"]])
                    #expect(search.headers["x-client"] == "seed-004")

                    let created = try await client.send(DemoTarget.createTodo(title: "Milk"), as: Echo.self)
                    #expect(created.method == "POST")
                    #expect(created.body == #"{"title":"Milk"}"#)

                    var form = MultipartForm(boundary: "B")
                    form.append("a", value: "1")
                    let upload = try await client.send(DemoTarget.upload(form), as: Echo.self)
                    #expect(upload.headers["content-type"] == "multipart/form-data; boundary=B")

                    let raw = try await client.send(DemoTarget.raw(Data("hi".utf8)), as: Echo.self)
                    #expect(raw.body == "hi")

                    struct Token: Decodable, Sendable {
                        var accessToken: String
                        enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
                    }
                    let token = try await client.send(
                        DemoTarget.login(username: "bob", password: "secret"), as: Token.self)
                    #expect(token.accessToken.hasPrefix("access-"))

                    let text = try await client.send(DemoTarget.todos, as: String.self)
                    #expect(text.hasPrefix("[{"))
                }
            }
        }

        @Test func combineEquivalent() async throws {
            let client = APIClient(transport: try StubTransport.samples(of: [DemoTarget.todos]))
            let delivery = await collect(client.publisher(for: DemoTarget.todos, as: [DemoTodo].self))
            #expect(delivery.values.first?.first?.title == "sample todo")
        }

        @Test func targetsRunThroughTheInterceptors() async throws {
            let recorder = RecordingTransport(try StubTransport.samples(of: [DemoTarget.users]))
            // No base URL on the client (Moya's provider has none): the token names the targets' host.
            let client = APIClient(
                transport: recorder,
                interceptors: [AuthorizationInterceptor.bearer(scope: .origins(DemoTarget.host)) { "t" }])
            _ = try await client.send(DemoTarget.userList)
            #expect(recorder.last?.headerFields[.authorization] == "Bearer t")
            #expect(recorder.last?.headerFields[HTTPField.Name("X-Client")!] == "seed-004")
        }
    }
#endif
