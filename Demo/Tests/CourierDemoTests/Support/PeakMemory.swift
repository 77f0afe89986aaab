import ProcessMemory

extension PeakMemory {
    /// Runs a test that measures the peak alone among those that call this: the peak is the
    /// process's, so a large transfer in one such test (a 50 MiB download, a decompression bomb
    /// over URLSession) would show in another's figure. Tests that do not measure still run
    /// alongside.
    static func measuringAlone<Value>(_ body: () async throws -> Value) async throws -> Value {
        await MeasurementTurn.shared.acquire()
        do {
            let value = try await body()
            await MeasurementTurn.shared.release()
            return value
        } catch {
            await MeasurementTurn.shared.release()
            throw error
        }
    }
}

/// One memory-measuring test at a time, in the order they asked.
private actor MeasurementTurn {
    static let shared = MeasurementTurn()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
