#!/usr/bin/env bash
# What Courier costs an app: build time and shipped size of a small consumer.
#
#   bash Benchmarks/cost.sh [--with-default-traits] [--breakdown] [--keep]
#
# Writes, in a scratch folder, command-line consumer packages that GET one JSON model from the URL
# given on their command line and decode it (real programs: `consumer http://127.0.0.1:8080/todo`),
# and builds each one after the other with `swift build -c release` from a fresh `.build`:
#
#   urlsession        plain URLSession (FoundationNetworking on Linux): the baseline
#   courier-core      the `CourierCore` product alone with `traits: []`: the core-only consumer
#                     (without the `Observability` trait: what an SDK that names no trait gets)
#   courier-core-observability the same with `traits: ["Observability"]` (tracing and metrics),
#                     the core as an iOS or macOS app's default traits give it
#   courier-core-10   the same with ten request types instead of one (each its own model), for
#                     the marginal bytes of one more request type
#   courier-interceptors the core and `CourierInterceptors` (a bearer token's interceptor)
#   courier-caching   the core and `CourierCaching` (a `ResponseCache` on the configuration)
#   courier-streams   the core and `CourierStreams` (an event stream the program can open)
#   courier-downloads the core and `CourierDownloads` (a download the program can make)
#   courier-umbrella  the umbrella `Courier` with `traits: ["Observability"]`, the default traits
#                     on Apple platforms: what an iOS or macOS app that writes `import Courier`
#                     gets (everything; AsyncHTTPClient is a Linux default only)
#   courier-default   Courier with its default traits (AsyncHTTPClient on Linux); only with
#                     --with-default-traits, as it builds SwiftNIO and BoringSSL (minutes, cold)
#   alamofire, get    only when PEERS_PATH_OVERRIDES names a folder holding `Alamofire/` and `Get/`
#                     checkouts, depended on by path (the package mirror this runs against may not
#                     carry them, and nothing of theirs belongs in this repository)
#
# For each: the cold release build's wall time and CPU time (user + system, compilers included;
# dependencies resolved beforehand, untimed), the size of the executable after `strip`, and what
# that adds over the baseline; a Markdown table. Build times depend on the machine and on what
# else runs on it (CPU time less so); sizes are exact.
#
# --breakdown then prints where the size of each consumer's executable goes, by module, by kind of
# symbol and by source file (Benchmarks/cost_breakdown.py, from the link map; Linux).
# --keep keeps the scratch folder and prints its path.
# COST_CONSUMERS="urlsession courier-core" builds only those (the baseline always comes first):
# for an idle machine's cold build time of one consumer, without the others' half hour.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
with_default=0
breakdown=0
keep=0
for argument in "$@"; do
    case "$argument" in
    --with-default-traits) with_default=1 ;;
    --breakdown) breakdown=1 ;;
    --keep) keep=1 ;;
    *)
        echo "usage: bash Benchmarks/cost.sh [--with-default-traits] [--breakdown] [--keep]" >&2
        exit 2
        ;;
    esac
done

work="$(mktemp -d)"
if [ "$keep" = 1 ]; then
    trap 'echo "kept: $work" >&2' EXIT
else
    trap 'rm -rf "$work"' EXIT
fi

# The model every consumer decodes, and the platforms they all build for.
model='struct Todo: Decodable, Sendable {
    var id: Int
    var title: String
    var completed: Bool
}'
platforms='platforms: [.macOS(.v13), .iOS(.v16)]'

# write_consumer NAME DEPENDENCIES PRODUCTS: a package in NAME/consumer (a folder name no
# dependency has, since it is the package's identity) with one executable, `consumer`, whose
# main.swift comes from standard input.
write_consumer() {
    local name="$1" dependencies="$2" products="$3"
    mkdir -p "$work/$name/consumer/Sources/consumer"
    cat >"$work/$name/consumer/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "consumer",
    $platforms,
    dependencies: [$dependencies],
    targets: [.executableTarget(name: "consumer", dependencies: [$products])]
)
EOF
    cat >"$work/$name/consumer/Sources/consumer/main.swift"
}

write_consumer urlsession "" "" <<EOF
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

$model

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    fatalError("usage: consumer URL")
}
let (data, response) = try await URLSession.shared.data(from: url)
guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
    fatalError("unacceptable response: \(response)")
}
let todo = try JSONDecoder().decode(Todo.self, from: data)
print(todo)
EOF

