#if Demo
    import Courier
    import CourierTesting
    import DemoAPI
    import Foundation

    extension DemoServer {
        /// Where the demo server listens when a wire test's cassette is recorded, and so the base URL
        /// its replay uses. Record one test at a time, since they share it:
        /// `COURIER_CASSETTES=rerecord swift test --traits Demo --filter <test>`.
        static let cassettePort = 18097

        /// Runs `body` with the test's cassette (the `cassette(_:)` trait's): recording, against the
        /// demo server started on ``cassettePort``; replaying, with no server at all.
        static func whenRecording(_ body: (URL, CassetteTransport) async throws -> Void) async throws {
            guard let cassette = CassetteTransport.current else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "the test has no cassette"])
            }
            guard cassette.mode != .replayOnly else {
                try await body(baseURL(port: cassettePort, secure: false), cassette)
                return
            }
            try await withRunning(port: cassettePort) { baseURL in try await body(baseURL, cassette) }
        }
    }
#endif
