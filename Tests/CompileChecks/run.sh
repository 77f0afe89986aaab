#!/usr/bin/env bash
# Checks that wrong code fails to compile with the diagnostic a user should see.
#
# Each *.swift file here starts with `// expect: <text>`; it is type-checked against the modules
# that `swift build` or `swift test` left in .build/debug, and must fail with <text> among the
# diagnostics. Run from the package root after a debug build: `bash Tests/CompileChecks/run.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${COMPILE_CHECKS_SCRATCH:-.build}"
modules="$scratch/debug/Modules"
[[ -d $modules ]] || { echo "no $modules: build first (swift build)"; exit 1; }
# C modules of the dependencies: their own module maps, and the ones SwiftPM generated.
flags=()
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find "$scratch/checkouts" -path '*/Sources/*' -name module.modulemap -not -path '*/Benchmarks/*'
    ls "$scratch"/*/debug/*.build/module.modulemap 2>/dev/null
)
failed=0
checked=0
for file in Tests/CompileChecks/*.swift; do
    expected="$(sed -n '1s|^// expect: ||p' "$file")"
    [[ -n $expected ]] || { echo "✗ $file has no '// expect:' first line"; failed=1; continue; }
    checked=$((checked + 1))
    if output="$(swiftc -typecheck -swift-version 6 -I "$modules" "${flags[@]}" "$file" 2>&1)"; then
        echo "✗ $file compiled, but should fail with: $expected"
        failed=1
    elif grep -qF -- "$expected" <<<"$output"; then
        echo "✓ $file fails with: $expected"
    else
        echo "✗ $file failed differently; expected: $expected"
        echo "$output" | grep -E 'error|note' | head -n 8
        failed=1
    fi
done
echo "compile checks: $checked checked"
exit "$failed"
