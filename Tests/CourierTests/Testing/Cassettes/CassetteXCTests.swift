#if canImport(XCTest)
    import Courier
    import CourierTesting
    import Foundation
    import XCTest

    /// `XCTestCase.cassette(_:)`: the XCTest helper, replaying `Cassettes/xctest-bob.har`.
    final class CassetteXCTests: XCTestCase {
        func testReplaysTheCassetteBesideTheTestFile() async throws {
            let transport = try cassette("xctest-bob", recordingFrom: CassetteTraitTests.bob)
            XCTAssertTrue(transport.file.path.hasSuffix("Testing/Cassettes/Cassettes/xctest-bob.har"))
            let user = try await Cassettes.client(transport).send(GetUser(id: 1))
            XCTAssertEqual(user, User(id: 1, name: "Bob"))
        }
    }
#endif
