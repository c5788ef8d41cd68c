#!/usr/bin/env bash
# The demo: installs what is missing, builds gamefmt and the Blender add-on (build/blender/gamefmt_blender.zip),
# converts every file in samples/ (one folder per game family) to out/<family>/*.glb, prints one line per family,
# fails when a family gave no .glb, and runs the Khronos glTF validator over what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
GAMEFMT_BUILD_TARGETS="gamefmt_cli gamefmt_blender_addon" scripts/build.sh build
test -f build/blender/gamefmt_blender.zip
echo "demo: the Blender add-on is build/blender/gamefmt_blender.zip (Edit > Preferences > Add-ons > Install...)"
rm -rf out
mkdir -p out
# The warnings (mostly the game textures that samples name but cannot ship) go to a log, not the screen.
if ! build/bin/gamefmt convert samples -o out --to glb 2> out/gamefmt.log; then
  cat out/gamefmt.log >&2
  exit 1
fi
tail -n 1 out/gamefmt.log | sed 's/^gamefmt: /demo: /'
missing=()
for folder in samples/*/; do
  family=$(basename "$folder")
  mapfile -t glbs < <(find "out/$family" -name '*.glb' 2>/dev/null | sort)
  # A .glb with an "images" array in its JSON chunk carries its textures.
  textured=0
  for glb in "${glbs[@]}"; do grep -qa '"images":' "$glb" && textured=$((textured + 1)); done
  if [ "$textured" -gt 0 ]; then what="$textured textured"; else what="untextured"; fi
  files="${#glbs[@]} files"
  [ "${#glbs[@]}" -ne 1 ] || files="1 file"
  echo "demo: $family: $files -> out/$family/ ($what)"
  [ "${#glbs[@]}" -gt 0 ] || missing+=("$family")
done
echo "demo: warnings are in out/gamefmt.log"
if [ ${#missing[@]} -gt 0 ]; then
  echo "demo: no .glb was written for ${missing[*]}" >&2
  exit 1
fi
mapfile -t all < <(find out -name '*.glb' | sort)
if ! node tests/node/validate.mjs "${all[@]}" > out/validator.txt; then
  grep -v ': 0 errors' out/validator.txt >&2
  exit 1
fi
echo "demo: the Khronos glTF validator found 0 errors in ${#all[@]} files (report: out/validator.txt)"
