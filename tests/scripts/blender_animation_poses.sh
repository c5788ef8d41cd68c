#!/usr/bin/env bash
# The add-on builds the actions of imported animations itself; this checks, in headless Blender, that its poses,
# shape-key weights, fcurves and interpolation are those of Blender's glTF importer, with one NLA track per
# animation (tests/blender/animation_pose_check.py), on X-Ray (.ogf + .omf, .object + .skls with STEP keys),
# Grimrock (.model + .animation), Overgrowth (.phxbn + .anm; the sample rig with a shape key) and Westwood
# (.vxl + .hva, STEP keys) animations. Repository files always; the corpus files when GAMEFMT_CORPUS is set.
# Usage: blender_animation_poses.sh GAMEFMT_BINARY FIXTURES_BINARY ADDON_ZIP OUTPUT_DIR. Exit 77 without Blender.
set -euo pipefail
gamefmt=$(realpath "$1")
fixtures=$(realpath "$2")
zip=$(realpath "$3")
out=$4
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
rm -rf "$out"
mkdir -p "$out/user/scripts" "$out/user/config" "$out/glb"
out=$(realpath "$out")
export HOME="$out/user" BLENDER_USER_SCRIPTS="$out/user/scripts" BLENDER_USER_CONFIG="$out/user/config"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# The Overgrowth sample rig (.phxbn, .obj, a blink morph .obj and a walk .anm made by gamefmt's writers; the walk
# moves the blink shape key) and the synthetic scene (STEP, scale, morph weights). --expect= says what a file must
# hold for the check to count (animation_pose_check.py).
"$fixtures" "$out/fixtures" >/dev/null
files=(--expect=shape-keys "$out/fixtures/phoenix_ragdoll.glb" --expect=shape-keys,constant
       "$out/fixtures/synthetic_skinned.glb")
convert() {  # NAME EXPECTATIONS (or -) INPUT [COMPANION...]
  local name=$1 expect=$2
  shift 2
  "$gamefmt" convert "$@" -o "$out/glb/$name.glb" >/dev/null
  [ "$expect" = - ] || files+=("--expect=$expect")
  files+=("$out/glb/$name.glb")
}
convert overgrowth_biped - "$repo/fuzz/seeds/phoenix-phxbn/biped_v11.phxbn" "$repo/fuzz/seeds/phoenix-anm/walk_v10.anm"
if [ -n "${GAMEFMT_CORPUS:-}" ]; then
  c=$GAMEFMT_CORPUS
  convert xray_dog - "$c/xray/rad_dog_red_big_dead.ogf" "$c/xray/rad_dog_big_animation.omf"
  convert xray_object constant "$c/xray/bx_test_fmt_armature.object" "$c/xray/bx_test_fmt.skls"
  convert grimrock_skeleton - "$c/grimrock/skeleton_warrior_axe.model" "$c"/grimrock/skeleton_warrior_axe_*.animation
  convert westwood_hind constant "$c/westwood/rv_hind.vxl" "$c/westwood/rv_hind.hva"
  convert westwood_kite constant "$c/westwood/rv_kite.vxl" "$c/westwood/rv_kite.hva"
else
  echo "GAMEFMT_CORPUS is unset: the X-Ray, Grimrock and Westwood files are not checked"
fi
status=0
blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/animation_pose_check.py" -- \
  "$zip" "$out/glb" "${files[@]}" > "$out/blender.log" 2>&1 || status=$?
grep '^GAMEFMT_POSES' "$out/blender.log" || true
if [ "$status" -ne 0 ]; then
  grep -E 'Error|Traceback|File "' "$out/blender.log" | tail -40
  exit 1
fi
