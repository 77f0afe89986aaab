// swift-tools-version: 6.2

import PackageDescription

/// Where AsyncHTTPClient builds, and `AsyncHTTPClientTransport` with it, when the trait of that
/// name is on.
let asyncHTTPClientPlatforms: [Platform] = [.linux, .android, .macOS]

/// The one compilation condition of code over AsyncHTTPClient and SwiftNIO: the `AsyncHTTPClient`
/// trait is on and the platform is one AsyncHTTPClient builds on. Sources write `#if CourierNIO`,
/// never the trait-and-platform expression.
let nioCondition = SwiftSetting.define(
    "CourierNIO", .when(platforms: asyncHTTPClientPlatforms, traits: ["AsyncHTTPClient"]))

/// A product built where code over AsyncHTTPClient and SwiftNIO is (`nioCondition`): the
/// `AsyncHTTPClient` trait on, on a platform AsyncHTTPClient builds on.
func nio(_ product: String, _ package: String) -> Target.Dependency {
    .product(
        name: product, package: package,
        condition: .when(platforms: asyncHTTPClientPlatforms, traits: ["AsyncHTTPClient"]))
}

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
    .treatWarning("ExplicitSendable", as: .error),
    nioCondition,
]

/// The generated OpenAPI client's: as strict, but for the Sendable annotations its generator does
/// not write on its public namespaces.
let generatedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

/// The traits on unless an app names its own. On a Linux host AsyncHTTPClient is on, as the
/// default transport there; on a Mac it is off, so that an iOS or macOS app neither resolves nor
/// builds it unless it asks (`traits: [.defaults, "AsyncHTTPClient"]`, a macOS server developer, say). The
/// manifest runs on the host, so cross-compiling for Linux from a Mac names the trait too.
///
/// `Observability` is on everywhere: an app that writes `import Courier` gets spans and metrics
/// from the tracer and metrics backend it bootstraps, as it always has. An SDK that wants the
/// lightest client names its own traits without it (`traits: []`).
#if os(Linux) || os(Android)
    let defaultTraits: Set<String> = ["AsyncHTTPClient", "Observability"]
#else
    let defaultTraits: Set<String> = ["Observability"]
