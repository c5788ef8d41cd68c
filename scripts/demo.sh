#!/usr/bin/env bash
# The demo: installs what is missing, builds gamefmt, and converts every file in samples/ to out/*.glb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
GAMEFMT_BUILD_TARGETS=gamefmt_cli scripts/build.sh build
rm -rf out
build/bin/gamefmt convert samples -o out --to glb
count=$(find out -name '*.glb' | wc -l)
echo "demo: wrote $count .glb files to out/"
[ "$count" -gt 0 ]
