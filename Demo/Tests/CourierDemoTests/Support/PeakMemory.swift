#if Demo
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

    /// Runs a test that saturates the machine, or whose timing such a test would spoil, alone among
    /// those that call this or ``PeakMemory/measuringAlone(_:)``: the outbox's kill test (hundreds of
    /// child processes), the stall probe (whose canary times gaps in a child process), and the 1 GiB
    /// transfers that measure memory. Other tests still run alongside.
    func takingTurns<Value>(_ body: () async throws -> Value) async throws -> Value {
        try await PeakMemory.measuringAlone(body)
    }

    /// One memory-measuring (or machine-saturating) test at a time, in the order they asked.
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
#endif