#endif

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // Everything, as one import: the core and every feature module (`Sources/Courier`).
        .library(name: "Courier", targets: ["Courier"]),
        // The core alone, and each feature on its own, for an app that wants to pay only for what
        // it uses (Benchmarks/cost.sh measures each).
        .library(name: "CourierCore", targets: ["CourierCore"]),
        .library(name: "CourierCaching", targets: ["CourierCaching"]),
        .library(name: "CourierStreams", targets: ["CourierStreams"]),
        .library(name: "CourierDownloads", targets: ["CourierDownloads"]),
        .library(name: "CourierInterceptors", targets: ["CourierInterceptors"]),
        .library(name: "CourierCombine", targets: ["CourierCombine"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierOpenAPI", targets: ["CourierOpenAPI"]),
        .library(name: "CourierOutbox", targets: ["CourierOutbox"]),
        .library(name: "CourierWebSockets", targets: ["CourierWebSockets"]),
        .library(name: "RxCourier", targets: ["RxCourier"]),
    ],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: """
                AsyncHTTPClientTransport, over AsyncHTTPClient and SwiftNIO, on Linux and macOS; the \
                default transport on Linux. On by default when the package is built on Linux.
                """
        ),
        .trait(
            name: "Observability",
            description: """
                Logs (swift-log: `configuration.logger`, `LoggingInterceptor`), a span for every \
                call and every request it sends (swift-distributed-tracing), and metrics of calls \
                (swift-metrics), to the tracer and metrics backend the application bootstrapped: \
                `configuration.tracer` and `configuration.metricsFactory`. On by default. Without \
                it, none of the three packages is linked (about 0.35 MiB less in a stripped app, \
                Benchmarks/cost.sh).
                """
        ),
        .default(enabledTraits: defaultTraits),
        .trait(
            name: "OpenCombine",
            description: """
                CourierCombine over OpenCombine, for Linux (Apple platforms use Combine without it). \
                Without it, CourierCombine's API is unavailable on Linux.
                """
        ),
        .trait(
            name: "Demo",
            description: """
                This repository's own demo and wire tests: the example API's server (Hummingbird), \
                `courier-demo` and the tests that run over both transports against it. For Courier's \
                own development only: an app never needs it. `swift test --traits Demo` turns it \
                on, with every other trait but `RxSwift` (which needs RxSwift, not in this \
                repository's CI).
                """,
            enabledTraits: ["AsyncHTTPClient", "Observability", "OpenCombine", "OpenAPI"]
        ),
        .trait(
            name: "OpenAPI",
            description: """
                CourierOpenAPI: Courier as the transport and the middleware of clients generated by \
                swift-openapi-generator. Without it, CourierOpenAPI's API is unavailable and \
                swift-openapi-runtime is not resolved.
                """
        ),
        // CI never turns this one on: RxSwift is not in the package mirror it resolves from, so its
        // commands name `--traits Demo`, never `--enable-all-traits`. Scripts/rx-consumer.sh checks
        // RxCourier by hand, from an app that depends on Courier by URL.
        .trait(
            name: "RxSwift",
            description: """
                RxCourier: `client.rx.send(_:)` and the other calls as RxSwift `Single`s and \
                `Observable`s. Without it, RxCourier's API is unavailable and RxSwift is not resolved.
                """
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // With the `AsyncHTTPClient` trait on Linux: Courier's SHA-2 (and the demo's certificates).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // Only with the `RxSwift` trait (RxCourier): an app without it never resolves it.
        .package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // With the `AsyncHTTPClient` trait: a WebSocket's permessage-deflate (CourierWebSockets),
        // zlib under SwiftNIO's buffers; and the demo's compressed routes.
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // The demo's and the wire tests' own, used only with the `Demo` trait: an app never
        // resolves them.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The core: requests and targets, the client, the one call path, interceptors, errors,
        // encoding, both transports. It names no feature module; features plug into the call path
        // through its one seam (`CallPath/CallFeature.swift`).
        .target(
            name: "CourierCore",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                // Logs with the `Observability` trait (Features/Observability/CallLog.swift); the
                // AsyncHTTPClient transport's warning logger with that trait.
                .product(
                    name: "Logging", package: "swift-log",
                    condition: .when(traits: ["Observability", "AsyncHTTPClient"])),
                // Only with the trait, so that apps that do not ask for it never resolve AsyncHTTPClient.
                nio("AsyncHTTPClient", "async-http-client"),
                nio("NIOCore", "swift-nio"),
                nio("NIOHTTP1", "swift-nio"),
                nio("NIOPosix", "swift-nio"),
                nio("NIOHTTPCompression", "swift-nio-extras"),
                // Already resolved with AsyncHTTPClient: named to read its TLS errors (`TLSFailure`)
                // and a rejected certificate's dates (`CertificateProbe`).
                nio("NIOSSL", "swift-nio-ssl"),
                // Already resolved with AsyncHTTPClient: named to read a refused HTTP/2 stream
                // (`ConnectionFaults`) and to name a stream a `GOAWAY` left unprocessed.
                nio("NIOHTTP2", "swift-nio-http2"),
                // SHA-256 and SHA-512 over BoringSSL's assembly (Support/SHA2.swift), on Linux with the
                // trait only: it builds BoringSSL already (swift-nio-ssl's copy), and an app without
                // it (`traits: []`) builds no cryptography. Apple platforms use CryptoKit.
                .product(
                    name: "Crypto", package: "swift-crypto",
                    condition: .when(platforms: [.linux, .android], traits: ["AsyncHTTPClient"])),
                // Only with the `Observability` trait (Features/Observability).
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Observability"])),
                .product(
                    name: "Instrumentation", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Observability"])),
                // CoreMetrics, not Metrics: Courier needs only the API, not Metrics' Foundation
                // conveniences, so apps do not link that module (Benchmarks/cost.sh).
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Observability"])),
            ],
            swiftSettings: strictSettings
        ),
        // HTTP caching (RFC 9111) and coalescing: a step of the call path, through the seam.
        .target(
            name: "CourierCaching",
            dependencies: ["CourierCore", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        // Server-sent events, JSON Lines and pagination: verbs over the call path's streamed mode.
        .target(
            name: "CourierStreams",
            dependencies: ["CourierCore", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        // Downloads to a file: resumption, partial downloads kept across launches, digests.
        .target(
            name: "CourierDownloads",
            dependencies: [
                "CourierCore", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        // The built-in interceptors: authorization and its refresh, retry, logging, status hooks,
        // constrained networks. Interceptors like an app's own, through the public seam.
        .target(
            name: "CourierInterceptors",
            dependencies: [
                "CourierCore", .product(name: "HTTPTypes", package: "swift-http-types"),
                // `LoggingInterceptor`, with the `Observability` trait.
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Observability"])),
            ],
            swiftSettings: strictSettings
        ),
        // The umbrella: `import Courier` re-exports the core and every feature module.
        .target(
            name: "Courier",
            dependencies: [
                "CourierCore", "CourierCaching", "CourierStreams", "CourierDownloads", "CourierInterceptors",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierCombine",
            dependencies: [
                "CourierCore", "CourierStreams",
                // Only with the trait, so that apps that do not ask for it never resolve OpenCombine.
                .product(name: "OpenCombineShim", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierOpenAPI",
            dependencies: [
                "CourierCore",
                // Only with the trait, so that apps that do not ask for it never resolve the runtime.
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["OpenAPI"])),
            ],
            swiftSettings: strictSettings
        ),
        // Its sources compile to nothing without the `RxSwift` trait (`#if RxSwift`).
        .target(
            name: "RxCourier",
            dependencies: [
                "CourierCore", "CourierStreams",
                // Only with the trait, so that apps that do not ask for it never resolve RxSwift.
                .product(name: "RxSwift", package: "RxSwift", condition: .when(traits: ["RxSwift"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierTesting",
            dependencies: ["CourierCore", "CourierWebSockets"],
            swiftSettings: strictSettings
        ),
        // WebSockets: the handshake through the call path (`BodyMode.upgrade`), frames of its own
        // through the call path's frame loop, over SwiftNIO with the `AsyncHTTPClient` trait. Not in
        // the umbrella: an app that opens no WebSocket links none of it.
        .target(
            name: "CourierWebSockets",
            dependencies: [
                "CourierCore", .product(name: "HTTPTypes", package: "swift-http-types"),
                nio("AsyncHTTPClient", "async-http-client"),
                nio("NIOCore", "swift-nio"),
                nio("NIOPosix", "swift-nio"),
                nio("NIOHTTP1", "swift-nio"),
                nio("NIOSSL", "swift-nio-ssl"),
                nio("NIOTLS", "swift-nio"),
                nio("CompressNIO", "compress-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Durable delivery of mutating calls. Its store is a journal of its own (no SQLite), so it
        // needs nothing Courier does not already resolve.
        .target(
            name: "CourierOutbox",
            dependencies: ["CourierCore"],
            swiftSettings: strictSettings
        ),
        // `swift run courier-demo`: a launcher with no dependency that runs the demo,
        // `courier-demo-app`, with the `Demo` trait (`swift run --traits Demo`), from the
        // build `swift test --traits Demo` made. No product declares it or anything below in
        // Demo/, so apps never see them, and never resolve their dependencies (all under `Demo`).
        .executableTarget(
            name: "courier-demo",
            swiftSettings: strictSettings
        ),
        // The demo and the wire tests (Demo/). Their sources compile to nothing without the
        // `Demo` trait (`#if Demo`), so a build without it (`swift build`, Xcode) still succeeds.
        .target(
            name: "DemoAPI",
            dependencies: [
                demo("CompressNIO", "compress-nio"), demo("Hummingbird", "hummingbird"),
                demo("HummingbirdCore", "hummingbird"), demo("HummingbirdHTTP2", "hummingbird"),
                demo("HummingbirdTLS", "hummingbird"), demo("HummingbirdWebSocket", "hummingbird-websocket"),
                demo("NIOCore", "swift-nio"), demo("NIOSSL", "swift-nio-ssl"),
                demo("ServiceLifecycle", "swift-service-lifecycle"), demo("X509", "swift-certificates"),
                demo("Crypto", "swift-crypto"), demo("SwiftASN1", "swift-asn1"),
            ],
            path: "Demo/Sources/DemoAPI",
            swiftSettings: strictSettings
        ),
        // The client swift-openapi-generator made from Demo/OpenAPI/openapi.yaml, generated once and
        // committed (Demo/Scripts/generate-openapi.sh regenerates it): no build runs the generator.
        .target(
            name: "DemoOpenAPIClient",
            dependencies: [demo("OpenAPIRuntime", "swift-openapi-runtime"), demo("HTTPTypes", "swift-http-types")],
            path: "Demo/Sources/DemoOpenAPIClient",
            swiftSettings: generatedSettings
        ),
        .target(
            name: "DemoScenarios",
            dependencies: [
                "Courier", "CourierCombine", "CourierOpenAPI", "CourierOutbox", "CourierWebSockets", "DemoAPI",
                "DemoOpenAPIClient",
                demo("OpenCombineShim", "OpenCombine"),
            ],
            path: "Demo/Sources/DemoScenarios",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "courier-demo-app",
            dependencies: [
                "Courier", "DemoAPI", "DemoScenarios", demo("ArgumentParser", "swift-argument-parser"),
                demo("AsyncHTTPClient", "async-http-client"), demo("NIOSSL", "swift-nio-ssl"),
            ],
            path: "Demo/Sources/courier-demo-app",
            swiftSettings: strictSettings
        ),
        // The process's peak resident memory, for the memory tests and the probe.
        .target(name: "ProcessMemory", path: "Demo/Sources/ProcessMemory", swiftSettings: strictSettings),
        // Makes one call and prints how far it raised the peak memory: the wire tests run it as a
        // child process, so that no other test's allocations count.
        .executableTarget(
            name: "courier-memory-probe",
            dependencies: ["Courier", "ProcessMemory"],
            path: "Demo/Sources/courier-memory-probe",
            swiftSettings: strictSettings
        ),
        // Makes a few calls while something the whole process waits for is stuck (a slow disk
        // flush, FoundationNetworking's work queue): the wire tests run it as a child process, so
        // that what it holds up is not the tests beside it.
        .executableTarget(
            name: "courier-stall-probe",
            dependencies: ["Courier"],
            path: "Demo/Sources/courier-stall-probe",
            swiftSettings: strictSettings,
            // `SlowFsync` replaces libc's `fsync` in the probe: exported, Foundation calls it. A
            // target no product names: apps never build it.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=fsync"], .when(platforms: [.linux]))]
        ),
        // An outbox in a process of its own: the kill test kills it at random instants.
        .executableTarget(
            name: "courier-outbox-child",
            dependencies: ["Courier", "CourierOutbox"],
            path: "Demo/Sources/courier-outbox-child",
            swiftSettings: strictSettings
        ),
        // Soaks both transports with thousands of calls mixing every way a call ends, and fails
        // when memory, file descriptors or connections do not come back, or a call goes missing.
        .executableTarget(
            name: "courier-soak",
            dependencies: ["Courier", "DemoAPI", "ProcessMemory"],
            path: "Demo/Sources/courier-soak",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier", "CourierCore", "CourierCaching", "CourierStreams", "CourierDownloads", "CourierInterceptors",
                "CourierTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                nio("AsyncHTTPClient", "async-http-client"),
                nio("NIOSSL", "swift-nio-ssl"),
                nio("NIOHTTP2", "swift-nio-http2"),
            ],
            // The cassettes (HAR files) the tests read from beside their files, not resources.
            exclude: ["Testing/Cassettes/Cassettes"],
            resources: [.process("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierWebSocketsTests",
            dependencies: [
                "CourierWebSockets", "CourierCore", "CourierInterceptors", "CourierTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierOutboxTests",
            dependencies: [
                "CourierOutbox", "Courier", "CourierCore", "CourierTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Empty without the `RxSwift` trait.
        .testTarget(
            name: "RxCourierTests",
            dependencies: [
                "RxCourier", "Courier", "CourierTesting",
                .product(name: "RxSwift", package: "RxSwift", condition: .when(traits: ["RxSwift"])),
            ],
            swiftSettings: strictSettings
        ),
        // The wire tests: every behaviour over both transports against the example API on
        // 127.0.0.1, the Combine tests, the seeds' scenarios, the fault and kill tests. Empty
        // without the `Demo` trait.
        .testTarget(
            name: "CourierDemoTests",
            dependencies: [
                "Courier", "CourierCore", "CourierCaching", "CourierStreams", "CourierDownloads", "CourierInterceptors",
                "CourierCombine",
                "CourierTesting", "CourierOpenAPI", "CourierOutbox", "CourierWebSockets", "DemoAPI",
                "DemoOpenAPIClient", "DemoScenarios", "ProcessMemory",
                demo("OpenCombineShim", "OpenCombine"), demo("Logging", "swift-log"),
                demo("InMemoryTracing", "swift-distributed-tracing"), demo("Tracing", "swift-distributed-tracing"),
                demo("MetricsTestKit", "swift-metrics"), demo("Metrics", "swift-metrics"),
                demo("OpenAPIRuntime", "swift-openapi-runtime"), demo("HTTPTypes", "swift-http-types"),
                demo("AsyncHTTPClient", "async-http-client"), demo("NIOCore", "swift-nio"),
                demo("NIOPosix", "swift-nio"), demo("NIOSSL", "swift-nio-ssl"), demo("NIOHTTP2", "swift-nio-http2"),
                demo("NIOHPACK", "swift-nio-http2"),
            ],
            path: "Demo/Tests/CourierDemoTests",
            // The cassettes (HAR files) the tests read from beside their files, not resources.
            exclude: ["Wire/Cassettes"],
            swiftSettings: strictSettings
        ),
    ]
)

/// A dependency of the demo's and the wire tests' targets (Demo/): only with the `Demo` trait, so
/// that apps never resolve it.
func demo(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Demo"]))
}
