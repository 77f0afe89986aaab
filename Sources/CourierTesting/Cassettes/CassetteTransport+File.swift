import CourierCore
import Foundation

extension CassetteTransport {
    /// The cassette at `file`, or `nil` when there is none.
    static func read(_ file: URL) throws -> HAR? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data = try Data(contentsOf: file)
        do {
            return try JSONDecoder().decode(HAR.self, from: data)
        } catch {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [
                    NSFilePathErrorKey: file.path,
                    NSLocalizedDescriptionKey: "\(file.path) is not a HAR 1.2 file: \(error)",
                ])
        }
    }

    /// Writes `har` to `file` whole (a new file renamed into place), its folder made if need be.
    static func write(_ har: HAR, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(har)
        data.append(0x0A)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    /// The file as a test names it: its folder and its name.
    var displayName: String {
        "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)"
    }

    /// Why no recording answers `live`: the nearest one (``RequestKey/Distance``), and how it
    /// differs.
    func missReason(_ live: RecordedRequest) -> String {
        let recordings = state.withLock { $0.recordings }
        guard existed else {
            return "there is no cassette at \(file.path); record it with mode .recordOnce, or COURIER_CASSETTES=once"
        }
        var reason = "no recording in \(displayName) answers \(live.key.display) (\(recordings.count) recordings)"
        let candidates = recordings.enumerated().compactMap { index, recording in
            recording.request.map { (index, $0, recording.used) }
        }
        guard
            let (index, closest, used) = candidates.min(by: {
                $0.1.key.distance(to: live.key) < $1.1.key.distance(to: live.key)
            })  // the first of the nearest
        else { return reason }
        let differences = matching.differences(closest, live)
        if differences.isEmpty, used {
            let times = recordings.count { $0.used && $0.request.map { matching.matches($0, live) } == true }
            reason += "; it was recorded \(times) time\(times == 1 ? "" : "s"), and each recording has been replayed"
        } else {
            reason += "; the closest, #\(index + 1) \(closest.key.display), differs: "
            reason += differences.joined(separator: "; ")
        }
        return reason
    }
}
