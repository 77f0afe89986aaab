import HTTPTypes

/// A client's configuration with what every call derives from it worked out once, when the
/// configuration is set: the request builder with the client's header fields already validated,
/// and whether anything observes calls.
///
/// Calls share it by reference, so that preparing a call copies no part of the configuration.
final class ResolvedConfiguration: Sendable {
    let configuration: APIClient.Configuration
    let builder: RequestBuilder
    let observers: Observers

    init(_ configuration: APIClient.Configuration) {
        self.configuration = configuration
        builder = RequestBuilder(configuration: configuration)
        observers = Observers(configuration)
    }
}
