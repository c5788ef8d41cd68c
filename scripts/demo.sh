#!/usr/bin/env bash
# The demo: installs what is missing, builds gamefmt, and converts every file in samples/ to out/*.glb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build
rm -rf out
build/bin/gamefmt convert samples -o out --to glb
echo "demo: wrote $(find out -name '*.glb' | wc -l) .glb files to out/"
