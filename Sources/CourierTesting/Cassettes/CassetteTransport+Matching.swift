import Foundation
public import HTTPTypes

extension CassetteTransport {
    /// Which recorded request answers a request: by default the same method and URL, the query's
    /// parameters in any order.
    ///
    /// Both sides are compared as the cassette holds them, secrets replaced by placeholders, so a
    /// fresh token never stops a match. Repeated identical requests are answered by their
    /// recordings in order: a `401` and then, after a refresh, a `200` replay as they happened.
    ///
    /// ```swift
    /// let matching = CassetteTransport.Matching.methodAndURL
    ///     .including(headers: [.accept])
    ///     .includingBody()
    ///     .requiring { recorded, request in recorded.query("page") == request.query("page") }
    /// ```
    public struct Matching: Sendable {
        var headerNames: [HTTPField.Name] = []
        var comparesBody = false
        var predicates: [@Sendable (RecordingTransport.Record, RecordingTransport.Record) -> Bool] = []
        var repeatsLast = false

        /// The same method and URL; the query's parameters in any order.
        public static var methodAndURL: Matching { Matching() }

        /// Also the values of these header fields.
        ///
        /// - Parameter names: The fields.
        /// - Returns: The matching.
        public func including(headers names: [HTTPField.Name]) -> Matching {
            var matching = self
            matching.headerNames += names
            return matching
        }

        /// Also the body: JSON compared as JSON (the order of members and the spacing do not
        /// count), anything else byte for byte.
        ///
        /// - Returns: The matching.
        public func includingBody() -> Matching {
            var matching = self
            matching.comparesBody = true
            return matching
        }

        /// Once every recording that answers a request has been replayed, the last one answers
        /// it again (VCR's `allow_playback_repeats`): for a request made any number of times,
        /// such as a poll.
        ///
        /// - Returns: The matching.
        public func repeatingLast() -> Matching {
            var matching = self
            matching.repeatsLast = true
            return matching
        }

        /// Also `predicate`, given the recorded request and the request being sent, both as the
        /// cassette holds them.
        ///
        /// - Parameter predicate: Whether the recording answers the request.
        /// - Returns: The matching.
        public func requiring(
            _ predicate:
                @escaping @Sendable (_ recorded: RecordingTransport.Record, _ request: RecordingTransport.Record)
                -> Bool
        ) -> Matching {
            var matching = self
            matching.predicates.append(predicate)
            return matching
        }

        /// How `recorded` differs from `request`, in words; empty when it answers it.
        func differences(_ recorded: RecordedRequest, _ request: RecordedRequest) -> [String] {
            var differences = recorded.key.differences(from: request.key)
            for name in headerNames {
                let was = recorded.record.headerFields[values: name]
                let now = request.record.headerFields[values: name]
                if was != now {
                    differences.append("\(name) is \(Self.describe(now)), recorded \(Self.describe(was))")
                }
            }
            if comparesBody, !JSONValue.sameBody(recorded.record.body, request.record.body) {
                differences.append("the body differs")
            }
            if differences.isEmpty, !predicates.allSatisfy({ $0(recorded.record, request.record) }) {
                differences.append("the matching's predicate refused it")
            }
            return differences
        }

        /// Whether `recorded` answers `request`.
        func matches(_ recorded: RecordedRequest, _ request: RecordedRequest) -> Bool {
            guard recorded.key.answers(request.key) else { return false }
            if headerNames.isEmpty, !comparesBody, predicates.isEmpty { return true }
            return differences(recorded, request).isEmpty
        }

        private static func describe(_ values: [String]) -> String {
            values.isEmpty ? "absent" : values.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}

/// A request as a cassette compares it: secrets replaced, and its key.
struct RecordedRequest: Sendable {
    let record: RecordingTransport.Record
    let key: RequestKey

    init(_ record: RecordingTransport.Record) {
        self.record = record
        self.key = RequestKey(record.request)
    }
}

/// A request's method and URL, its query's parameters sorted and percent-decoded.
struct RequestKey: Hashable, Sendable {
    let method: String
    let origin: String
    let path: String
    let query: [String]

