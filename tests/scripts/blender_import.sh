#!/usr/bin/env bash
# Converts every sample to .glb with the given gamefmt program and imports the results in headless Blender.
# The synthetic bridge scene (FIXTURES_BINARY) must arrive with its armature (5 bones) and its two animations, the
# Overgrowth rig with its 42 bones, walk and ragdoll proxy meshes, the FUEL sample archive's meshes with the arm's
# armature.
# Usage: blender_import.sh GAMEFMT_BINARY OUTPUT_DIR [FIXTURES_BINARY]. Exit 77 (skipped) without Blender.
set -euo pipefail
gamefmt=$1
out=$2
fixtures=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
rm -rf "$out"
"$gamefmt" convert "$here/../../samples" -o "$out" --to glb
# Files with meshes must bring vertices; files of animations alone (a motion, a path or a clip converted without its
# model) must bring animated nodes.
models=()
animations=()
while IFS= read -r file; do
  if grep -qa '"meshes":' "$file"; then models+=("$file"); else animations+=("$file"); fi
done < <(find "$out" -type f -name '*.glb' | sort)
export HOME=${HOME:-/tmp}
blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/import_check.py" -- \
  "${models[@]}" --min-vertices 3 > "$out/blender.log" 2>&1 || { grep -E 'GAMEFMT|Error|error' "$out/blender.log" | tail -40; exit 1; }
grep -c '^GAMEFMT_BLENDER ' "$out/blender.log" | sed 's/$/ files with meshes imported in Blender/'
if [ ${#animations[@]} -gt 0 ]; then
  blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/import_check.py" -- \
    "${animations[@]}" --min-actions 1 > "$out/blender_animations.log" 2>&1 \
    || { grep -E 'GAMEFMT|Error|error' "$out/blender_animations.log" | tail -40; exit 1; }
  grep -c '^GAMEFMT_BLENDER ' "$out/blender_animations.log" | sed 's/$/ files of animations alone imported in Blender/'
fi
if [ -n "$fixtures" ]; then
  "$fixtures" "$out/synthetic"
  blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/import_check.py" -- \
    "$out/synthetic/synthetic_skinned.glb" --bones 5 --animations 2 > "$out/blender_synthetic.log" 2>&1 \
    || { grep -E 'GAMEFMT|Error|error' "$out/blender_synthetic.log" | tail -40; exit 1; }
  echo "synthetic skinned scene imported with its armature and actions"
  # The FUEL sample archive: the crate and the skinned arm (its 3 bones) with all 18 vertices.
  blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/import_check.py" -- \
    "$out/synthetic/asobo_meshes.glb" --bones 3 --min-vertices 18 > "$out/blender_asobo.log" 2>&1 \
    || { grep -E 'GAMEFMT|Error|error' "$out/blender_asobo.log" | tail -40; exit 1; }
  echo "FUEL sample archive imported with its skinned arm"
  # The Overgrowth sample rig: 42 bones, the walk, the body mesh and 24 ragdoll proxy meshes (17 volumes, 7 mirrored).
  blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/import_check.py" -- \
    "$out/synthetic/phoenix_ragdoll.glb" --bones 42 --animations 1 --meshes 25 > "$out/blender_phoenix.log" 2>&1 \
    || { grep -E 'GAMEFMT|Error|error' "$out/blender_phoenix.log" | tail -40; exit 1; }
  echo "Overgrowth rig imported with its armature, walk and ragdoll proxies"
fi
