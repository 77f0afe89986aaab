#!/usr/bin/env bash
# Regenerates the example OpenAPI client (Demo/Sources/DemoOpenAPIClient) from Demo/OpenAPI/openapi.yaml.
#
# The generator is built once, in a scratch package outside the repository (default
# /tmp/courier-openapi-generator, or $GENERATOR_DIR): it is never a dependency of Courier or of
# the demo, so neither CI nor a clean build ever compiles it. The generated Swift is committed.
set -euo pipefail
demo="$(cd "$(dirname "$0")/.." && pwd)"
generator="${GENERATOR_DIR:-/tmp/courier-openapi-generator}"
output="$demo/Sources/DemoOpenAPIClient"

mkdir -p "$generator"
cat > "$generator/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "openapi-gen",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3")]
)
SWIFT
swift build --package-path "$generator" --product swift-openapi-generator

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
swift run --package-path "$generator" --skip-build swift-openapi-generator generate \
    --mode types --mode client --access-modifier public --naming-strategy idiomatic \
    --output-directory "$scratch" "$demo/OpenAPI/openapi.yaml"

# The generated files are committed as generated, marked for swift format to skip: formatting
# them would break the generator's `#if compiler(>=6.4) @diagnose(…) #endif` import lines.
mkdir -p "$output"
rm -f "$output"/*.swift
#
# Swift 6.3 warns about a `public import` that no public declaration of the file uses (the
# generator's `@diagnose(UnusedImportAccess, as: ignored)` silences that from Swift 6.4 on), and
# the demo builds with warnings as errors: such an import becomes a plain (internal) one. A module
# counts as used when the file names it outside its imports (the generator qualifies its names).
for file in "$scratch"/*.swift; do
    target="$output/$(basename "$file")"
    { echo "// swift-format-ignore-file"; cat "$file"; } > "$target"
    uses="$(grep -v '^\(@_spi(Generated) \)\?public import ' "$target")"
    for module in Foundation OpenAPIRuntime; do
        if ! grep -q "$module\." <<< "$uses"; then
            sed -i -E "s/^(@_spi\(Generated\) )?public import (struct )?$module/\1import \2$module/" "$target"
        fi
    done
done
# Compiled only with the root package's `Demo` trait, which brings OpenAPIRuntime: without it
# the target builds empty (the first line stays swift format's marker).
for target in "$output"/*.swift; do
    { head -n 1 "$target"
      echo "// Compiled only with the \`Demo\` trait, which brings OpenAPIRuntime."
      echo "#if Demo"
      tail -n +2 "$target"
      echo "#endif"; } > "$target.wrapped"
    mv "$target.wrapped" "$target"
done
echo "Generated:" "$output"/*.swift
