import Foundation

// `swift run courier-demo` at the repository's root runs this launcher, which runs the real demo
// from its own package, `Demo/`, with the same arguments:
//
//     swift run --package-path <repository>/Demo courier-demo <arguments>
//
// The demo lives in its own package so that apps depending on Courier never resolve Hummingbird,
// swift-argument-parser, swift-service-lifecycle or OpenCombine. This target has no product, so
// those apps never see it either.
//
// The child shares stdin, stdout and stderr; SIGINT, SIGTERM and SIGHUP sent to the launcher are
// passed on to it, so `serve` stops when the launcher is told to; and the launcher exits the way the
// child did.

/// The child's process ID once it runs; 0 before. Written before the signal handlers can read it.
nonisolated(unsafe) private var childID: pid_t = 0

/// A signal that arrived before the child ran, to pass on once it does.
nonisolated(unsafe) private var pendingSignal: Int32 = 0

/// The signals the launcher passes on to the child.
private let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

/// The signal handler: passes the signal on to the child (`kill` is async-signal-safe).
private func forward(_ received: Int32) {
    if childID > 0 {
        kill(childID, received)
    } else {
        pendingSignal = received
    }
}

/// Prints `message` to stderr and exits with status 1.
private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("courier-demo launcher: \(message)\n".utf8))
    exit(1)
}

/// The demo package: `Demo/` beside this file's `Sources/`.
private func demoPackage() -> URL {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // courier-demo
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
    let demo = root.appendingPathComponent("Demo")
    guard FileManager.default.fileExists(atPath: demo.appendingPathComponent("Package.swift").path) else {
        fail("no Demo/Package.swift under \(root.path); run `swift run courier-demo` from a checkout of Courier.")
    }
    return demo
}

/// Starts `/usr/bin/env` with `arguments`, in this process's environment; returns its ID.
private func spawn(_ arguments: [String]) -> pid_t {
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        for string in argv + envp {
            free(string)
        }
    }
    var id: pid_t = 0
    let error = posix_spawn(&id, "/usr/bin/env", nil, nil, argv, envp)
    if error != 0 {
        fail("could not start /usr/bin/env: \(String(cString: strerror(error)))")
    }
    return id
}

/// Waits for `id` to end; returns its raw wait status.
private func wait(for id: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(id, &status, 0) == -1 {
        if errno != EINTR {
            fail("waitpid failed: \(String(cString: strerror(errno)))")
        }
    }
    return status
}

for forwarded in forwardedSignals {
    _ = signal(forwarded, forward)
}

let child = spawn(
    ["env", "swift", "run", "--package-path", demoPackage().path, "courier-demo"]
        + CommandLine.arguments.dropFirst()
)
childID = child
if pendingSignal != 0 {
    kill(child, pendingSignal)
}

// The wait status's encoding (WIFEXITED and friends are macros Swift does not import): the low
// seven bits are the signal that ended the child, or 0 if it exited, with its status in the next byte.
let status = wait(for: child)
let endingSignal = status & 0x7f
if endingSignal == 0 {
    exit((status >> 8) & 0xff)
}
if forwardedSignals.contains(endingSignal) {
    // End the same way, so that a shell sees an interrupted command as interrupted.
    _ = signal(endingSignal, SIG_DFL)
    kill(getpid(), endingSignal)
}
exit(128 + endingSignal)
