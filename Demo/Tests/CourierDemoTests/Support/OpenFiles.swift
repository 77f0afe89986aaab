import Foundation

/// The files in `directory` this process holds open, by path: none once a download has ended,
/// however it ended. Empty where `/proc/self/fd` cannot be read (not Linux).
func openFiles(in directory: URL) -> [String] {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    let prefix = directory.resolvingSymlinksInPath().path + "/"
    return descriptors.compactMap { descriptor in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
            target.hasPrefix(prefix)
        else { return nil }
        return target
    }
}
