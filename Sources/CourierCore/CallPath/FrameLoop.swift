package import Foundation

extension CallOutcome {
    /// The one frame loop of a streamed body, which Server-Sent Events, JSON Lines
    /// (`CourierStreams`) and a WebSocket's frames (`CourierWebSockets`) all run: reads the body chunk by chunk,
    /// each within `idle` of the one before; cuts each chunk into frames, decodes them, and hands
    /// each chunk's values on in one batch, the deadline paused while the consumer takes them (its
    /// pace is not the server's silence).
    ///
    /// When a frame fails to decode, the values decoded before it in the same chunk are handed on
    /// first, then the failure ends the stream; so does `check`'s, after a chunk's values (a JSON
    /// line past its limit, after the lines before it).
    ///
    /// - Parameters:
    ///   - idle: The longest the body may stay silent between two chunks.
    ///   - frames: Cuts a chunk into frames (keeping what it needs of a frame split across chunks).
    ///     It may hand a chunk's frames on in portions (a WebSocket's inflated messages, so that
    ///     a chunk of small compressed messages is never held whole): it is called again with no
    ///     bytes, after each portion is sent, until it returns none.
    ///   - decode: Decodes one frame.
    ///   - check: Runs after each chunk's values are handed on; throws to end the stream.
    ///   - send: Hands a batch of values to the consumer; `false` when it has stopped listening.
    /// - Returns: `true` when the body ended, `false` when the consumer stopped listening.
    /// - Throws: ``APIError``: the body's failure, a frame's, a decoding failure or `check`'s.
    package func readFrames<Frame, Value>(
        idle: DeadlineScope.Limit,
        frames: (Data) throws(APIError) -> [Frame],
        decode: (Frame) throws(APIError) -> Value,
        check: () throws(APIError) -> Void = {},
        send: ([Value]) async -> Bool
    ) async throws(APIError) -> Bool {
        scope.rearm(idle)
        var chunks = body.makeAsyncIterator()
        while let chunk = try await reading({ try await chunks.next() }) {
            scope.pause()  // the consumer's pace is not the server's silence
            var input = chunk
            while true {
                let framed = try frames(input)
                input = Data()
                if framed.isEmpty { break }
                var values: [Value] = []
                values.reserveCapacity(framed.count)
                do throws(APIError) {
                    for frame in framed { values.append(try decode(frame)) }
                } catch {
                    // The values before the one that failed are delivered first.
                    if !values.isEmpty { _ = await send(values) }
                    throw error
                }
                guard await send(values) else { return false }
            }
            try check()
            scope.rearm(idle)
        }
        return true
    }
}
