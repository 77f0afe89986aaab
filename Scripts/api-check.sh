#!/usr/bin/env bash
# The API breakage check, run by CI: the public API of every product against the last release's,
# recorded in .api-baseline/, with swift-api-digester (what `swift package diagnose-api-breaking-changes` runs).
#
#   bash Scripts/api-check.sh PRODUCT…                   # check (CI: .ci/run names the products)
#   bash Scripts/api-check.sh --record VERSION PRODUCT…  # record HEAD's API as release VERSION's
#
# The rule. A break — a public declaration removed, renamed, or changed so that code using it no
# longer compiles — fails the check unless CHANGELOG.md announces it:
#   1. under a `### Breaking` heading in a section newer than the baseline's release (`Unreleased`,
#      or a version above the baseline's), which names the declaration in code voice as the
#      diagnostic does, without argument labels (`APIClient.send` for `func APIClient.send(_:)`);
#   2. and the version of a released section that announces a break must be one allowed to break:
#      before 1.0, a new minor (0.1.x → 0.2.0); from 1.0 on, a new major. A patch never breaks.
# A break announced under `Unreleased` passes; the release that ships it must then be such a
# version (rule 2 fails a `## [0.1.1]` that keeps a `### Breaking` heading). After a release,
# record its API (--record) so that the next changes are compared with it.
#
# The baseline is the JSON that swift-api-digester dumps for each product, in
# .api-baseline/<commit>/<Product>.json (the umbrella `Courier`'s holds every module it
# re-exports, named as `Courier`'s: `normalize` below), as SwiftPM's `--baseline-dir` has it: the check builds
# no old revision, only reads those files. `.api-baseline/baseline` names the release and the
# commit; the commit must be in the clone's history (CI clones the whole history). The dumps keep
# public declarations only (Scripts/api-baseline-filter.py): the digester also dumps `package`
# ones, and a change to those is no break. The digester reads the current build's `package`
# declarations as API too, so a public declaration made `package` is not reported: that shows in
# Docs/PublicAPI.md when it is regenerated (Scripts/public-api.sh), and needs a CHANGELOG entry all
# the same.
#
# The `Demo` trait is on (`--traits Demo`: every trait but `RxSwift`), so that every product's API is
# there: on Linux, CourierCombine needs OpenCombine and CourierOpenAPI needs OpenAPI. RxCourier is
# not checked: its API needs the `RxSwift` trait, and CI cannot resolve RxSwift. That is also how SwiftPM builds
# the docs' symbol graphs, so the check reuses the docs' build. API_CHECK_SCRATCH is the scratch
# path to build in (.ci/run passes the README test command's, which the docs build used too).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${API_CHECK_SCRATCH:-.build}"
changelog="${API_CHECK_CHANGELOG:-CHANGELOG.md}"

# The modules whose API a product's is: the umbrella `Courier` re-exports the core and the
# feature modules (`@_exported import`), so that an app's `import Courier` sees all of them as
# one API; the others are their own module.
product_modules() {
    if [[ $1 == Courier ]]; then
        echo Courier CourierCore CourierCaching CourierStreams CourierDownloads CourierInterceptors
    else
        echo "$1"
    fi
}

