#if Demo
    import Crypto
    package import Foundation
    package import NIOSSL
    import SwiftASN1
    import X509

    /// A certificate authority made at run time, for HTTPS on loopback: no key is ever committed,
    /// and none outlives the process.
    ///
    /// ```swift
    /// let authority = try CertificateAuthority(name: "Courier Test CA")
    /// let server = try authority.issue(hosts: ["localhost"], addresses: ["127.0.0.1"])
    /// ```
    package struct CertificateAuthority: Sendable {
        /// The authority's own certificate: trust it (`TLSConfiguration.trustRoots`) to trust what it issues.
        package let certificate: NIOSSLCertificate
        /// The authority's certificate in PEM, for a client elsewhere (`curl --cacert`).
        package let certificatePEM: String
        private let key: P256.Signing.PrivateKey
        private let name: DistinguishedName

        /// Makes a new authority with a fresh key, valid from an hour ago for a day.
        ///
        /// - Parameter name: Its common name.
        /// - Throws: When the certificate cannot be made.
        package init(name: String) throws {
            let key = P256.Signing.PrivateKey()
            let distinguishedName = try DistinguishedName { CommonName(name) }
            let now = Date()
            let certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: .init(key.publicKey),
                notValidBefore: now - 3600,
                notValidAfter: now + 86_400,
                issuer: distinguishedName,
                subject: distinguishedName,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                },
                issuerPrivateKey: .init(key)
            )
            self.key = key
            self.name = distinguishedName
            self.certificate = try Self.nioCertificate(certificate)
            self.certificatePEM = try certificate.serializeAsPEM().pemString
        }

        /// Issues a leaf certificate with a fresh key.
        ///
        /// - Parameters:
        ///   - commonName: The subject's common name.
        ///   - hosts: The DNS names it is valid for.
        ///   - addresses: The IPv4 addresses it is valid for, like `127.0.0.1`.
        ///   - validity: When it is valid; by default from an hour ago for a day.
        /// - Returns: The certificate (followed by nothing: the authority is the trust root) and its key.
        /// - Throws: When an address is not IPv4 or the certificate cannot be made.
        package func issue(
            commonName: String = "Courier test server",
            hosts: [String] = ["localhost"],
            addresses: [String] = ["127.0.0.1"],
            validity: ClosedRange<Date>? = nil
        ) throws -> TLSIdentity {
            let leafKey = P256.Signing.PrivateKey()
            let now = Date()
            let validity = validity ?? (now - 3600)...(now + 86_400)
            var names = hosts.map { GeneralName.dnsName($0) }
            for address in addresses {
                let octets = address.split(separator: ".").compactMap { UInt8($0) }
                guard octets.count == 4 else { throw CertificateAuthorityError.notIPv4(address) }
                names.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(octets))))
            }
            let subjectAlternativeNames = SubjectAlternativeNames(names)
            let certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: .init(leafKey.publicKey),
                notValidBefore: validity.lowerBound,
                notValidAfter: validity.upperBound,
                issuer: name,
                subject: try DistinguishedName { CommonName(commonName) },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([.serverAuth, .clientAuth])
                    subjectAlternativeNames
                },
                issuerPrivateKey: .init(key)
            )
            return TLSIdentity(
                certificateChain: [try Self.nioCertificate(certificate)],
                privateKey: try NIOSSLPrivateKey(bytes: Array(leafKey.pemRepresentation.utf8), format: .pem)
            )
        }

        private static func nioCertificate(_ certificate: Certificate) throws -> NIOSSLCertificate {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der)
        }
    }

    /// A certificate chain and its private key: a server's, or a client's for mutual TLS.
    package struct TLSIdentity: Sendable {
        /// The leaf first.
        package var certificateChain: [NIOSSLCertificate]
        /// The leaf's key.
        package var privateKey: NIOSSLPrivateKey
    }

    /// Why a certificate could not be issued.
    package enum CertificateAuthorityError: Error {
        /// Only IPv4 addresses are supported.
        case notIPv4(String)
    }

    extension TLSIdentity {
        /// The public-key pin of the leaf certificate: the base64 of the SHA-256 hash of its
        /// SubjectPublicKeyInfo, computed with swift-nio-ssl and swift-crypto (not with Courier's own
        /// reader, which the pinning tests check against it).
        package func publicKeyPin() throws -> String {
            try certificateChain[0].publicKeyPin()
        }
    }

    extension NIOSSLCertificate {
        /// The certificate's public-key pin, as ``TLSIdentity/publicKeyPin()`` computes it.
        package func publicKeyPin() throws -> String {
            Data(SHA256.hash(data: try extractPublicKey().toSPKIBytes())).base64EncodedString()
        }
    }

    extension CertificateAuthority {
        /// A pin that no certificate's key has: a backup key kept offline, or a stranger's.
        package static func unusedPin() -> String {
            Data(SHA256.hash(data: Array(UUID().uuidString.utf8))).base64EncodedString()
        }
    }
#endif
