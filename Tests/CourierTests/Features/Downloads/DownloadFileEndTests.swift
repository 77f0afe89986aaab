import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCore
@testable import CourierDownloads

/// A download's file once the download has ended: a transport whose head arrives late (the call's
/// deadline passed first, on a loaded machine) must not open the file again, or a `.download`
/// file would be left behind the call (seen in the wire tests over URLSession under CI's load).
@Suite("Downloads: nothing opened after the end")
struct DownloadFileEndTests {
    @Test(arguments: ["abandon", "discard"])
    func aHeadArrivingAfterTheEndOpensNothing(_ ending: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = DownloadFile(
            destination: directory.appendingPathComponent("late.bin"), keepsPartial: false, digest: nil,
            log: .none)
        if ending == "abandon" { file.abandon() } else { file.discard() }

        let error = #expect(throws: APIError.self) { try file.spool(for: HTTPResponse(status: .ok)) }
        #expect(error?.kind == .cancelled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aHeadArrivingBeforeTheEndIsWrittenAndRemovedWithIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = DownloadFile(
            destination: directory.appendingPathComponent("late.bin"), keepsPartial: false, digest: nil,
            log: .none)
        #expect(try file.spool(for: HTTPResponse(status: .ok)) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        file.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
