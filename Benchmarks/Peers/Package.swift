// swift-tools-version: 6.2

import PackageDescription

// Courier's peers, measured as courier-bench measures Courier (`Benchmarks/peers.sh`): a package of
// its own, so that neither the root package, nor the Benchmarks package, nor CI ever resolves them.
// It shares courier-bench's measuring loop (`Sources/peer-bench/Measure.swift` is a symbolic link).
let package = Package(
    name: "CourierPeers",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/Alamofire/Alamofire", from: "5.12.0"),
        .package(url: "https://github.com/kean/Get", from: "2.2.1"),
    ],
    targets: [
        .executableTarget(
            name: "peer-bench",
            dependencies: [
                .product(name: "Alamofire", package: "Alamofire"),
                .product(name: "Get", package: "Get"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
