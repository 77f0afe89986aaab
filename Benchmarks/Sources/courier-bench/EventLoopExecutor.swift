import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore

/// A task executor that runs jobs on one NIO event loop: the issue-18 trial of running a call's
/// task where its connection's I/O happens, instead of hopping between the event loop and the
/// cooperative pool.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Runs another fetcher's calls with a task-executor preference for one of AsyncHTTPClient's
/// event loops (`--executor loop`), taking the loops in turn. AsyncHTTPClient picks the event
/// loop it is called on for the connection, so the whole call stays on one thread.
struct EventLoopFetcher: Fetcher {
    let base: any Fetcher
    let executors = HTTPClient.defaultEventLoopGroup.makeIterator().map { EventLoopTaskExecutor($0) }
    let next = Counter()

    func fetch(_ file: String) async throws -> Int {
        let executor = executors[next.increment() % executors.count]
        return try await withTaskExecutorPreference(executor) { try await base.fetch(file) }
    }
}

/// A counter shared by concurrent calls.
final class Counter: Sendable {
    private let value = NIOLockedValueBox(0)

    func increment() -> Int {
        value.withLockedValue { value in
            value += 1
            return value
        }
    }
}