# dump_product PRODUCT OUT.json: swift-api-digester's dump of the product's modules, from the
# build in $scratch, into one file.
dump_product() {
    local modules flags=() module_flags=()
    modules="$(swift build --scratch-path "$scratch" --traits Demo --show-bin-path)/Modules"
    # The C modules of the dependencies, as SwiftPM's own dump names them.
    while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
        find "$scratch/checkouts" -path '*/Sources/*' -name module.modulemap -not -path '*/Benchmarks/*'
        ls "$scratch"/*/debug/*.build/module.modulemap 2>/dev/null
    )
    for module in $(product_modules "$1"); do module_flags+=(-module "$module"); done
    swift-api-digester -dump-sdk -compiler-style-diags -I "$modules" "${flags[@]}" "${module_flags[@]}" -o "$2"
}

# normalize DUMP.json…: names the declarations of the modules `Courier` re-exports as `Courier`'s
# (in printed names, module names, USRs and mangled names), since that is how an app that writes
# `import Courier` names them: a declaration that moved from `Courier` into `CourierCore` is
# then the same declaration, and a type in another product's signature (`CourierCore.APIClient`
# in CourierTesting's) the same type.
normalize() {
    python3 - "$@" <<'PY'
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    for module in ("CourierCore", "CourierCaching", "CourierStreams", "CourierDownloads", "CourierInterceptors"):
        text = text.replace("%d%s" % (len(module), module), "7Courier")
        text = re.sub(r"\b%s\b" % module, "Courier", text)
    open(path, "w").write(text)
PY
}

if [[ ${1:-} == --record ]]; then
    version="$2"
    shift 2
    [[ -z $(git status --porcelain -- Sources Package.swift) ]] ||
        { echo "commit Sources/ and Package.swift first: the baseline names a commit"; exit 1; }
    commit="$(git rev-parse HEAD)"
    swift build --scratch-path "$scratch" --traits Demo
    rm -rf .api-baseline/*/
    mkdir -p ".api-baseline/$commit"
    for product in "$@"; do dump_product "$product" ".api-baseline/$commit/$product.json"; done
    # Public declarations only: the digester dumps `package` ones too. Filtered before the names
    # are normalized, since the symbol graphs' USRs name each declaration's own module.
    swift package --scratch-path "$scratch" --traits Demo dump-symbol-graph --minimum-access-level public
    python3 Scripts/api-baseline-filter.py \
        "$(swift build --scratch-path "$scratch" --traits Demo --show-bin-path)/symbolgraph" \
        ".api-baseline/$commit"/*.json
    normalize ".api-baseline/$commit"/*.json
    cat >.api-baseline/baseline <<EOF
# The public API Scripts/api-check.sh compares with: release $version, recorded from this commit.
version=$version
commit=$commit
EOF
    echo "recorded $version's API from $commit in .api-baseline/: commit it"
    exit 0
fi

# shellcheck source=/dev/null
source .api-baseline/baseline
git cat-file -e "${commit:?}^{commit}" 2>/dev/null || {
    echo "the baseline's commit $commit is not in this clone's history: fetch it (a shallow clone?)," \
        "or record the baseline again (bash Scripts/api-check.sh --record VERSION …)"
    exit 1
}
for product in "$@"; do
    [[ -f .api-baseline/$commit/$product.json ]] || {
        echo "no baseline for $product in .api-baseline/$commit: a product added since ${version:?} is not checked" \
            "until its first release is recorded"
    }
done
products=()
for product in "$@"; do [[ -f .api-baseline/$commit/$product.json ]] && products+=("$product"); done

output="$(mktemp)"
current="$(mktemp -d)"
trap 'rm -rf "$output" "$current"' EXIT
status=0
# What SwiftPM's `diagnose-api-breaking-changes` does (dump the product's module, compare it with
# the baseline's dump), done here so that the umbrella's API is the union of the modules it
# re-exports: SwiftPM would dump the `Courier` module alone, without them.
swift build --scratch-path "$scratch" --traits Demo 2>&1 | grep -av '^\[[0-9]*/[0-9]*\]' || status=$?
for product in "${products[@]}"; do
    dump_product "$product" "$current/$product.json" || status=$?
done
normalize "$current"/*.json
for product in "${products[@]}"; do
    echo "== $product"
    swift-api-digester -diagnose-sdk -compiler-style-diags -input-paths ".api-baseline/$commit/$product.json" \
        -input-paths "$current/$product.json" 2>&1 | grep -a 'API breakage: ' | tee -a "$output" || true
done
breaks="$(grep -a 'API breakage: ' "$output" | sed 's/.*API breakage: //' || true)"
if [[ -z $breaks ]]; then
    if [[ $status != 0 ]]; then
        echo "api-check: the build or a dump failed (see above)"
        exit 1
    fi
    echo "api-check: no breaking change since $version in ${products[*]}"
    exit 0
fi

# The sections newer than the baseline's release: `## [Unreleased]` and `## [x.y.z]` above `## [version]`.
announced="$(awk -v base="$version" '
    /^## \[/ {
        name = $0; sub(/^## \[/, "", name); sub(/\].*/, "", name)
        if (name == base) exit
        section = name; breaking = 0; next
    }
    /^### / { breaking = ($0 ~ /^### Breaking/); next }
    breaking && section != "" { print section "\t" $0 }
' "$changelog")"

# Rule 2: a released section that breaks must be a version allowed to.
failed=0
IFS=. read -r base_major base_minor _ <<<"$version"
while IFS=$'\t' read -r section _; do
    [[ -z $section || $section == Unreleased ]] && continue
    IFS=. read -r major minor _ <<<"$section"
    if ((base_major == 0 && major == 0 && minor <= base_minor)) || ((base_major > 0 && major <= base_major)); then
        echo "✗ $changelog: $section announces breaking changes, but after $version only" \
            "$( ((base_major == 0)) && echo "0.$((base_minor + 1)).0 (a new minor, before 1.0)" || echo "$((base_major + 1)).0.0 (a new major)")" \
            "or later may break the API"
        failed=1
    fi
done < <(cut -f1 <<<"$announced" | sort -u | sed 's/$/\t/')

# Rule 1: every break named under a Breaking heading.
while IFS= read -r breakage; do
    # "func APIClient.send(_:) has been removed" → "APIClient.send"
    name="$(sed -E 's/ has .*//; s/^([A-Za-z]+ )+//; s/\(.*//' <<<"$breakage")"
    where="$(grep -F -- "\`$name" <<<"$announced" | head -n 1 | cut -f1 || true)"
    if [[ -n $where ]]; then
        echo "✓ announced under $where: $breakage"
    else
        echo "✗ not announced in $changelog: $breakage (name \`$name\` under a '### Breaking' heading)"
        failed=1
    fi
done <<<"$breaks"
if [[ $failed == 0 ]]; then
    echo "api-check: every break since $version is announced in $changelog"
else
    echo "api-check: failed (the rule is at the top of Scripts/api-check.sh)"
fi
exit "$failed"
