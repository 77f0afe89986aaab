#!/usr/bin/env bash
# Writes Docs/PublicAPI.md: every public symbol of the products, each with the first place code
# written as a user would names it (Scripts/public-api.py says where it looks). Run it after a
# change to the public API and commit the list with the change:
#
#   bash Scripts/public-api.sh        # builds with the Demo trait (as the docs do), in .build or $SCRATCH
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"

swift package --scratch-path "$scratch" --traits Demo dump-symbol-graph \
    --skip-synthesized-members --minimum-access-level public
graphs="$(swift build --scratch-path "$scratch" --show-bin-path)/../symbolgraph"
[[ -f $graphs/Courier.symbols.json ]] || { echo "dump-symbol-graph wrote no symbol graphs in $graphs"; exit 1; }
python3 Scripts/public-api.py "$graphs" --out Docs/PublicAPI.md
