#!/usr/bin/env bash
# Builds the DocC catalogs of the library products from an existing debug build's modules, with
# warnings as errors: what CI's "docs" stage runs (.ci/run), after the README's test command has
# built .build with `--traits Demo`.
#
#   bash Scripts/docs.sh Courier CourierCombine …     # the products to build (CI passes all five)
#
# Why not `swift package generate-documentation`: SwiftPM 6.3's plugin API extracts a symbol
# graph with every trait on (swiftlang/swift-package-manager#10448, fixed after 6.3 by #10457),
# and every trait includes `RxSwift`, whose package this machine's mirror does not have, so the
# plugin fails resolving it. This does what the plugin does, on the build that is already there:
# `swift-symbolgraph-extract` for each module (public symbols, extension blocks, with the search
# paths its compile used, read from SwiftPM's build manifest), then `docc convert` of its catalog.
# A link DocC cannot resolve, a missing symbol or any other warning fails it.
#
# DOCS_SCRATCH (default .build) is the build to read; DOCS_OUTPUT (default a temporary folder,
# removed after) receives the archives.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${DOCS_SCRATCH:-.build}"
manifest="$scratch/debug.yaml"
[[ -f $manifest ]] || { echo "docs: no debug build in $scratch (run swift test --traits Demo first)" >&2; exit 1; }
output="${DOCS_OUTPUT:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ -n $output ]] || output="$work/archives"
mkdir -p "$output"

# The search paths and target of a module's compile command in the build manifest: -I, -F,
# -target and every -Xcc pair (C modules' module maps and headers).
search_paths() {
    python3 - "$manifest" "$1" <<'PY'
import re, sys
manifest, module = sys.argv[1], sys.argv[2]
text = open(manifest).read()
at = text.find('"-module-name","%s"' % module)
if at < 0:
    sys.exit("docs: %s was not compiled in this build" % module)
block = text[text.rfind('\n  "', 0, at):text.find('\n  "', at)]
args = re.findall(r'"((?:[^"\\]|\\.)*)"', re.findall(r'args: \[(.*?)\]\n', block, re.S)[0])
kept, i = [], 0
while i < len(args):
    if args[i] in ("-I", "-F", "-target", "-Xcc"):
        kept += args[i:i + 2]
        i += 2
    else:
        i += 1
print("\n".join(kept))
PY
}

for module in "$@"; do
    echo "== docs: $module"
    mapfile -t paths < <(search_paths "$module")
    graphs="$work/graphs/$module"
    mkdir -p "$graphs"
    # The umbrella's catalog documents what `import Courier` gives: the modules it re-exports.
    reexported=()
    [[ $module == Courier ]] &&
        reexported=(-experimental-allowed-reexported-modules=CourierCore,CourierCaching,CourierStreams,CourierDownloads,CourierInterceptors)
    swift-symbolgraph-extract -module-name "$module" "${paths[@]}" -minimum-access-level public \
        -skip-inherited-docs -emit-extension-block-symbols "${reexported[@]}" -output-dir "$graphs"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --output-path "$output/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --warnings-as-errors
done
