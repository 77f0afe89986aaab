#!/usr/bin/env bash
# Checks that every ```swift block of the README and the DocC articles compiles.
#
# Each block becomes a file of its own, type-checked in script mode (top-level statements and
# `await` allowed) against the modules the README's test command (`swift test --traits Demo`)
# left in .build/debug: there Courier is built with every trait but RxSwift, so CourierCombine, CourierOpenAPI and CourierTesting
# blocks check too. Every Swift block imports Docs/Prelude.swift, built once as the module DocsPrelude:
# the few names the prose uses without declaring them (`url`, `User`, `client`, …); a name a
# block declares shadows the prelude's. It also imports the demo's generated OpenAPI client
# (`Client`, `Servers`, `Operations`), which stands for the one generated from a reader's document.
# A block with no `import` of its own also gets Courier's modules, Foundation, Combine
# (OpenCombineShim), OpenAPIRuntime and Testing; a block that shows its imports gets no more, so
# it must be complete.
#
# A block that starts with `// Package.swift` or `// swift-tools-version:` is a package manifest,
# or a fragment of one, and is type-checked against PackageDescription: a whole manifest as it is,
# a fragment inside `Package(name:…)` or the array its first line belongs in.
#
# A block marked on the line right before its fence with `<!-- not compiled: <why> -->` is
# skipped, and listed with its reason; any other comment there is an error. Warnings are errors. Run from the package root after `swift test --traits Demo`:
# `bash Tests/CompileChecks/docs.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
modules=.build/debug/Modules
[[ -d $modules ]] || { echo "no $modules: build first (swift test --traits Demo)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The blocks see the demo's generated client (public) and none of Courier's `package` declarations.
flags=(-swift-version 6 -warnings-as-errors -diagnostic-style llvm -package-name demo -I "$modules" -I "$work")
# C modules of the dependencies: their own module maps, and the ones SwiftPM generated.
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find .build/checkouts -path '*/Sources/*' -name module.modulemap -not -path '*/Benchmarks/*'
    ls .build/*/debug/*.build/module.modulemap 2>/dev/null
)
manifest_api="$(dirname "$(command -v swiftc)")/../lib/swift/pm/ManifestAPI"
[[ -d $manifest_api ]] || { echo "no PackageDescription beside swiftc ($manifest_api)"; exit 1; }

prelude=Tests/CompileChecks/Docs/Prelude.swift
if ! swiftc -emit-module -parse-as-library -module-name DocsPrelude "${flags[@]}" \
    -emit-module-path "$work/DocsPrelude.swiftmodule" "$prelude"; then
    echo "✗ $prelude does not compile"
    exit 1
fi

# One file per block, its first line the imports or the manifest's opening, so that line n of
# the block is line n + 1 of its file; and an index line per block: number, markdown file, fence
# line, kind (swift, manifest or a manifest's tools version) and the reason it is skipped.
shopt -s nullglob
files=(README.md Sources/*/*.docc/*.md)
awk -v dir="$work" '
    FNR == 1 { previous = ""; inside = 0 }
    inside && /^[ \t]*```[ \t]*$/ { inside = 0; next }
    inside { body[n] = body[n] $0 "\n"; next }
    /^[ \t]*```swift[ \t]*$/ {
        n++; inside = 1; body[n] = ""
        reason = ""
        if (previous ~ /^<!-- not compiled: .+ -->$/) {
            reason = previous; sub(/^<!-- not compiled: /, "", reason); sub(/ -->$/, "", reason)
        } else if (previous ~ /^<!--/) {
            reason = "?"  # a comment that is not the marker: reported as an error
        }
        where[n] = FILENAME "\t" FNR; skip[n] = reason
        next
    }
    { previous = $0 }
    END {
        for (i = 1; i <= n; i++) {
            split(body[i], lines, "\n")
            code = ""  # the first line that is not a comment
            for (j = 1; j in lines; j++) if (lines[j] !~ /^[ \t]*(\/\/.*)?$/) { code = lines[j]; break }
            trailer = ""
            if (lines[1] ~ /^\/\/ swift-tools-version:/) {
                kind = lines[1]; sub(/^\/\/ swift-tools-version: */, "", kind)
                header = "// the manifest, as it is"
            } else if (lines[1] ~ /^\/\/ Package\.swift/) {
                kind = "6.1"  # the first tools version with traits
                if (code ~ /^[ \t]*\.package\(/) header = "let dependencies: [Package.Dependency] = ["
                else if (code ~ /^[ \t]*\.product\(/) header = "let dependencies: [Target.Dependency] = ["
                else if (code ~ /^[ \t]*\.[a-zA-Z]*[tT]arget\(/) header = "let targets: [Target] = ["
                else header = "let package = Package(name: \"App\","
                header = "import PackageDescription; " header
                trailer = (header ~ /\[$/ ? "]" : ")")
            } else {
                kind = "swift"
                header = "import DemoOpenAPIClient; import DocsPrelude"
                if (body[i] !~ /(^|\n)(@[a-zA-Z]+ )*import /) {
                    header = header "; import Courier; import CourierCombine; import CourierOpenAPI; import" \
                        " CourierTesting; import Foundation; import OpenAPIRuntime; import OpenCombineShim; import Testing"
                }
            }
            printf "%s\n%s%s\n", header, body[i], trailer > (dir "/" i ".swift")
            print i "\t" where[i] "\t" kind "\t" skip[i] > (dir "/index")
        }
    }
' "${files[@]}"

# Type-check each block; diagnostics name the markdown file and line.
failed=0
checked=0
skipped=()
declare -A checked_in=()
while IFS=$'\t' read -r number file fence kind reason; do
    if [[ $reason == "?" ]]; then
        echo "✗ $file:$fence: the comment before the block is not '<!-- not compiled: <why> -->'"
        failed=1
        continue
    elif [[ -n $reason ]]; then
        skipped+=("$file:$fence: $reason")
        continue
    fi
    checked=$((checked + 1))
    checked_in[$file]=$((${checked_in[$file]:-0} + 1))
    if [[ $kind == swift ]]; then
        command=(swiftc -typecheck "${flags[@]}" "$work/$number.swift")
    else
        command=(swiftc -typecheck -swift-version 6 -warnings-as-errors -diagnostic-style llvm -I "$manifest_api"
            -package-description-version "$kind" "$work/$number.swift")
    fi
    if ! output="$("${command[@]}" 2>&1)"; then
        echo "✗ $file:$fence: the block does not compile"
        # Line n of the file is line n - 1 of the block, which starts after the fence.
        awk -v block="$work/$number.swift" -v file="$file" -v fence="$fence" '
            index($0, block ":") == 1 {
                rest = substr($0, length(block) + 2)
                line = rest; sub(/:.*/, "", line)
                sub(/^[0-9]+/, line + fence - 1, rest)
                $0 = file ":" rest
            }
            { print "    " $0 }
        ' <<<"$output" | head -n 60
        failed=1
    fi
done <"$work/index"

for file in "${files[@]}"; do
    [[ -z ${checked_in[$file]:-} ]] || printf '%3d checked  %s\n' "${checked_in[$file]}" "$file"
done
for block in "${skipped[@]}"; do
    echo "  skipped  $block"
done
echo "docs: $checked blocks checked, ${#skipped[@]} skipped"
exit "$failed"