    init(_ request: HTTPRequest) {
        method = request.method.rawValue
        origin = "\(request.scheme ?? "http")://\(request.authority ?? "")".lowercased()
        let target = request.path ?? "/"
        guard let mark = target.firstIndex(of: "?") else {
            path = target
            query = []
            return
        }
        path = String(target[..<mark])
        query = target[target.index(after: mark)...].split(separator: "&").map {
            String($0).removingPercentEncoding ?? String($0)
        }.sorted()
    }

    /// The method and URL, as a person reads them.
    var display: String {
        "\(method) \(origin)\(path)\(query.isEmpty ? "" : "?" + query.joined(separator: "&"))"
    }

    /// Whether a recording with this key answers a request with `live`'s: the same method,
    /// origin, path and query, where a placeholder the cassette wrote for a secret (a path
    /// segment, a query parameter's value, or part of one) stands for any text.
    func answers(_ live: RequestKey) -> Bool {
        self == live || differences(from: live).isEmpty
    }

    /// How `other` differs from this recorded key, in words.
    func differences(from other: RequestKey) -> [String] {
        var differences: [String] = []
        if method != other.method { differences.append("the method is \(other.method), recorded \(method)") }
        if origin != other.origin { differences.append("the origin is \(other.origin), recorded \(origin)") }
        if !Self.same(segments, other.segments) { differences.append("the path is \(other.path), recorded \(path)") }
        let name = { (pair: String) in String(pair.prefix { $0 != "=" }) }
        let value = { (pair: String) in String(pair.drop { $0 != "=" }.dropFirst()) }
        for parameter in Set((query + other.query).map(name)).sorted() {
            let was = query.filter { name($0) == parameter }.map(value)
            let now = other.query.filter { name($0) == parameter }.map(value)
            guard !Self.same(was, now) else { continue }
            if was.isEmpty {
                differences.append("the query has \(parameter)=\(now.joined(separator: ",")), not recorded")
            } else if now.isEmpty {
                differences.append("the query lacks \(parameter), recorded \(was.joined(separator: ","))")
            } else {
                differences.append(
                    "the query's \(parameter) is \(now.joined(separator: ",")), recorded \(was.joined(separator: ","))")
            }
        }
        return differences
    }

    /// How far a request with `live`'s key is from this recorded one, for naming the nearest
    /// recording: the method first, then the origin, then the path, then the query.
    func distance(to live: RequestKey) -> Distance {
        let common = zip(segments, live.segments).prefix { Self.same([$0], [$1]) }.count
        let was = Set(query)
        let now = Set(live.query)
        return Distance(
            method: method == live.method ? 0 : 1, origin: origin == live.origin ? 0 : 1,
            path: segments.count - common + live.segments.count - common,
            query: was.subtracting(now).count + now.subtracting(was).count)
    }

    /// How far apart two requests are, compared in order: a recording with the same method is
    /// nearer than any with another; then the same origin; then the path, by the segments
    /// each has after the longest prefix they share (`/users/42` is 1 from `/users/42/posts`,
    /// `/` is 3); then the query, by the parameters one has and the other lacks.
    struct Distance: Comparable {
        let method: Int
        let origin: Int
        let path: Int
        let query: Int

        static func < (lhs: Distance, rhs: Distance) -> Bool {
            (lhs.method, lhs.origin, lhs.path, lhs.query) < (rhs.method, rhs.origin, rhs.path, rhs.query)
        }
    }

    /// The path's segments, between its slashes.
    var segments: [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }

    /// Whether the recorded values answer the live ones: equal, a placeholder standing for any
    /// text.
    private static func same<Text: StringProtocol>(_ recorded: [Text], _ live: [Text]) -> Bool {
        recorded.count == live.count
            && zip(recorded, live).allSatisfy { $0 == $1 || SecretValues.answers(Substring($0), Substring($1)) }
    }
}
