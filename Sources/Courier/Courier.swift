// Courier, whole: the core (requests, the client, the one call path, interceptors, errors,
// encoding, both transports) and every feature module, so that `import Courier` is all an app
// writes. An app that wants less depends on the `CourierCore` product and on the features it uses
// (`CourierCaching`, `CourierStreams`, `CourierDownloads`, `CourierInterceptors`); ARCHITECTURE.md says what each holds.
@_exported public import CourierCaching
@_exported public import CourierCore
@_exported public import CourierDownloads
@_exported public import CourierInterceptors
@_exported public import CourierStreams
