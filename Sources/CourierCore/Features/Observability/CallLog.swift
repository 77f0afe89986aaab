#if Observability
    package import Logging
#endif

/// Where the call path, the features and the outbox log: the client's `Logger`
/// (``APIClient/Configuration/logger``) with the `Observability` trait; nowhere without it, at no
/// cost, and without linking swift-log.
///
/// Messages and metadata are built only when the logger's level lets them through.
package struct CallLog: Sendable {
    #if Observability
        /// The client's logger.
        package let logger: Logger

        package init(_ logger: Logger) {
            self.logger = logger
        }

        /// Whether a debug message would be logged: for work done only to log.
        package var logsDebug: Bool { logger.logLevel <= .debug }

        package func debug(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
            logger.debug("\(message())", metadata: Self.metadata(metadata()))
        }

        package func info(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
            logger.info("\(message())", metadata: Self.metadata(metadata()))
        }

        package func warning(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:])
        {
            logger.warning("\(message())", metadata: Self.metadata(metadata()))
        }

        package func error(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
            logger.error("\(message())", metadata: Self.metadata(metadata()))
        }

        private static func metadata(_ fields: [String: String]) -> Logger.Metadata? {
            fields.isEmpty ? nil : fields.mapValues { .string($0) }
        }
    #else
        package init() {}

        /// Whether a debug message would be logged: never, without the `Observability` trait.
        package var logsDebug: Bool { false }

        package func debug(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {}

        package func info(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {}

        package func warning(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:])
        {}

        package func error(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {}
    #endif

    /// Logs nothing.
    package static var none: CallLog {
        #if Observability
            CallLog(Logger(label: "Courier", factory: { _ in SwiftLogNoOpLogHandler() }))
        #else
            CallLog()
        #endif
    }
}
