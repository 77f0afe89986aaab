#if Demo
    import Foundation

    /// Free space where a test's downloads go (the temporary directory), for the tests that write a
    /// gibibyte there: on a disk with less, they would fail as `storage`, which says nothing about
    /// Courier, so they do not run and say why.
    enum FreeDisk {
        /// The bytes free to this user in the temporary directory's file system, or `nil` where
        /// the system does not say.
        static var temporaryDirectory: Int? {
            let url = FileManager.default.temporaryDirectory
            let values = try? FileManager.default.attributesOfFileSystem(forPath: url.path)
            return (values?[.systemFreeSize] as? NSNumber)?.intValue
        }

        /// Whether the temporary directory has at least `bytes` free (true where the system does
        /// not say: the test then runs, and a full disk fails it as before).
        static func atLeast(_ bytes: Int) -> Bool {
            guard let free = temporaryDirectory else { return true }
            if free < bytes {
                print("free disk: \(free >> 20) MiB in the temporary directory, under \(bytes >> 20) MiB")
            }
            return free >= bytes
        }
    }
#endif
