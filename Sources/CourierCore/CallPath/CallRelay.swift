/// A call that runs in a task of its own and hands what it produces to a consumer in another
/// task, one element at a time: a streamed OpenAPI response body, a Server-Sent Events or JSON
/// Lines connection.
///
/// The producer waits until the consumer has taken each element, so a slow consumer slows the
/// reading and memory stays flat. Cancelling the consumer's task, or dropping the relay, cancels
/// the call.
package final class CallRelay<Element: Sendable>: Sendable {
    private let handoff = Handoff<Element>()
    /// The call, ending with its finished error, if any.
    private let task: Task<APIError?, Never>

    /// Starts `produce`, which hands its elements to the given send function (it returns `false`
    /// once the consumer has gone: stop then) and ends the relay by returning or throwing.
    package init(
        _ produce:
            @escaping @Sendable (_ send: @escaping @Sendable (Element) async -> Bool) async throws(APIError) -> Void
    ) {
        let handoff = handoff
        task = Task {
            do throws(APIError) {
                try await produce { await handoff.send($0) }
                handoff.finish(nil)
                return nil
            } catch {
                handoff.finish(error)
                return error
            }
        }
    }

    deinit {
        cancel()
    }

    /// The next element; `nil` once the call has ended.
    ///
    /// - Throws: The call's ``APIError``; ``APIError/Kind/cancelled`` when the consuming task is
    ///   cancelled.
    package func next() async throws(APIError) -> Element? {
        let task = task
        switch await handoff.receive(onCancel: { task.cancel() }) {
        case .element(let element):
            return element
        case .end(nil):
            return nil
        case .end(let error as APIError):
            throw error
        case .end:
            // The consumer was cancelled: the call's own error says so, finished.
            if let error = await task.value { throw error }
            return nil
        }
    }

    /// Ends the call: the consumer has gone.
    package func cancel() {
        handoff.close()
        task.cancel()
    }
}
