#!/usr/bin/env bash
# Imports gamefmt's glTF in Godot 3.2 (Debian 12's godot3-server: the headless build of godot3, editor importers
# included) and checks what arrived: Lugaru's Wolf as a mesh, the synthetic bridge scene (FIXTURES_BINARY) with
# its 5-bone skeleton and two animations, the Overgrowth sample rig with its 42 bones, its walk and its 25 meshes,
# and two Westwood voxel units (one with its embedded palette, one coloured by the built-in palette) whose every
# surface has the palette as albedo texture, with many colours at the faces' UVs.
# Godot 3.2 knows neither node extras nor OMI physics: this checks meshes, materials, skeletons and animations.
# Usage: godot_import.sh GAMEFMT_BINARY FIXTURES_BINARY OUTPUT_DIR. Exit 77 (skipped) without godot3-server;
# GODOT3 names another Godot 3 binary that runs without a display.
set -euo pipefail
gamefmt=$1
fixtures=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
godot=${GODOT3:-godot3-server}
if ! command -v "$godot" >/dev/null; then
  echo "skipped: $godot is not installed (Debian: apt-get install godot3-server)"
  exit 77
fi
rm -rf "$out"
project=$out/project
mkdir -p "$project/addons"
cp -r "$here/../godot/quit_after_import" "$project/addons/"
cp "$here/../godot/import_check.gd" "$project/"
cat > "$project/project.godot" <<'GODOT'
config_version=4

[application]

config/name="gamefmt import check"

[editor_plugins]

enabled=PoolStringArray( "quit_after_import" )
GODOT
"$gamefmt" -q convert "$here/../../samples/lugaru/Wolf.solid" -o "$project/Wolf.glb"
"$gamefmt" -q convert "$here/../../samples/westwood/rv_txdx.vxl" -o "$project/rv_txdx.glb"
"$gamefmt" -q convert "$here/../../samples/westwood/rv_derpy_hooves.vxl" -o "$project/rv_derpy_hooves.glb"
"$fixtures" "$out/synthetic"
cp "$out/synthetic/synthetic_skinned.glb" "$out/synthetic/phoenix_ragdoll.glb" "$project/"
export HOME=$out/home  # Godot keeps its editor settings there
# The editor imports every file, then the plugin ends it (Godot 3.2's headless editor does not exit by itself);
# the braces keep bash's "Killed" notice out of the log.
{ timeout 120 "$godot" --path "$project" -e > "$out/import.log" 2>&1; } 2>/dev/null || true
if ! grep -q '^GAMEFMT_GODOT_IMPORTED' "$out/import.log"; then
  tail -40 "$out/import.log"
  echo "Godot's editor did not finish importing"
  exit 1
fi
# --quit: one frame, so that a script error cannot leave Godot running.
timeout 120 "$godot" --path "$project" --quit -s import_check.gd -- \
  Wolf.glb --min-vertices 3 --meshes 1 \
  synthetic_skinned.glb --bones 5 --animations 2 \
  phoenix_ragdoll.glb --bones 42 --animations 1 --meshes 25 \
  rv_txdx.glb --textured 1 --min-colours 8 \
  rv_derpy_hooves.glb --textured 1 --min-colours 4 > "$out/check.log" 2>&1 \
  || { grep -E 'GAMEFMT|SCRIPT ERROR' "$out/check.log"; exit 1; }
imported=$(grep -c '^GAMEFMT_GODOT ' "$out/check.log" || true)
if [ "$imported" != 5 ] || grep -q -E '^GAMEFMT_GODOT_FAIL|SCRIPT ERROR' "$out/check.log"; then
  grep -E 'GAMEFMT|SCRIPT ERROR' "$out/check.log"
  exit 1
fi
grep '^GAMEFMT_GODOT ' "$out/check.log"
echo "$imported files imported in Godot $("$godot" --version)"
