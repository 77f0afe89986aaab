#if Demo
    import Foundation

    /// Runs a program built beside the test bundle and returns what it printed.
    enum ChildProcess {
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// Where the programs the demo's targets build are: beside the test bundle.
        static func built(_ name: String) -> URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: name)
        }

        /// Runs `executable` and returns what it printed.
        ///
        /// - Throws: ``Failure`` when it is missing or exits with a status other than 0.
        static func run(_ executable: URL, arguments: [String]) async throws -> String {
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw Failure(description: "\(executable.path) is missing: swift build --traits Demo")
            }
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Read and wait on a thread of its own: blocking one of the few threads Swift's
            // concurrency runs on would stall every other test.
            let text = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                DispatchQueue.global().async {
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    done.resume(returning: String(decoding: data, as: UTF8.self))
                }
            }
            guard process.terminationStatus == 0 else {
                throw Failure(
                    description: "\(executable.lastPathComponent) exited with \(process.terminationStatus): \(text)")
            }
            return text
        }

        /// Starts `executable` and returns it running, its output discarded: for a test that stops it
        /// (``terminate(_:)``).
        static func start(_ executable: URL, arguments: [String]) throws -> Process {
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw Failure(description: "\(executable.path) is missing: swift build --traits Demo")
            }
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// Kills `process` at once (`SIGKILL`: no code of its own runs) and waits for it to end.
        static func terminate(_ process: Process) async {
            _ = kill(process.processIdentifier, SIGKILL)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    process.waitUntilExit()
                    done.resume()
                }
            }
        }
    }
#endif
