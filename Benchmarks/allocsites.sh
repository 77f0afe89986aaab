#!/usr/bin/env bash
# Where a call's allocations come from: each allocation site of one call, with its stack.
#
#   bash Benchmarks/allocsites.sh [in-memory|decoded|harness|ahc] [calls]
#
# Builds, in a scratch folder, a release program over this checkout (`traits: ["Observability"]`,
# the default on Apple platforms, no AsyncHTTPClient; ALLOCSITES_TRAITS='[]' for another set, as
# for a checkout from before the trait) that makes the allocation gate's in-memory
# calls (`Benchmarks/Benchmarks/CourierAllocations`): `send` of a request whose response is the
# body as `Data` ("in-memory") or decoded ("decoded"), over a transport that answers at once, each
# call in a task of its own as package-benchmark runs them; "harness" is the transport alone in a
# task; "ahc" is the in-memory call's request over `AsyncHTTPClientTransport.shared` to
# ALLOCSITES_URL (which must answer `GET /items`; give the probe the trait:
# ALLOCSITES_TRAITS='["Observability", "AsyncHTTPClient"]'). It runs the program twice under
# valgrind's DHAT, 200 calls and 200 + `calls` (default
# 1,000), and prints each allocation site whose count grew, per call (the difference of the two
# runs divided by `calls`), with its stack: what the gate's counts are made of, site by site.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kind="${1:-in-memory}"
calls="${2:-1000}"
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/probe/Sources/probe"
cat >"$work/probe/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "probe",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$root", traits: ${ALLOCSITES_TRAITS:-[\"Observability\"]})],
    targets: [.executableTarget(name: "probe", dependencies: [.product(name: "Courier", package: "$(basename "$root")")])]
)
MANIFEST
cat >"$work/probe/Sources/probe/main.swift" <<'SWIFT'
import Courier
import Foundation

struct RawItems: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/items" }
}

struct Item: Decodable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

struct DecodedItems: APIRequest {
    typealias Response = [Item]
    var method: HTTPRequest.Method { .get }
    var path: String { "/items" }
}

struct InMemoryTransport: Transport {
    let response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
    let body = Data(
        #"[{"id":1,"name":"user 1","email":"user1@example.com","active":false,"score":1.5}]"#.utf8)

    func send(
        _ request: HTTPRequest, body: OutgoingBody?, context: TransportContext
    ) async throws -> (HTTPResponse, ResponseBody) {
        (response, ResponseBody(self.body))
    }
}

let kind = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
let transport = InMemoryTransport()
let client = APIClient(baseURL: URL(string: "http://127.0.0.1")!, transport: transport)
#if canImport(AsyncHTTPClient)
    let wire = APIClient(
        baseURL: URL(string: ProcessInfo.processInfo.environment["ALLOCSITES_URL"] ?? "http://127.0.0.1")!,
        transport: AsyncHTTPClientTransport.shared)
#endif
let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/items")
let context = TransportContext(deadline: .now + .seconds(600), bodyLimit: 1 << 20)
// Not top-level `await`, nor a task on the main actor: both park the main thread in libdispatch's
// `dispatch_main`, whose signal suspend valgrind cannot run.
let done = DispatchSemaphore(value: 0)
Task.detached {
    do {
        for _ in 0..<count {
            switch kind {
            case "in-memory": _ = try await Task { try await client.send(RawItems()) }.value
            case "decoded": _ = try await Task { try await client.send(DecodedItems()) }.value
            #if canImport(AsyncHTTPClient)
                case "ahc": _ = try await Task { try await wire.send(RawItems()) }.value
            #endif
            default: _ = try await Task { try await transport.send(request, body: nil, context: context) }.value
            }
        }
    } catch {
        print("probe: \(error)")
        exit(1)
    }
    done.signal()
}
done.wait()
exit(0)
SWIFT
(cd "$work/probe" && swift build -c release >"$work/build.log" 2>&1) || { cat "$work/build.log"; exit 1; }
bin="$(cd "$work/probe" && swift build -c release --show-bin-path)/probe"
# valgrind 3.19 cannot read the DWARF 5 Swift emits: the symbol table is enough for names.
objcopy --strip-debug "$bin" "$work/probe-nodebug"
for n in 200 $((200 + calls)); do
    valgrind --tool=dhat --dhat-out-file="$work/dhat.$n.json" "$work/probe-nodebug" "$kind" "$n" 2>"$work/valgrind.$n.log" ||
        { cat "$work/valgrind.$n.log"; exit 1; }
done
python3 "$root/Benchmarks/allocsites.py" "$work/dhat.200.json" "$work/dhat.$((200 + calls)).json" "$calls"
