// Logs: the `Observability` trait (on by default, and with `Demo`).
#if Observability
    import CourierCore
    import Logging
    import Testing

    @Suite("CallLog: where Courier logs")
    struct CallLogTests {
        @Test func eachLevelReachesTheClientsLoggerWithItsMetadata() {
            let capture = LogCapture()
            var configuration = APIClient.Configuration()
            configuration.logger = capture.logger(level: .debug)
            let log = configuration.log
            log.debug("one", metadata: ["courier.request": "Users"])
            log.info("two")
            log.warning("three", metadata: ["b": "2", "a": "1"])
            log.error("four")
            #expect(capture.lines.map(\.level) == [.debug, .info, .warning, .error])
            #expect(capture.lines.map(\.message) == ["one", "two", "three", "four"])
            #expect(capture.lines.map(\.metadata) == ["courier.request=Users", "", "a=1 b=2", ""])
            #expect(log.logsDebug)
        }

        @Test func aMessageTheLoggersLevelDropsIsNeverBuilt() {
            let capture = LogCapture()
            let log = CallLog(capture.logger(level: .info))
            let built = Locked(0)
            let message: @Sendable () -> String = {
                built.withLock { $0 += 1 }
                return "expensive"
            }
            log.debug(message(), metadata: ["k": message()])
            #expect(built.withLock { $0 } == 0)
            #expect(!log.logsDebug)
            log.info(message())
            #expect(built.withLock { $0 } == 1)
            #expect(capture.lines.map(\.message) == ["expensive"])
        }

        @Test func noneLogsNothing() {
            #expect(!CallLog.none.logsDebug)
        }
    }
#endif
