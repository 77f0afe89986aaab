#!/usr/bin/env bash
# RxCourier as an app gets it: a scratch package that depends on Courier BY URL with
# `traits: ["RxSwift"]` (so without AsyncHTTPClient, the default one on Linux), and on RxSwift,
# builds and runs a test that calls RxCourier's `Single` API over CourierTesting's StubTransport.
# Run by hand, never by CI: RxSwift is not in this machine's package mirror, so CI cannot resolve
# it, and CI never turns the `RxSwift` trait on (its commands name `--traits Demo`).
#
#   RXSWIFT=<RxSwift git repository> bash Scripts/rx-consumer.sh [--root-tests]
#
# RXSWIFT is a git repository of RxSwift with its release tags (a clone, a bare one, or a snapshot
# whose history lacks objects): the tree of its newest tag (or RXSWIFT_TAG) is committed and tagged
# alone in a scratch repository, which SwiftPM reaches through a mirror (`swift package config
# set-mirror`), the way an app overrides where a dependency is fetched from, so every
# `https://github.com/ReactiveX/RxSwift` in the graph — the app's and Courier's — resolves to it
# under one identity. (A checkout named by path in a package below the app instead gives
# "Conflicting identity for rxswift": the README's RxSwift section.)
# Courier is this repository's HEAD, cloned into the scratch folder as `Courier` (commit first:
# uncommitted changes are not in it) and named by a `file://` URL, as an app names the real one.
#
# Checks, and fails on any miss: the graph resolves with no "Conflicting identity" warning;
# `swift package show-dependencies` lists RxSwift and neither swift-nio nor async-http-client;
# the consumer's tests pass (a `Single` of a decoded value, and `rx.result` of a 404), and its build
# holds no SwiftNIO or AsyncHTTPClient module.
# --root-tests also runs RxCourier's own tests (Tests/RxCourierTests) in the clone, as the root
# package built with `--traits AsyncHTTPClient,RxSwift` (it compiles SwiftNIO and Courier's unit
# tests too: many minutes).
# RX_CONSUMER_DIR (default /tmp/courier-rx-consumer) holds the clone, the consumer and builds.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
rxswift="${RXSWIFT:?RXSWIFT=<path of an RxSwift git repository> bash Scripts/rx-consumer.sh}"
scratch="${RX_CONSUMER_DIR:-${TMPDIR:-/tmp}/courier-rx-consumer}"
tag="${RXSWIFT_TAG:-$(git -C "$rxswift" tag --list '[0-9]*' --sort=-v:refname | head -1)}"
[[ -n $tag ]] || { echo "rx-consumer: no release tag in $rxswift" >&2; exit 1; }
rxswift_url=https://github.com/ReactiveX/RxSwift
commit="$(git rev-parse HEAD)"
[[ -z "$(git status --porcelain --untracked-files=no)" ]] ||
    echo "rx-consumer: uncommitted changes are not tested: the clone is HEAD, $commit" >&2

# Courier at HEAD, in a folder named `Courier`: its URL's last component gives the package the
# identity `courier`, as `https://github.com/<owner>/Courier` does.
rm -rf "$scratch/Courier" "$scratch/RxSwift"
mkdir -p "$scratch/RxSwift"

# RxSwift's release, alone in a repository of its own (a snapshot may lack older objects, which a
# clone of it would need).
git -C "$rxswift" archive "$tag" | tar -x -C "$scratch/RxSwift"
git -C "$scratch/RxSwift" init --quiet
git -C "$scratch/RxSwift" add --all
# A fixed date, so that the same release makes the same commit and a second run rebuilds nothing.
GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
    git -C "$scratch/RxSwift" -c user.name=rx-consumer -c user.email=rx-consumer@localhost commit --quiet -m "RxSwift $tag"
git -C "$scratch/RxSwift" tag "$tag"
echo "rx-consumer: RxSwift $tag from $rxswift; Courier at $commit"

git clone --quiet --no-local "$repository" "$scratch/Courier"
git -C "$scratch/Courier" checkout --quiet "$commit"

