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
        .executable(name: "courier-demo", targets: ["courier-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
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
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(platforms: linux)),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierCombine",
            dependencies: [
                "Courier",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CourierTesting",
            dependencies: ["Courier"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "DemoAPI",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "DemoScenarios",
            dependencies: [
                "Courier",
                "CourierCombine",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "courier-demo",
            dependencies: [
                "Courier",
                "DemoAPI",
                "DemoScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier",
                "CourierCombine",
                "CourierTesting",
                "DemoAPI",
                "DemoScenarios",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.process("Fixtures")],
            swiftSettings: strictSettings
        ),
    ]
)
