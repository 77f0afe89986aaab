// swift-tools-version: 6.2

import PackageDescription

// The demo lives in its own package so that apps depending on Courier never resolve Hummingbird,
// swift-argument-parser, swift-service-lifecycle or OpenCombine. From the repository's root,
// `swift run courier-demo` runs it and `swift test --package-path Demo` runs its tests: the wire
// tests against the example API on loopback, the Combine tests and the seeds' scenarios.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
    .treatWarning("ExplicitSendable", as: .error),
]

let package = Package(
    name: "CourierDemo",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        // The name matters: without it SwiftPM names the dependency after the folder. The traits
        // give CourierCombine OpenCombine on Linux, and CourierOpenAPI swift-openapi-runtime.
        .package(name: "Courier", path: "..", traits: ["AsyncHTTPClient", "OpenCombine", "OpenAPI"]),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "DemoAPI",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSettings
        ),
        // The client swift-openapi-generator made from OpenAPI/openapi.yaml, generated once and
        // committed (Scripts/generate-openapi.sh regenerates it): no build ever runs the generator.
        .target(
            name: "DemoOpenAPIClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "DemoScenarios",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierCombine", package: "Courier"),
                .product(name: "CourierOpenAPI", package: "Courier"),
                .product(name: "CourierOutbox", package: "Courier"),
                "DemoAPI",
                "DemoOpenAPIClient",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "courier-demo",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                "DemoAPI",
                "DemoScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // The process's peak resident memory, for the memory tests and the probe.
        .target(name: "ProcessMemory", swiftSettings: strictSettings),
        // Makes one call and prints how far it raised the peak memory: the wire tests run it as a
        // child process, so that no other test's allocations count.
        .executableTarget(
            name: "courier-memory-probe",
            dependencies: [.product(name: "Courier", package: "Courier"), "ProcessMemory"],
            swiftSettings: strictSettings
        ),
        // Makes a few calls while something the whole process waits for is stuck (a slow disk
        // flush, FoundationNetworking's work queue): the wire tests run it as a child process, so
        // that what it holds up is not the tests beside it.
        .executableTarget(
            name: "courier-stall-probe",
            dependencies: [.product(name: "Courier", package: "Courier")],
            swiftSettings: strictSettings,
            // `SlowFsync` replaces libc's `fsync` in the probe: exported, Foundation calls it.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=fsync"], .when(platforms: [.linux]))]
        ),
        // An outbox in a process of its own: the kill test kills it at random instants.
        .executableTarget(
            name: "courier-outbox-child",
            dependencies: [
                .product(name: "Courier", package: "Courier"), .product(name: "CourierOutbox", package: "Courier"),
            ],
            swiftSettings: strictSettings
        ),
        // Soaks both transports with thousands of calls mixing every way a call ends, and fails
        // when memory, file descriptors or connections do not come back, or a call goes missing.
        .executableTarget(
            name: "courier-soak",
            dependencies: [.product(name: "Courier", package: "Courier"), "DemoAPI", "ProcessMemory"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierDemoTests",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierCombine", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "CourierOpenAPI", package: "Courier"),
                .product(name: "CourierOutbox", package: "Courier"),
                "DemoAPI",
                "DemoOpenAPIClient",
                "DemoScenarios",
                "ProcessMemory",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
            ],
            // The cassettes (HAR files) the tests read from beside their files, not resources.
            exclude: ["Wire/Cassettes"],
            swiftSettings: strictSettings
        ),
    ]
)
