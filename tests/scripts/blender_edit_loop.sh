#!/usr/bin/env bash
# The modder's edit loop through the Blender add-on installed from its zip (tests/blender/edit_loop_test.py): skinned
# models imported with each of Blender's bone directions, exported unedited and edited, and played with the game's
# own motions by the test's own skinning. The Overgrowth rig comes from the fixture program; the X-Ray dog, a
# skinned SDK object and Grimrock's skeleton_warrior_axe from GAMEFMT_CORPUS when it is set.
# Usage: blender_edit_loop.sh GAMEFMT_BINARY ADDON_ZIP FIXTURES_BINARY OUTPUT_DIR [CASE ...]
# (CASE as edit_loop_test.py takes it: the default cases are replaced; held-out models are checked that way).
# Exit 77 (skipped) when Blender is not installed.
set -euo pipefail
gamefmt=$(realpath "$1")
zip=$(realpath "$2")
fixtures=$(realpath "$3")
out=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
rm -rf "$out"
mkdir -p "$out/user/scripts" "$out/user/config" "$out/path"
out=$(realpath "$out")
export HOME="$out/user" BLENDER_USER_SCRIPTS="$out/user/scripts" BLENDER_USER_CONFIG="$out/user/config"
ln -sf "$gamefmt" "$out/path/gamefmt"
export PATH="$out/path:$PATH"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  "$fixtures" "$out/fixtures" >/dev/null
  rig="$out/fixtures/overgrowth_rig"
  # "exact:": the unedited export must be the original byte for byte (the others: or deform as it does).
  cases+=("exact:$rig/biped.phxbn,$rig/biped.obj,$rig/walk.anm;$rig/walk.anm")
  if [ -n "${GAMEFMT_CORPUS:-}" ]; then
    c=$GAMEFMT_CORPUS
    cases+=("exact:$c/xray/rad_dog_red_big_dead.ogf,$c/xray/rad_dog_big_animation.omf"
            "$c/xray/rad_psevdogigant_big.ogf,$c/xray/rad_mini_psevdogigant_animation.omf"
            "$c/xray/bx_test_fmt_armature.object,$c/xray/bx_test_fmt.skls;$c/xray/bx_test_fmt.skls,$c/xray/bx_test_fmt_armature.object"
            "$c/grimrock/skeleton_warrior_axe.model,$c/grimrock/skeleton_warrior_axe_walk.animation;$c/grimrock/skeleton_warrior_axe_attack.animation,$c/grimrock/skeleton_warrior_axe_hit_back.animation,$c/grimrock/skeleton_warrior_axe_idle.animation,$c/grimrock/skeleton_warrior_axe_walk.animation")
  fi
fi
status=0
blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/edit_loop_test.py" -- \
  "$zip" "$out/results" "${cases[@]}" > "$out/blender.log" 2>&1 || status=$?
grep '^GAMEFMT_EDIT_LOOP ' "$out/blender.log" || true
if [ "$status" -ne 0 ]; then
  grep -E 'Error|Traceback|File "' "$out/blender.log" | tail -40
  exit 1
fi