# courier_main IMPORTS CONFIGURE EXTRA: the Courier consumer's main.swift, importing IMPORTS,
# configuring the client with CONFIGURE, and with EXTRA after the call (a feature's use, behind a
# branch the benchmark never takes, so that the program links what an app using it links).
courier_main() {
    cat <<EOF
$1
import Foundation

$model

struct TodoRequest: APIRequest {
    typealias Response = Todo
    var method: HTTPRequest.Method { .get }
    var path: String
}

guard CommandLine.arguments.count >= 2, let url = URL(string: CommandLine.arguments[1]),
    let origin = URL(string: "/", relativeTo: url)?.absoluteURL
else {
    fatalError("usage: consumer URL")
}
let client = APIClient(baseURL: origin)${2:+ { \$0.$2 \}}
let todo = try await client.send(TodoRequest(path: url.path))
print(todo)
$3
EOF
}
package_dependency=".package(path: \"$root\", traits: [])"
product() { echo ".product(name: \"$1\", package: \"$(basename "$root")\")"; }
write_consumer courier-core "$package_dependency" "$(product CourierCore)" \
    <<<"$(courier_main 'import CourierCore' '' '')"
# Ten request types, each with a model of its own, sent in turn.
ten_types=""
for i in 1 2 3 4 5 6 7 8 9; do
    ten_types+="
struct Todo$i: Decodable, Sendable { var id: Int; var title$i: String?; var completed: Bool }
struct TodoRequest$i: APIRequest {
    typealias Response = Todo$i
    var method: HTTPRequest.Method { .get }
    var path: String
}
if CommandLine.arguments.count > 2 { print(try await client.send(TodoRequest$i(path: url.path))) }"
done
write_consumer courier-core-10 "$package_dependency" "$(product CourierCore)" \
    <<<"$(courier_main 'import CourierCore' '' "$ten_types")"
write_consumer courier-interceptors "$package_dependency" "$(product CourierCore), $(product CourierInterceptors)" \
    <<<"$(courier_main $'import CourierCore\nimport CourierInterceptors' 'interceptors = [AuthorizationInterceptor.bearer { "token" }]' '')"
write_consumer courier-caching "$package_dependency" "$(product CourierCore), $(product CourierCaching)" \
    <<<"$(courier_main $'import CourierCaching\nimport CourierCore' 'cache = ResponseCache()' '')"
write_consumer courier-streams "$package_dependency" "$(product CourierCore), $(product CourierStreams)" \
    <<<"$(courier_main $'import CourierCore\nimport CourierStreams' '' '
struct Ticks: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/events" }
}
if CommandLine.arguments.count > 2 { for try await event in client.events(Ticks()) { print(event.data) } }')"
write_consumer courier-downloads "$package_dependency" "$(product CourierCore), $(product CourierDownloads)" \
    <<<"$(courier_main $'import CourierCore\nimport CourierDownloads' '' '
struct File: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/file" }
}
if CommandLine.arguments.count > 2 {
    try await client.download(File(), to: URL(fileURLWithPath: CommandLine.arguments[2]))
}')"
write_consumer courier-core-observability ".package(path: \"$root\", traits: [\"Observability\"])" \
    "$(product CourierCore)" <<<"$(courier_main 'import CourierCore' '' '')"
write_consumer courier-umbrella ".package(path: \"$root\", traits: [\"Observability\"])" "$(product Courier)" \
    <<<"$(courier_main 'import Courier' '' '')"
if [ "$with_default" = 1 ]; then
    write_consumer courier-default ".package(path: \"$root\")" "$(product Courier)" \
        <<<"$(courier_main 'import Courier' '' '')"
fi

consumers=(urlsession courier-core courier-core-10 courier-core-observability courier-interceptors courier-caching
    courier-streams courier-downloads courier-umbrella)
[ "$with_default" = 1 ] && consumers+=(courier-default)
if [ -n "${COST_CONSUMERS:-}" ]; then
    consumers=(urlsession)
    for name in $COST_CONSUMERS; do [ "$name" = urlsession ] || consumers+=("$name"); done
fi
if [ -n "${PEERS_PATH_OVERRIDES:-}" ]; then
    for peer in Alamofire Get; do
        if [ ! -f "$PEERS_PATH_OVERRIDES/$peer/Package.swift" ]; then
            echo "PEERS_PATH_OVERRIDES: no $peer/Package.swift in $PEERS_PATH_OVERRIDES" >&2
            exit 2
        fi
    done
    write_consumer alamofire ".package(path: \"$PEERS_PATH_OVERRIDES/Alamofire\")" \
        '.product(name: "Alamofire", package: "Alamofire")' <<EOF
import Alamofire
import Foundation

$model

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    fatalError("usage: consumer URL")
}
let todo = try await AF.request(url).validate().serializingDecodable(Todo.self).value
print(todo)
EOF
    write_consumer get ".package(path: \"$PEERS_PATH_OVERRIDES/Get\")" \
        '.product(name: "Get", package: "Get")' <<EOF
import Foundation
import Get

$model

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    fatalError("usage: consumer URL")
}
let client = APIClient(baseURL: nil)
let todo = try await client.send(Request<Todo>(url: url)).value
print(todo)
EOF
    consumers+=(alamofire get)
fi

