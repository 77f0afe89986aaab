// swift-tools-version: 6.2

import PackageDescription

// The benchmark lives in its own package so that the root package and its CI never build it.
// Run it with `Benchmarks/run.sh`, which also starts and stops the nginx it measures against.
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Courier", path: ".."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "courier-bench",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierOutbox", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // Courier's SHA-256 and SHA-512 alone (`digest.sh`): Courier's own files (symbolic links to
        // ../Sources/CourierCore/Support/SHA*.swift, internal there), built as Courier builds them on
        // this platform: over CryptoKit on Apple platforms, over OpenSSL's libcrypto on Linux
        // (`LibCrypto.swift`; swift-crypto, Courier's `AsyncHTTPClient` trait, with
        // `COURIER_NO_LIBCRYPTO=1`), its own SHA-2 otherwise.
        .executableTarget(
            name: "digest-bench",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android]))
            ],
            swiftSettings: [.define("CourierNIO", .when(platforms: [.linux, .android]))]
        ),
        // A replayed call beside a stubbed one (`cassette.sh`): what a cassette costs a test.
        .executableTarget(
            name: "cassette-bench",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // Courier's WebSockets against SwiftNIO's own (`websocket.sh`): round trips and bursts to an
        // echo server (NIO's server upgrader) in the same process. Courier's default traits on Linux
        // include `AsyncHTTPClient`, which its WebSockets over NIO need.
        .executableTarget(
            name: "websocket-bench",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierWebSockets", package: "Courier"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        // The allocation gate (`gate.sh`, run by CI): package-benchmark finds its benchmarks in
        // `Benchmarks/<target>/` and keeps their thresholds in `Thresholds/`.
        .executableTarget(
            name: "CourierAllocations",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Benchmarks/CourierAllocations",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
