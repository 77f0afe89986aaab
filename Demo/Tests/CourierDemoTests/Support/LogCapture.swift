#if Demo
    import Courier
    import Logging

    /// A logger that keeps every line, with its metadata, for assertions.
    final class LogCapture: Sendable {
        struct Line: Sendable {
            var level: Logger.Level
            var message: String
            var metadata: String
        }

        private let store = Locked<[Line]>([])

        var lines: [Line] { store.withLock { $0 } }

        /// Every line and its metadata as one text, to search for secrets.
        var text: String { lines.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n") }

        func logger(level: Logger.Level = .trace) -> Logger {
            var logger = Logger(label: "test") { _ in Handler(capture: self) }
            logger.logLevel = level
            return logger
        }

        fileprivate func append(_ line: Line) {
            store.withLock { $0.append(line) }
        }

        private struct Handler: LogHandler {
            let capture: LogCapture
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                let merged = metadata.merging(event.metadata ?? [:]) { $1 }
                let text = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                capture.append(Line(level: event.level, message: "\(event.message)", metadata: text))
            }
        }
    }
#endif
