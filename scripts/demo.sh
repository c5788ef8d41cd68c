#!/usr/bin/env bash
# The demo: installs what is missing, builds gamefmt and the Blender add-on (build/blender/gamefmt_blender.zip), and
# converts every file in samples/ to out/*.glb.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
GAMEFMT_BUILD_TARGETS="gamefmt_cli gamefmt_blender_addon" scripts/build.sh build
test -f build/blender/gamefmt_blender.zip
echo "demo: the Blender add-on is build/blender/gamefmt_blender.zip (Edit > Preferences > Add-ons > Install...)"
rm -rf out
build/bin/gamefmt convert samples -o out --to glb
count=$(find out -name '*.glb' | wc -l)
echo "demo: wrote $count .glb files to out/"
[ "$count" -gt 0 ]
