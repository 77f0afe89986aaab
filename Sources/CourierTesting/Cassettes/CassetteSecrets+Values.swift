import CourierCore
import Foundation
import HTTPTypes

extension CassetteSecrets {
    /// A secret value, and the name it went by.
    typealias Value = (name: String, value: String)

    /// The secret values of `request`: its header fields' (see `values(in:)` for fields) and its
    /// secret query parameters'.
    func values(in request: HTTPRequest) -> [Value] {
        var values = values(in: request.headerFields)
        guard let path = request.path, let mark = path.firstIndex(of: "?") else { return values }
        let secret = Set(redaction.queryNames.map { $0.lowercased() })
        for pair in path[path.index(after: mark)...].split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = FormText.decode(pair[..<equals])
            guard secret.contains(name.lowercased()) else { continue }
            values.append((name, FormText.decode(pair[pair.index(after: equals)...])))
        }
        return values
    }

    /// The secret values of `fields`: the credentials of `Authorization` and
    /// `Proxy-Authorization` (the scheme left out), each cookie's value by the cookie's name, and
    /// the value of any other secret field.
    func values(in fields: HTTPFields) -> [Value] {
        var values: [Value] = []
        for field in fields {
            switch field.name {
            case .authorization, .proxyAuthorization:
                let credentials = field.value.split(separator: " ", maxSplits: 1).last.map(String.init)
                values.append((field.name.canonicalName, credentials ?? field.value))
            case .cookie:
                values += field.value.split(separator: ";").compactMap(Self.cookie)
            case .setCookie:
                values += field.value.split(separator: ";", maxSplits: 1).prefix(1).compactMap(Self.cookie)
            case _ where redaction.headerNames.contains(field.name):
                values.append((field.name.canonicalName, field.value))
            default:
                continue
            }
        }
        return values
    }

    /// The values of `body`'s secret JSON members and form fields; a JSON member's when it is a
    /// string or a number.
    func values(inBody body: Data, mimeType: String?) -> [Value] {
        var values: [Value] = []
        _ = BodyRewriting { name, value, isJSON in
            guard names.contains(name.lowercased()) else { return nil }
            if !isJSON {
                values.append((name, FormText.decode(value)))
            } else if value.first == "\"" {
                if let text = try? JSONDecoder().decode(String.self, from: Data(value.utf8)) {
                    values.append((name, text))
                }
            } else if value.first.map({ $0 == "-" || $0.isNumber }) == true {
                values.append((name, String(value)))
            }
            return nil
        }
        .rewrite(body, mimeType: mimeType)
        return values
    }

    /// A cookie's name and value, from `name=value`.
    private static func cookie(_ pair: Substring) -> Value? {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (name, value)
    }
}
