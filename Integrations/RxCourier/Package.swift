// swift-tools-version: 6.2

import PackageDescription

// RxCourier lives in its own package so that the root package, its build and its CI never depend
// on RxSwift. Build it from this folder: `swift test`.
let package = Package(
    name: "RxCourier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "RxCourier", targets: ["RxCourier"])
    ],
    dependencies: [
        .package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0"),
        // The name matters: without it SwiftPM names the dependency after the folder.
        .package(name: "Courier", path: "../.."),
    ],
    targets: [
        .target(
            name: "RxCourier",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "RxSwift", package: "RxSwift"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
        .testTarget(
            name: "RxCourierTests",
            dependencies: [
                "RxCourier",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "RxSwift", package: "RxSwift"),
            ]
        ),
    ]
)
