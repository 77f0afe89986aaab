import CourierCore
import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A download kept beside its destination to be picked up by a later call (or a later launch):
/// the bytes received so far, `.<name>.courier-partial`, and a small record of what they are,
/// `.<name>.courier-partial.json`.
///
/// The record is versioned from its first line (``Record/version``) and names the request by a
/// SHA-256 of its method and URL, so that neither a query's secrets nor the URL itself reach the
/// disk. The bytes are the truth about how much was received: a segment of the body is written
/// to the file only once its response was checked (``DownloadFile``), so whatever the file holds
/// when the process ends, killed or not, is the body's prefix. A record that cannot be read, of
/// another version, or for another request is reported to the client's logger and the partial
/// download discarded.
///
/// Only one download at a time may use a partial download: the body file is locked (`flock`)
/// while a download writes it, and another download to the same destination meanwhile writes a
/// temporary file of its own and keeps nothing.
struct PartialDownload: Sendable {
    /// The body received so far.
    let body: URL
    /// The record of what it is.
    let record: URL

    /// The partial download of `destination`.
    init(of destination: URL) {
        let directory = destination.deletingLastPathComponent()
        body = directory.appendingPathComponent(".\(destination.lastPathComponent).courier-partial")
        record = directory.appendingPathComponent(".\(destination.lastPathComponent).courier-partial.json")
    }

    /// What the record holds.
    struct Record: Codable {
        /// What the file is, for a person who finds it.
        var format = Record.formatName
        /// The record's format version: a record of another version is discarded.
        var version = Record.currentVersion
        /// The request, as a SHA-256 of its method and URL (``requestKey(_:)``).
        var request: String
        /// What the server said about the whole body.
        var representation: Representation

        static let formatName = "courier-partial-download"
        static let currentVersion = 1
    }

    /// The fields every version of the record has, read first.
    private struct Header: Codable {
        var format: String
        var version: Int
    }

    /// The key a record names its request by: a SHA-256 of its method and URL.
    static func requestKey(_ request: HTTPRequest) -> String {
        var hash = SHA256()
        hash.update(field: request.method.rawValue)
        hash.update(field: request.url?.absoluteString ?? "")
        return hash.hexDigest
    }

    /// Why a partial download cannot be picked up.
    struct Unusable: Error, CustomStringConvertible {
        let description: String
        /// Whether it is what any partial download of another request looks like (not worth a warning).
        var isExpected = false
    }

    /// Reads the record and the size of the body, when both are there and fit `key`.
    ///
    /// - Returns: The record and the body's length; `nil` when there is no record.
    /// - Throws: ``Unusable`` when there is one but it cannot be used.
    func load(key: String) throws(Unusable) -> (Record, Int64)? {
        guard FileManager.default.fileExists(atPath: record.path) else { return nil }
        let data: Data
        let header: Header
        do {
            data = try Data(contentsOf: record)
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw Unusable(description: "its record could not be read (\(error))")
        }
        guard header.format == Record.formatName, header.version == Record.currentVersion else {
            throw Unusable(description: "its record is \(header.format) version \(header.version)")
        }
        guard let loaded = try? JSONDecoder().decode(Record.self, from: data) else {
            throw Unusable(description: "its record could not be read")
        }
        guard loaded.request == key else {
            throw Unusable(description: "it is another request's", isExpected: true)
        }
        guard loaded.representation.isResumable else {
            throw Unusable(description: "its record names no strong validator")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: body.path)
        guard let size = (attributes?[.size] as? NSNumber)?.int64Value, size > 0 else {
            throw Unusable(description: "its body is empty or missing", isExpected: true)
        }
        if let length = loaded.representation.length, size > length {
            throw Unusable(description: "its body is longer than the whole body")
        }
        return (loaded, size)
    }

    /// Writes the record, replacing any: to a temporary file, then renamed over it.
    func save(_ saved: Record) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let temporary = record.deletingLastPathComponent()
            .appendingPathComponent(".\(record.lastPathComponent).\(UUID().uuidString)")
        try encoder.encode(saved).write(to: temporary)
        guard rename(temporary.path, record.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(code)
        }
    }

    /// Removes the record, then the body: a body without a record is never picked up.
    func remove() {
        removeRecord()
        try? FileManager.default.removeItem(at: body)
    }

    /// Removes the record: what the body holds is no longer described.
    func removeRecord() {
        try? FileManager.default.removeItem(at: record)
    }

    /// Locks the body file for this process's download (creating it when it is not there): the
    /// descriptor to close when the download ends, or `nil` when another download holds it.
    func lock() -> Int32? {
        let descriptor = open(body.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
