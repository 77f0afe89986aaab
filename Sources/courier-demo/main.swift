import Foundation

// `swift run courier-demo` runs this launcher, which runs the real demo, `courier-demo-app`, with
// the same arguments and the `Demo` trait:
//
//     swift run --package-path <repository> --traits Demo courier-demo-app <arguments>
//
// The demo needs the example API's server (Hummingbird), which only the `Demo` trait brings, so
// that apps depending on Courier never resolve it; `--traits Demo` is the test command's
// own choice, so the demo runs from the build `swift test --traits Demo` made. This target
// has no dependency (the build `swift run courier-demo` asks for compiles nothing else) and no
// product, so apps never see it.
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

/// The repository: the package whose `Sources/` holds this file.
private func repository() -> URL {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // courier-demo
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Demo/Sources").path) else {
        fail("no Demo/Sources under \(root.path); run `swift run courier-demo` from a checkout of Courier.")
    }
    return root
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
    ["env", "swift", "run", "--package-path", repository().path, "--traits", "Demo", "courier-demo-app"]
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
