import CourierCore
import Foundation

/// A streamed body passed on as it arrives, each chunk, its end or its failure reported on the
/// way, with the time since the head on the client's clock.
struct RecordedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    enum Event: Sendable {
        case chunk(Data, milliseconds: Double)
        case end
        case failure(any Error)
    }

    let body: ResponseBody
    /// The time since the head arrived, on the client's clock.
    let elapsed: @Sendable () -> Duration
    let report: @Sendable (Event) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), elapsed: elapsed, report: report)
    }

    /// The time since now on `clock`, each time it is asked.
    static func stopwatch<C: Clock>(_ clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        let elapsed: @Sendable () -> Duration
        let report: @Sendable (Event) -> Void

        mutating func next() async throws -> Data? {
            do {
                guard let chunk = try await base.next() else {
                    report(.end)
                    return nil
                }
                let components = elapsed().components
                report(
                    .chunk(
                        chunk,
                        milliseconds: ((Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15)
                            * 1000)
                            .rounded() / 1000))
                return chunk
            } catch {
                report(.failure(error))
                throw error
            }
        }
    }
}
