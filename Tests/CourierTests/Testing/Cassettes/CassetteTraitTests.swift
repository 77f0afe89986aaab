import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// The `cassette(_:)` trait gives a test a cassette beside its file, task-local, so tests run in
/// parallel and in any order. The cassettes are in `Cassettes/` beside this file, recorded from
/// the stubs named here (`COURIER_CASSETTES=once`); a replay never reaches those stubs.
@Suite("CassetteTransport: the test trait")
struct CassetteTraitTests {
    static let bob = StubTransport.sequence([.json(#"{"id": 1, "name": "Bob"}"#)])
    static let ann = StubTransport.sequence([.json(#"{"id": 2, "name": "Ann"}"#)])

    @Test(.cassette("trait-bob", recordingFrom: bob))
    func replaysTheCassetteBesideTheTestFile() async throws {
        let transport = try #require(CassetteTransport.current)
        #expect(transport.file.path.hasSuffix("Tests/CourierTests/Testing/Cassettes/Cassettes/trait-bob.har"))
        #expect(transport.mode == .replayOnly)
        #expect(try await Cassettes.client(transport).send(GetUser(id: 1)) == User(id: 1, name: "Bob"))
    }

    @Test(.cassette("trait-ann", recordingFrom: ann))
    func eachTestSeesItsOwnCassette() async throws {
        let transport = try #require(CassetteTransport.current)
        #expect(transport.file.lastPathComponent == "trait-ann.har")
        // Another task of the test sees the same cassette.
        let name = await Task { CassetteTransport.current?.file.lastPathComponent }.value
        #expect(name == "trait-ann.har")
        #expect(try await Cassettes.client(transport).send(GetUser(id: 2)).name == "Ann")
    }

    @Test func outsideATraitThereIsNoCassette() {
        #expect(CassetteTransport.current == nil)
    }
}
