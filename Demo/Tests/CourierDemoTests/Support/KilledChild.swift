#if Demo
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A child process the test kills with `SIGKILL` at an instant it chooses, reading what it
    /// printed as it goes.
    final class KilledChild: Sendable {
        private let process: Process
        private let lines = Locked<[String]>([])
        private let ended: Task<Int32, Never>

        /// Starts `executable`.
        init(_ executable: URL, arguments: [String]) throws {
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw ChildProcess.Failure(
                    description: "\(executable.path) is missing: swift build --traits Demo")
            }
            let process = Process()
            // At a lower priority (`nice` runs the program in its own process, so the pid is the
            // child's): hundreds of children started one after another must not starve the timing
            // tests running beside the kill test (a CI run saw calls held for seconds).
            let nice = URL(fileURLWithPath: "/usr/bin/nice")
            if FileManager.default.isExecutableFile(atPath: nice.path) {
                process.executableURL = nice
                process.arguments = ["-n", "10", executable.path] + arguments
            } else {
                process.executableURL = executable
                process.arguments = arguments
            }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            self.process = process
            let lines = lines
            // Read and wait on a thread of its own, not one of Swift's cooperative pool.
            ended = Task {
                await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
                    Thread.detachNewThread {
                        let handle = output.fileHandleForReading
                        var pending = Data()
                        while case let chunk = handle.availableData, !chunk.isEmpty {
                            pending.append(chunk)
                            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                                let line = String(decoding: pending[..<newline], as: UTF8.self)
                                lines.withLock { $0.append(line) }
                                pending.removeSubrange(...newline)
                            }
                        }
                        process.waitUntilExit()
                        done.resume(returning: process.terminationStatus)
                    }
                }
            }
        }

        /// The lines printed so far.
        var printed: [String] { lines.withLock { $0 } }

        /// Waits until the child printed `line` or ended, for at most `limit`.
        func wait(for line: String, limit: Duration) async {
            let start = ContinuousClock.now
            while !printed.contains(line), process.isRunning, start.duration(to: .now) < limit {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }

        /// Kills the child with `SIGKILL`.
        func kill() {
            killProcess(process.processIdentifier)
        }

        /// Waits for the child to end; returns its status, and whether a signal ended it.
        func finished() async -> (status: Int32, killed: Bool) {
            let status = await ended.value
            return (status, process.terminationReason == .uncaughtSignal)
        }
    }

    /// `kill(2)` with `SIGKILL`, at file scope where the C function is not hidden by the method.
    private func killProcess(_ id: Int32) {
        _ = kill(id, SIGKILL)
    }
#endif
