package import Foundation

/// The public keys a client accepts from a host, on top of the usual verification: pins of the
/// SHA-256 hash of each key's SubjectPublicKeyInfo, per host.
///
/// A pinned host's certificate must still be trusted, valid and for that host; pinning then
/// refuses one whose public key is not among the host's pins, even if an authority the system
/// trusts issued it. The call fails with ``APIError/Kind/tls`` and
/// ``TLSFailure/Reason/pinMismatch`` before any byte of the request is sent. A host without pins
/// is verified as usual.
///
/// ```swift
/// let pins = try PublicKeyPins([
///     .init("api.example.com", sha256: [
///         "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",  // the key in use
///         "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",  // the next certificate's key
///     ]),
///     .init("example.com", includesSubdomains: true, sha256: [keyInUse, backupKey]),
/// ])
/// let appTransport = try URLSessionTransport(pins: pins)  // Apple platforms
/// let serverTransport = AsyncHTTPClientTransport(pins: pins)  // Linux; `shutdown()` when done
/// ```
///
/// A pin is the base64 of the SHA-256 hash of the DER-encoded SubjectPublicKeyInfo, as in
/// HPKP and OkHttp (a `sha256/` prefix is accepted). For a certificate in `cert.pem`:
///
/// ```sh
/// openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der \
///     | openssl dgst -sha256 -binary | base64
/// ```
///
/// Each host needs at least two pins: the key in use and a backup, one that no certificate uses
/// yet, kept offline, for the day the key must change. A client pinned to one key has no way to
/// move to another without an update.
///
/// Which transports enforce pins: ``AsyncHTTPClientTransport`` against the server's own
/// (leaf) certificate key, ``URLSessionTransport`` on Apple platforms against any certificate of
/// the verified chain. FoundationNetworking on Linux cannot: there, creating a
/// ``URLSessionTransport`` with pins throws. A redirect to another host is held to that host's
/// pins, or to none.
public struct PublicKeyPins: Sendable, Equatable {
    /// The pins of one host, and whether they hold for its subdomains.
    public struct Host: Sendable, Equatable {
        /// The host's name, lowercased, like `api.example.com`, or its IP address.
        public let name: String
        /// Whether the pins hold for every subdomain of ``name`` too (`v2.api.example.com`).
        public let includesSubdomains: Bool
        /// The SHA-256 hashes of the accepted SubjectPublicKeyInfos, 32 bytes each.
        package let hashes: Set<Data>

        /// Pins `name` to the keys whose SubjectPublicKeyInfo hashes are given.
        ///
        /// - Parameters:
        ///   - name: The host, like `api.example.com` (a trailing dot and case are ignored).
        ///   - includesSubdomains: Whether the pins hold for its subdomains too.
        ///   - sha256: At least two distinct pins, each the base64 of a SHA-256 hash, with or
        ///     without a `sha256/` prefix.
        /// - Throws: ``PublicKeyPins/ConfigurationError`` for a pin that is not the base64 of 32
        ///   bytes, an empty host name, or fewer than two distinct pins.
        public init(_ name: String, includesSubdomains: Bool = false, sha256: [String]) throws(ConfigurationError) {
            var host = name.lowercased()
            if host.hasSuffix(".") { host.removeLast() }
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
                throw ConfigurationError("'\(name)' is not a host name to pin")
            }
            var hashes = Set<Data>()
            for pin in sha256 {
                let base64 = pin.hasPrefix("sha256/") ? String(pin.dropFirst("sha256/".count)) : pin
                guard let hash = Data(base64Encoded: base64), hash.count == 32 else {
                    throw ConfigurationError(
                        "the pin '\(pin)' for \(host) is not the base64 of a SHA-256 hash (32 bytes)")
                }
                hashes.insert(hash)
            }
            guard hashes.count >= 2 else {
                throw ConfigurationError(
                    "\(host) has \(hashes.count) distinct pin\(hashes.count == 1 ? "" : "s"): pin at least two keys, "
                        + "the one in use and a backup, so that the key can change without an update")
            }
            self.name = host
            self.includesSubdomains = includesSubdomains
            self.hashes = hashes
        }
    }

    /// Why a set of pins was refused, or could not be enforced.
    public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
        /// What is wrong, in a sentence.
        public let message: String

        init(_ message: String) {
            self.message = message
        }

        /// The message, as a sentence about pins.
        public var description: String { "Public-key pins: \(message)." }
    }

    /// The pinned hosts.
    public let hosts: [Host]

    /// Pins the hosts given.
    ///
    /// - Parameter hosts: Each host's pins; a host may appear once.
    /// - Throws: ``ConfigurationError`` when a host appears twice.
    public init(_ hosts: [Host]) throws(ConfigurationError) {
        var seen = Set<String>()
        for host in hosts where !seen.insert(host.name).inserted {
            throw ConfigurationError("\(host.name) is pinned twice")
        }
        self.hosts = hosts
    }

    /// Whether no host is pinned.
    public var isEmpty: Bool { hosts.isEmpty }

    /// The pins that hold for `host`: its own, or else those of the closest parent domain pinned
    /// with ``Host/includesSubdomains``.
    ///
    /// - Parameter host: A host name or IP address, as in a URL (case is ignored).
    /// - Returns: The host's pins, or `nil` when it is not pinned.
    package func pins(for host: String) -> Host? {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let exact = hosts.first(where: { $0.name == name }) { return exact }
        return hosts.filter { $0.includesSubdomains && name.hasSuffix("." + $0.name) }
            .max { $0.name.count < $1.name.count }
    }
}

/// A server whose public key is not among its host's pins, or a pinned host called over `http`:
/// what a transport throws for it.
struct PinMismatch: Error, CustomStringConvertible {
    /// The host's pins.
    var pins: PublicKeyPins.Host
    /// The SHA-256 hashes, base64, of the keys the server presented (the leaf's first).
    var presented: [String] = []
    /// Whether the request was for `http`, which has no certificate to check.
    var overPlainHTTP = false

    var description: String {
        if overPlainHTTP {
            return "\(pins.name) is pinned, and http has no certificate to check: call it over https"
        }
        guard let key = presented.first else {
            return "the server's certificate could not be read to check it against the pins for \(pins.name)"
        }
        let others = presented.count > 1 ? " (nor the other \(presented.count - 1) of its chain)" : ""
        return "the server's public key sha256/\(key)\(others) is not among the \(pins.hashes.count) pins "
            + "for \(pins.name)"
    }
}