declare -A seconds cpu stripped unstripped
for name in "${consumers[@]}"; do
    echo "building $name" >&2
    (cd "$work/$name/consumer" && swift package resolve >/dev/null)
    # Wall time, and the CPU time of the build and all its compilers (user + system), which
    # other work on the machine inflates less.
    if ! (cd "$work/$name/consumer" && /usr/bin/time -f "%e %U %S" -o "$work/$name.time" \
        swift build -c release --product consumer >"$work/$name.log" 2>&1); then
        tail -40 "$work/$name.log" >&2
        echo "$name: the release build failed" >&2
        exit 1
    fi
    read -r wall user system <"$work/$name.time"
    seconds[$name]="$(python3 -c "print(f'{$wall:.0f}')")"
    cpu[$name]="$(python3 -c "print(f'{$user + $system:.0f}')")"
    binary="$(cd "$work/$name/consumer" && swift build -c release --show-bin-path)/consumer"
    strip -o "$work/$name.stripped" "$binary"
    stripped[$name]="$(stat -c %s "$work/$name.stripped")"
    unstripped[$name]="$(stat -c %s "$binary")"
done

mib() { python3 -c "print(f'{$1 / 1048576:.2f}')"; }
added() { python3 -c "d = $1 - $2; print(f'{\"+\" if d >= 0 else \"-\"}{abs(d) / 1048576:.2f} MiB')"; }
label() {
    case "$1" in
    urlsession) echo "plain URLSession (baseline)" ;;
    courier-core) echo '`CourierCore` alone, `traits: []` (GET + decode)' ;;
    courier-core-10) echo '`CourierCore`, ten request types instead of one' ;;
    courier-interceptors) echo '`CourierCore` + `CourierInterceptors`' ;;
    courier-caching) echo '`CourierCore` + `CourierCaching`' ;;
    courier-streams) echo '`CourierCore` + `CourierStreams`' ;;
    courier-downloads) echo '`CourierCore` + `CourierDownloads`' ;;
    courier-core-observability) echo '`CourierCore` with `traits: ["Observability"]`' ;;
    courier-umbrella) echo '`Courier` (umbrella, everything), `traits: ["Observability"]` (what an iOS app gets)' ;;
    courier-default) echo "Courier, default traits (AsyncHTTPClient on Linux)" ;;
    alamofire) echo "Alamofire $(git -C "$PEERS_PATH_OVERRIDES/Alamofire" describe --tags 2>/dev/null || true)" ;;
    get) echo "Get $(git -C "$PEERS_PATH_OVERRIDES/Get" describe --tags 2>/dev/null || true)" ;;
    esac
}

echo
echo "$(uname -sm), $(swift --version 2>/dev/null | head -1), $(nproc) cores"
echo
echo "| consumer | cold release build: wall | CPU | stripped | added over URLSession | unstripped |"
echo "|---|---:|---:|---:|---:|---:|"
for name in "${consumers[@]}"; do
    echo "| $(label "$name") | ${seconds[$name]} s | ${cpu[$name]} s | $(mib "${stripped[$name]}") MiB" \
        "| $(added "${stripped[$name]}" "${stripped[urlsession]}") | $(mib "${unstripped[$name]}") MiB |"
done
if [ -n "${stripped[courier-core]:-}" ] && [ -n "${stripped[courier-core-10]:-}" ] &&
    [ -n "${stripped[courier-umbrella]:-}" ]; then
    echo
    echo "What each adds to the core-only consumer (stripped):"
    echo
    echo "| consumer | added over \`CourierCore\` alone |"
    echo "|---|---:|"
    for name in courier-core-observability courier-interceptors courier-caching courier-streams courier-downloads \
        courier-umbrella; do
        echo "| $(label "$name") | $(python3 -c "print(f'{${stripped[$name]} - ${stripped[courier-core]}:+,} B')") |"
    done
    echo
    echo "One more request type (its own model) adds" \
        "$(python3 -c "print(f'{(${stripped[courier-core-10]} - ${stripped[courier-core]}) / 9:,.0f}')") bytes" \
        "(ten request types against one, stripped)."
fi

if [ "$breakdown" = 1 ]; then
    for name in "${consumers[@]}"; do
        [ "$name" = urlsession ] && continue
        echo
        echo "### $(label "$name")"
        echo
        # Links again (nothing recompiles) to have the linker say where each section came from.
        (cd "$work/$name/consumer" &&
            swift build -c release --product consumer -Xlinker -Map="$work/$name.map" >>"$work/$name.log" 2>&1)
        sources=()
        [[ $name == courier-* ]] && sources=("$root/Sources/CourierCore")
        python3 "$root/Benchmarks/cost_breakdown.py" \
            "$(cd "$work/$name/consumer" && swift build -c release --show-bin-path)/consumer" "$work/$name.map" \
            "${sources[@]}"
    done
fi
