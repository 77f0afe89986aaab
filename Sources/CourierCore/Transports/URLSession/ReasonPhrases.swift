import HTTPTypes

/// The standard reason phrases, for transports that report a status without one (such as
/// FoundationNetworking's `URLSession`), so that errors read "401 Unauthorized", not "401".
enum ReasonPhrases {
    static let standard: [Int: String] = {
        let statuses: [HTTPResponse.Status] = [
            .`continue`, .switchingProtocols, .earlyHints, .ok, .created, .accepted, .nonAuthoritativeInformation,
            .noContent, .resetContent, .partialContent, .multipleChoices, .movedPermanently, .found, .seeOther,
            .notModified, .temporaryRedirect, .permanentRedirect, .badRequest, .unauthorized, .forbidden, .notFound,
            .methodNotAllowed, .notAcceptable, .proxyAuthenticationRequired, .requestTimeout, .conflict, .gone,
            .lengthRequired, .preconditionFailed, .contentTooLarge, .uriTooLong, .unsupportedMediaType,
            .rangeNotSatisfiable, .expectationFailed, .misdirectedRequest, .unprocessableContent, .tooEarly,
            .upgradeRequired, .preconditionRequired, .tooManyRequests, .requestHeaderFieldsTooLarge,
            .unavailableForLegalReasons, .internalServerError, .notImplemented, .badGateway, .serviceUnavailable,
            .gatewayTimeout, .httpVersionNotSupported, .networkAuthenticationRequired,
        ]
        return Dictionary(statuses.map { ($0.code, $0.reasonPhrase) }, uniquingKeysWith: { first, _ in first })
    }()

    /// `status` with its standard reason phrase when it has none.
    static func filling(_ status: HTTPResponse.Status) -> HTTPResponse.Status {
        guard status.reasonPhrase.isEmpty, let phrase = standard[status.code] else { return status }
        return HTTPResponse.Status(code: status.code, reasonPhrase: phrase)
    }
}
