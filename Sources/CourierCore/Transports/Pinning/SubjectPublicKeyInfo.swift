import Foundation

/// The SubjectPublicKeyInfo of an X.509 certificate, read from its DER encoding: what a public-key
/// pin hashes. One reader for every transport, so that a pin means the same bytes everywhere.
enum SubjectPublicKeyInfo {
    /// The DER bytes of the SubjectPublicKeyInfo in `certificate`, or `nil` when `certificate` is
    /// not a DER-encoded X.509 certificate.
    ///
    /// `Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL,
    /// serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, … }, … }`.
    static func der(inCertificate certificate: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(certificate)
        guard let outer = element(in: bytes, at: 0), outer.tag == 0x30,
            let tbs = element(in: bytes, at: outer.contentStart), tbs.tag == 0x30
        else { return nil }
        var offset = tbs.contentStart
        if let version = element(in: bytes, at: offset), version.tag == 0xA0 {
            offset = version.end
        }
        // serialNumber, signature, issuer, validity, subject
        for expectedTag: UInt8 in [0x02, 0x30, 0x30, 0x30, 0x30] {
            guard let field = element(in: bytes, at: offset), field.tag == expectedTag, field.end <= tbs.end else {
                return nil
            }
            offset = field.end
        }
        guard let info = element(in: bytes, at: offset), info.tag == 0x30, info.end <= tbs.end else { return nil }
        return Array(bytes[offset..<info.end])
    }

    /// One DER element: its tag, where its content starts and where it ends.
    private static func element(in bytes: [UInt8], at offset: Int) -> (tag: UInt8, contentStart: Int, end: Int)? {
        guard offset + 2 <= bytes.count else { return nil }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { return nil }  // multi-byte tags: none in a certificate's fields here
        let first = Int(bytes[offset + 1])
        var length = first
        var contentStart = offset + 2
        if first & 0x80 != 0 {
            let count = first & 0x7F
            guard (1...4).contains(count), contentStart + count <= bytes.count else { return nil }
            length = bytes[contentStart..<contentStart + count].reduce(0) { $0 << 8 | Int($1) }
            contentStart += count
        }
        let end = contentStart + length
        guard end <= bytes.count else { return nil }
        return (tag, contentStart, end)
    }
}

extension SubjectPublicKeyInfo {
    /// The SHA-256 hash of the SubjectPublicKeyInfo in a DER-encoded `certificate`: the value
    /// a pin names; `nil` when the certificate cannot be read.
    static func sha256(ofCertificate certificate: some Collection<UInt8>) -> Data? {
        der(inCertificate: certificate).map { info in
            var hash = SHA256()
            hash.update(info)
            return Data(hash.finalize())
        }
    }
}

extension PublicKeyPins.Host {
    /// Checks a server's certificates (DER, the leaf first) against these pins: `nil` when one
    /// certificate's key is pinned, the mismatch otherwise.
    func check(certificates: [[UInt8]]) -> PinMismatch? {
        let presented = certificates.compactMap { SubjectPublicKeyInfo.sha256(ofCertificate: $0) }
        if presented.contains(where: hashes.contains) { return nil }
        return PinMismatch(pins: self, presented: presented.map { $0.base64EncodedString() })
    }
}
