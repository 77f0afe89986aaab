// swift-tools-version: 6.2

import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
    .treatWarning("ExplicitSendable", as: .error),
]

/// Where Courier depends on AsyncHTTPClient and makes it the default transport.
let linux: [Platform] = [.linux, .android]

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierCombine", targets: ["CourierCombine"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
    ],
    traits: [
        .trait(
            name: "OpenCombine",
            description: """
                CourierCombine over OpenCombine, for Linux (Apple platforms use Combine without it). \
                Without it, CourierCombine's API is unavailable on Linux.
                """
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "Courier",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: linux)),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras", condition: .when(platforms: linux)),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierCombine",
            dependencies: [
                "Courier",
                // Only with the trait, so that apps that do not ask for it never resolve OpenCombine.
                .product(name: "OpenCombineShim", package: "OpenCombine", condition: .when(traits: ["OpenCombine"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierTesting",
            dependencies: ["Courier"],
            swiftSettings: strictSettings
        ),
        // `swift run courier-demo` at the root: a launcher that runs the demo from its own package,
        // `Demo/`, so that apps depending on Courier never resolve the demo's dependencies. No
        // product declares it, so those apps never see it.
        .executableTarget(
            name: "courier-demo",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier",
                "CourierTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: linux)),
            ],
            resources: [.process("Fixtures")],
            swiftSettings: strictSettings
        ),
    ]
)
