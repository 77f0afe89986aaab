import Foundation

/// A JSON value, for comparing bodies as JSON (matching) and for the drift report's diff.
enum JSONValue: Decodable, Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// `data` as JSON, or `nil` when it is not JSON.
    static func parse(_ data: Data?) -> JSONValue? {
        guard let data, !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Whether two bodies are the same: as JSON when both are JSON, else byte for byte.
    static func sameBody(_ lhs: Data?, _ rhs: Data?) -> Bool {
        let lhs = lhs ?? Data()
        let rhs = rhs ?? Data()
        if lhs == rhs { return true }
        guard let left = parse(lhs), let right = parse(rhs) else { return false }
        return left == right
    }

    /// The value as JSON text, short.
    var brief: String {
        switch self {
        case .object(let members): members.isEmpty ? "{}" : "{…}"
        case .array(let elements): elements.isEmpty ? "[]" : "[…]"
        case .string(let text): JSONMembers.quoted(text)
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let bool): String(bool)
        case .null: "null"
        }
    }

    /// The kind of value: `object`, `array`, `string`, `number`, `boolean` or `null`.
    var kind: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// How `new` differs from `self`, one line per change, each naming its path (`$.user.name`).
    func changes(to new: JSONValue, at path: String = "$") -> [String] {
        switch (self, new) {
        case (.object(let old), .object(let new)):
            return Set(old.keys).union(new.keys).sorted().flatMap { key -> [String] in
                let child = "\(path).\(key)"
                switch (old[key], new[key]) {
                case (let was?, let now?): return was.changes(to: now, at: child)
                case (let was?, nil): return ["- \(child): \(was.brief) (removed)"]
                case (nil, let now?): return ["+ \(child): \(now.brief) (added)"]
                case (nil, nil): return []
                }
            }
        case (.array(let old), .array(let new)):
            var lines = zip(old, new).enumerated().flatMap { $1.0.changes(to: $1.1, at: "\(path)[\($0)]") }
            if new.count != old.count {
                lines.append("~ \(path): \(old.count) elements, now \(new.count)")
            }
            return lines
        default:
            guard self != new else { return [] }
            let kinds = kind == new.kind ? "" : " (\(kind) → \(new.kind))"
            return ["~ \(path): \(brief) → \(new.brief)\(kinds)"]
        }
    }
}
