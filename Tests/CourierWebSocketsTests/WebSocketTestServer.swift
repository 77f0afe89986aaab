import CourierCore
import Foundation
import Testing

/// `Tests/WebSocketServer/server.py`: Python's `websockets` (PyPI) on 127.0.0.1, with the paths the
/// tests need, for the length of one test. It stops when the test's closure returns (its standard
/// input closes) or the test process ends.
///
/// Where the system's Python has no `websockets`, it is installed once into the build folder
/// (`.build/python-packages`), the version named here: the README's test command sets up all it
/// needs.
final class WebSocketTestServer: Sendable {
    static let version = "15.0.1"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    let port: Int
    let silentPort: Int
    private let lines: Locked<[String]>

    private init(port: Int, silentPort: Int, lines: Locked<[String]>) {
        self.port = port
        self.silentPort = silentPort
        self.lines = lines
    }

    /// The `websockets` server's base URL.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The server that answers the handshake and then never sends a byte.
    var silentURL: URL { URL(string: "http://127.0.0.1:\(silentPort)")! }

    /// The events the server printed so far (`open /echo`, `closed /echo 1000`, `refused /auth`).
    var events: [String] { lines.withLock { $0 } }

    /// Waits until the server has printed `event`, at most `timeout`.
    func waitFor(_ event: String, count: Int = 1, timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if events.filter({ $0 == event }).count >= count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Runs `body` with a server of its own.
    ///
    /// At most two servers run at once, and nothing here blocks a thread of Swift's cooperative
    /// pool (two threads on a two-core machine): the install, the start and the wait for the exit
    /// happen on threads of their own, so that the suite's other wire tests keep running beside
    /// these.
    static func withRunning<T>(_ body: (WebSocketTestServer) async throws -> T) async throws -> T {
        let pythonPath = try await packages()
        await gate.enter()
        defer { gate.leave() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appending(path: "Tests/WebSocketServer/server.py").path]
        var environment = ProcessInfo.processInfo.environment
        if let pythonPath { environment["PYTHONPATH"] = pythonPath }
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let exited = Exit()
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let lines = Locked<[String]>([])
        let ports = Locked<(Int, Int)?>(nil)
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                pending.append(data)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    let words = line.split(separator: " ")
                    if words.first == "ports", words.count == 3, let a = Int(words[1]), let b = Int(words[2]) {
                        ports.withLock { $0 = (a, b) }
                    } else {
                        lines.withLock { $0.append(line) }
                    }
                }
            }
        }
        do {
            let started = ContinuousClock.now
            while ports.withLock({ $0 }) == nil {
                guard process.isRunning, ContinuousClock.now - started < .seconds(60) else {
                    throw ServerFailed(message: "the WebSocket test server did not start")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            let (port, silentPort) = ports.withLock { $0 }!
            let result = try await body(WebSocketTestServer(port: port, silentPort: silentPort, lines: lines))
            try? input.fileHandleForWriting.close()
            await exited.wait()
            return result
        } catch {
            try? input.fileHandleForWriting.close()
            await exited.wait()
            throw error
        }
    }

    /// The servers running now, at most two.
    private static let gate = Gate(limit: 2)

    /// A counting semaphore for tasks.
    private final class Gate: Sendable {
        private let state: Locked<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

        init(limit: Int) { state = Locked((limit, [])) }

        func enter() async {
            await withCheckedContinuation { continuation in
                let entered = state.withLock { state -> Bool in
                    if state.free > 0 {
                        state.free -= 1
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if entered { continuation.resume() }
            }
        }

        func leave() {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if state.waiting.isEmpty {
                    state.free += 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }

    /// A process's exit, awaited without holding a thread.
    private final class Exit: Sendable {
        private let state = Locked<(exited: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func signal() {
            let waiting = state.withLock { state in
                state.exited = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let exited = state.withLock { state -> Bool in
                    if !state.exited { state.waiting.append(continuation) }
                    return state.exited
                }
                if exited { continuation.resume() }
            }
        }
    }

    struct ServerFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The `PYTHONPATH` that has `websockets`: `nil` when the system's Python has it.
    ///
    /// Looked for (and installed) once, on a thread of its own. The install runs under `flock(1)`
    /// on a file in the folder, and looks again once it holds the lock: two test processes of one
    /// checkout (CI's main and Thread Sanitizer chains) may get here at once.
    private static func packages() async throws -> String? {
        let task = installation.withLock { task in
            if let task { return task }
            let new = Task<String?, any Error> {
                try await withCheckedThrowingContinuation { continuation in
                    Thread.detachNewThread { continuation.resume(with: Result { try install() }) }
                }
            }
            task = new
            return new
        }
        return try await task.value
    }

    private static let installation = Locked<Task<String?, any Error>?>(nil)

    private static func install() throws -> String? {
        if try run("python3", ["-c", "import websockets"]) == 0 { return nil }
        let target = repository.appending(path: ".build/python-packages").path
        let script = """
            python3 -c "import sys; sys.path.insert(0, '\(target)'); import websockets" 2>/dev/null \
                || python3 -m pip install --quiet --disable-pip-version-check --target '\(target)' 'websockets==\(version)'
            """
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let status = try run("flock", ["\(target)/.lock", "sh", "-c", script])
        guard status == 0 else { throw ServerFailed(message: "pip could not install websockets \(version)") }
        return target
    }

    private static func run(_ command: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// This process's peak resident memory (`VmHWM`) and resident memory now (`VmRSS`), in bytes, on
/// Linux; `nil` elsewhere.
enum ResidentMemory {
    static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    static var peak: Int? { field("VmHWM") }
}
