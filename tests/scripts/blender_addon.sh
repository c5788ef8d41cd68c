#!/usr/bin/env bash
# Installs the Blender add-on zip into a throw-away Blender user folder and runs tests/blender/addon_test.py
# headless: every format's operators, import and export of every sample, an edited .solid, error reports.
# Usage: blender_addon.sh GAMEFMT_BINARY ADDON_ZIP OUTPUT_DIR. Exit 77 (skipped) when Blender is not installed.
set -euo pipefail
gamefmt=$(realpath "$1")
zip=$(realpath "$2")
out=$3
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
rm -rf "$out"
mkdir -p "$out/user/scripts" "$out/user/config"
out=$(realpath "$out")
# Blender writes its settings under these folders; the add-on is installed into BLENDER_USER_SCRIPTS.
export HOME="$out/user" BLENDER_USER_SCRIPTS="$out/user/scripts" BLENDER_USER_CONFIG="$out/user/config"
# The add-on finds gamefmt on PATH until the test sets its preference (under its own name, whatever the binary's).
mkdir -p "$out/path"
ln -sf "$gamefmt" "$out/path/gamefmt"
export PATH="$out/path:$PATH"
# Under a sanitizer build, LeakSanitizer reports the format handlers that format_registry.cpp deliberately keeps
# for the whole program, and gamefmt then exits 1; this test is about the add-on, so leaks are not checked here.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
status=0
blender -b --factory-startup -noaudio --python-exit-code 1 --python "$here/../blender/addon_test.py" -- \
  "$gamefmt" "$zip" "${GAMEFMT_ADDON_SAMPLES:-$here/../../samples}" "$out/results" > "$out/blender.log" 2>&1 || status=$?
grep '^GAMEFMT_ADDON ' "$out/blender.log" || true
if [ "$status" -ne 0 ]; then
  grep -E 'Error|Traceback|File "' "$out/blender.log" | tail -40
  exit 1
fi
