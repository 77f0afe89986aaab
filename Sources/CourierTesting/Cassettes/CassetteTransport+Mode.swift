import Foundation

extension CassetteTransport {
    /// When a cassette records, as Ruby's VCR has it.
    ///
    /// `COURIER_CASSETTES=replay`, `once` or `rerecord` in the environment overrides the mode of
    /// every cassette that a test trait or `XCTestCase.cassette(_:)` makes: how a suite is
    /// recorded again.
    public struct Mode: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case replayOnly = "replay"
            case recordOnce = "once"
            case reRecord = "rerecord"
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Answers only from the cassette and never touches the network: a request with no
        /// recording fails the test, naming the closest recorded request and how it differs. The
        /// mode for CI.
        public static var replayOnly: Self { .init(.replayOnly) }

        /// Records what the cassette has no answer for (everything, when there is no cassette yet)
        /// through the upstream transport, and replays the rest.
        public static var recordOnce: Self { .init(.recordOnce) }

        /// Sends every request through the upstream transport and replaces the cassette with what
        /// comes back; ``CassetteTransport/finish()`` reports how the answers changed
        /// (``DriftReport``).
        public static var reRecord: Self { .init(.reRecord) }

        /// `replay`, `once` or `rerecord`: the name `COURIER_CASSETTES` takes.
        public var description: String { base.rawValue }

        /// The mode `COURIER_CASSETTES` names in the process's environment, if it names one.
        ///
        /// - Returns: The mode, or `nil` when the variable is not set.
        public static func fromEnvironment() -> Mode? {
            fromEnvironment(ProcessInfo.processInfo.environment)
        }

        /// The mode `COURIER_CASSETTES` names in `environment`, if it names one.
        package static func fromEnvironment(_ environment: [String: String]) -> Mode? {
            environment["COURIER_CASSETTES"].flatMap(Base.init(rawValue:)).map(Mode.init)
        }

        var records: Bool { base != .replayOnly }
        var replays: Bool { base != .reRecord }
    }

    /// How a replayed stream's chunks arrive.
    public struct Pacing: Sendable, Hashable {
        let asRecorded: Bool

        /// Every chunk at once, as soon as it is read.
        public static var fullSpeed: Self { .init(asRecorded: false) }

        /// Each chunk after the time that separated it from the one before when it was recorded,
        /// slept on the client's clock (a `ManualClock` in a test: no real waiting).
        public static var asRecorded: Self { .init(asRecorded: true) }
    }
}
