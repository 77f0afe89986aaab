#if Demo
    import Foundation

    /// SplitMix64: a small, fast generator whose whole sequence follows from one seed, so that a
    /// generated case that fails can be made again from the seed the test prints.
    struct SeededGenerator: RandomNumberGenerator, Sendable {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// The base seed of a generated test: `COURIER_TEST_SEED` from the environment, else `fixed`,
        /// so that CI runs the same cases every time and a failure can be replayed.
        static func baseSeed(fixed: UInt64) -> UInt64 {
            ProcessInfo.processInfo.environment["COURIER_TEST_SEED"].flatMap(UInt64.init) ?? fixed
        }
    }
#endif
