/// The file operations the store makes, each a durability point it chooses: the seam a test
/// replaces with a file system that loses what was not flushed when it "crashes".
///
/// Paths are absolute. Nothing is durable until flushed: a file's bytes and length by
/// ``synchronize(_:)``, a name created, renamed or removed by ``synchronizeDirectory(_:)`` of its
/// directory.
///
/// Implementation requirements: the store calls these from one thread at a time (its writer);
/// each throws on failure rather than returning a partial result, and ``append(_:to:)`` writes
/// every byte or throws.
package protocol StoreFileSystem: Sendable {
    /// Creates a directory and any missing parents; does nothing if it exists.
    func createDirectory(_ path: String) throws

    /// The whole contents of a file, or `nil` when there is none.
    func contents(of path: String) throws -> [UInt8]?

    /// Opens an existing file for appending.
    func openForAppending(_ path: String) throws -> StoreFileHandle

    /// Creates a file (empty, replacing any file of that name) and opens it for appending.
    func create(_ path: String) throws -> StoreFileHandle

    /// Writes bytes at the end of an open file.
    func append(_ bytes: [UInt8], to file: StoreFileHandle) throws

    /// Makes an open file's bytes and length durable (`fsync(2)`).
    func synchronize(_ file: StoreFileHandle) throws

    /// Cuts an open file to `length` bytes.
    func truncate(_ file: StoreFileHandle, to length: Int) throws

    /// Closes an open file.
    func close(_ file: StoreFileHandle)

    /// Makes the names in a directory durable (`fsync(2)` of the directory).
    func synchronizeDirectory(_ path: String) throws

    /// Renames a file, replacing any file at `destination` (`rename(2)`).
    func rename(_ source: String, to destination: String) throws

    /// Removes a file; does nothing if there is none.
    func remove(_ path: String) throws

    /// The names of the files in a directory; none when it does not exist.
    func fileNames(in directory: String) throws -> [String]
}

/// An open file of a ``StoreFileSystem``.
package struct StoreFileHandle: Sendable, Hashable {
    /// What the file system knows the file by (a descriptor).
    package let rawValue: Int32

    /// A handle.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }
}