consumer="$scratch/RxConsumer"
rm -rf "$consumer/Sources" "$consumer/Tests" "$consumer/Package.resolved"
mkdir -p "$consumer/Sources/RxConsumer" "$consumer/Tests/RxConsumerTests"
cat >"$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "RxConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // Only RxSwift: no AsyncHTTPClient, so URLSessionTransport is the transport on Linux too.
        .package(url: "file://$scratch/Courier", revision: "$commit", traits: ["RxSwift"]),
        .package(url: "$rxswift_url", from: "6.5.0"),
    ],
    targets: [
        .target(
            name: "RxConsumer",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "RxCourier", package: "Courier"),
                .product(name: "RxSwift", package: "RxSwift"),
            ]
        ),
        .testTarget(
            name: "RxConsumerTests",
            dependencies: [
                "RxConsumer",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "RxCourier", package: "Courier"),
                .product(name: "RxSwift", package: "RxSwift"),
            ]
        ),
    ]
)
SWIFT
# Seed 001's API type, as the README shows it.
cat >"$consumer/Sources/RxConsumer/TimetableRequestApi.swift" <<'SWIFT'
import Courier
import Foundation
import RxCourier
import RxSwift

public struct Timetable: Decodable, Sendable, Equatable {
    public var className: String
}

public struct TimetableRequest: APIRequest {
    public typealias Response = Timetable
    public var method: HTTPRequest.Method { .get }
    public var path: String { "/timetable" }
    public var decoder: JSONDecoder? { .snakeCase }
    public init() {}
}

public struct TimetableRequestApi {
    let client: APIClient
    public init(client: APIClient) { self.client = client }
    public func call() -> Single<Timetable> { client.rx.send(TimetableRequest()) }
}
SWIFT
cat >"$consumer/Tests/RxConsumerTests/RxConsumerTests.swift" <<'SWIFT'
import Courier
import CourierTesting
import Foundation
import RxConsumer
import RxCourier
import RxSwift
import Testing

@Test func singleDeliversTheDecodedValue() async throws {
    let client = APIClient(
        baseURL: URL(string: "https://school.example")!,
        transport: .sequence([.json(#"{"class_name": "3-A"}"#)]))
    // RxSwift's own bridge from a Single to async/await.
    let timetable = try await TimetableRequestApi(client: client).call().value
    #expect(timetable.className == "3-A")
}

@Test func resultCarriesTheAPIError() async throws {
    let client = APIClient(
        baseURL: URL(string: "https://school.example")!, transport: .sequence([.status(.notFound)]))
    let result = try await client.rx.result(TimetableRequest()).value
    guard case .failure(let error) = result else {
        Issue.record("expected a failure, got \(result)")
        return
    }
    #expect(error.status == .notFound)
}
SWIFT

cd "$consumer"
swift package config set-mirror --original "$rxswift_url" --mirror "file://$scratch/RxSwift"
resolve_log="$(mktemp)"
trap 'rm -f "$resolve_log"' EXIT
swift package resolve 2>&1 | tee "$resolve_log"
if grep -qi "conflicting identity" "$resolve_log"; then
    echo "rx-consumer: FAILED: SwiftPM warned of a conflicting identity" >&2
    exit 1
fi
dependencies="$(swift package show-dependencies)"
echo "$dependencies"
grep -qi "rxswift" <<<"$dependencies" || { echo "rx-consumer: FAILED: RxSwift is not in the graph" >&2; exit 1; }
if grep -Eqi "swift-nio|async-http-client" <<<"$dependencies"; then
    echo "rx-consumer: FAILED: the graph holds SwiftNIO or AsyncHTTPClient" >&2
    exit 1
fi
echo "rx-consumer: resolved by URL with RxSwift, without SwiftNIO or AsyncHTTPClient"
swift test
modules="$(swift build --show-bin-path)/Modules"
if ls "$modules" | grep -Eq '^(NIO|AsyncHTTPClient)'; then
    echo "rx-consumer: FAILED: the build compiled SwiftNIO or AsyncHTTPClient ($modules)" >&2
    exit 1
fi
echo "rx-consumer: the consumer builds without SwiftNIO and its RxCourier tests pass"

if [[ ${1:-} == --root-tests ]]; then
    cd "$scratch/Courier"
    swift package config set-mirror --original "$rxswift_url" --mirror "file://$scratch/RxSwift"
    # With AsyncHTTPClient too: the root package's own programs (the demo's probes) name
    # AsyncHTTPClientTransport, so the root does not build without it; an app never builds them.
    swift test --traits AsyncHTTPClient,RxSwift --filter RxCourier
    echo "rx-consumer: RxCourier's own tests pass in the root package with the RxSwift trait"
fi
