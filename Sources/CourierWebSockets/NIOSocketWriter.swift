#if CourierNIO
    import CourierCore
    import Foundation
    import NIOCore

    /// The switched connection's two sides: its inbound bytes as a stream with NIO's back-pressure
    /// (a consumer that stops reading stops the socket's reads), and a writer.
    ///
    /// `NIOAsyncChannel` hands its sides out inside `executeThenClose` only, and closes the channel
    /// when that returns: a task of its own holds it open until the writer's `SocketWriter/end()`.
    enum Handover {
        static func start(
            _ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, linger: TimeAmount
        ) -> (some AsyncSequence<Data, any Error> & Sendable, NIOSocketWriter) {
            let writer = NIOSocketWriter(channel: connection.channel, linger: linger)
            let (inbound, handed) = AsyncStream.makeStream(of: NIOAsyncChannelInboundStream<ByteBuffer>.self)
            Task {
                try? await connection.executeThenClose { bytes, _ in
                    handed.yield(bytes)
                    handed.finish()
                    await writer.ended()
                    // The writer half-closed the connection: the server's FIN (or the writer's
                    // timer) closes it, with nothing left unread that would make it a reset.
                    try? await connection.channel.closeFuture.get()
                }
                handed.finish()  // also when the channel closed before the sides were handed out
            }
            let bytes = InboundBytes(handed: inbound)
            return (bytes, writer)
        }
    }

    /// The inbound bytes, once `executeThenClose` has handed them over.
    private struct InboundBytes: AsyncSequence, Sendable {
        typealias Element = Data
        let handed: AsyncStream<NIOAsyncChannelInboundStream<ByteBuffer>>

        struct AsyncIterator: AsyncIteratorProtocol {
            var handed: AsyncStream<NIOAsyncChannelInboundStream<ByteBuffer>>.AsyncIterator
            var bytes: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator?

            mutating func next() async throws -> Data? {
                if bytes == nil {
                    guard let stream = await handed.next() else { return nil }
                    bytes = stream.makeAsyncIterator()
                }
                guard let buffer = try await bytes?.next() else { return nil }
                return Data(buffer.readableBytesView)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(handed: handed.makeAsyncIterator())
        }
    }

    /// Writes frames with the channel's own futures, which a cancelled task still waits for (so a
    /// close frame goes out after a cancellation), and ends the connection once.
    ///
    /// Ending half-closes it: the client's FIN follows its close frame, and the connection closes
    /// when the server's FIN comes, or `linger` later. Closed at once, a socket with the server's
    /// close frame still unread would send a reset, which can reach the server before the client's
    /// close frame is read (the server then sees 1006, not the client's code).
    final class NIOSocketWriter: SocketWriter {
        let channel: any Channel
        let linger: TimeAmount
        private let state = Locked<(ended: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
        /// The writes handed to the channel and not yet done, and the first that failed.
        private let unwaited = Locked<(count: Int, failure: (any Error)?)>((0, nil))

        init(channel: any Channel, linger: TimeAmount) {
            self.channel = channel
            self.linger = linger
        }

        /// Hands the frame to the channel. It waits for the write only while the channel is not
        /// writable (its outbound buffer over NIO's high-water mark, 64 KiB by default) or
        /// ``unwaitedLimit`` writes are still on their way to it: a slow network still slows the
        /// sender, and a fast one costs no round trip to the event loop per message. A write that
        /// fails unwaited for fails the next one.
        func write(_ frame: Data) async throws {
            let ahead = unwaited.withLock { state in
                state.count += 1
                return (state.count, state.failure)
            }
            if let failure = ahead.1 {
                unwaited.withLock { $0.count -= 1 }
                throw failure
            }
            let written: EventLoopFuture<Void> = channel.writeAndFlush(ByteBuffer(bytes: frame))
            written.whenComplete { [unwaited] (result: Result<Void, any Error>) in
                unwaited.withLock { state in
                    state.count -= 1
                    if case .failure(let error) = result, state.failure == nil { state.failure = error }
                }
            }
            if ahead.0 > Self.unwaitedLimit || !channel.isWritable { try await written.get() }
        }

        /// How many writes may be on their way to the channel, unwaited for.
        static let unwaitedLimit = 64

        func writeClose(_ frame: Data, within timeout: Duration) async {
            let giveUp = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [channel] in
                channel.close(promise: nil)
            }
            try? await channel.writeAndFlush(ByteBuffer(bytes: frame)).get()
            giveUp.cancel()
        }

        func end() {
            let (first, waiter) = state.withLock { state in
                defer { (state.ended, state.waiter) = (true, nil) }
                return (!state.ended, state.waiter)
            }
            if first {
                let channel = channel
                channel.close(mode: .output, promise: nil)
                channel.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
            }
            waiter?.resume()
        }

        /// Returns once ``end()`` has been called.
        func ended() async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state in
                    if !state.ended { state.waiter = waiter }
                    return state.ended
                }
                if ended { waiter.resume() }
            }
        }
    }
#endif
