#!/usr/bin/env bash
# The way back through Blender (the corpus tests tagged [blender-wayback]): Grimrock's skeleton_warrior_axe and
# its walk converted to .glb, imported into headless Blender and exported unchanged (extras and tangents on),
# converted back to .model and .animation and compared with the originals (tests/corpus/shinobi_corpus_tests.cpp);
# likewise X-Ray SDK paths, motions and objects (tests/corpus/xray_sdk_blender_wayback_tests.cpp).
# Usage: blender_grimrock_wayback.sh CORPUS_TESTS_BINARY. Exit 77 without Blender or GAMEFMT_CORPUS.
set -euo pipefail
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
exec "$1" "[blender-wayback]"
