import HTTPTypes

/// Runs a call under one total deadline that covers everything, including reading the body.
///
/// Neither transport can do this alone (measured: AsyncHTTPClient's deadline stops once the head
/// arrives; `URLSession` ignores its resource timeout on Linux), so the client races the call
/// against a timer and cancels the loser.
enum Deadline {
    static func run<Value: Sendable>(
        until deadline: ContinuousClock.Instant,
        timeout: Duration,
        request: HTTPRequest,
        _ operation: @escaping @Sendable () async throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        let result = await withTaskGroup(of: Result<Value, APIError>?.self) { group in
            group.addTask {
                do throws(APIError) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(until: deadline, clock: .continuous)
                } catch {
                    return nil  // Cancelled: the call finished first, or the caller gave up.
                }
                let message = "The call did not complete within its time limit of \(timeout)."
                return .failure(APIError(.timeout, message, request: request))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let result = next { return result }
            }
            return .failure(APIError(.cancelled, "The call was cancelled.", request: request))
        }
        return try result.get()
    }
}
