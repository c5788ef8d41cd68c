#!/usr/bin/env bash
# The way back through Blender: corpus files converted to .glb, imported into headless Blender and exported
# unchanged (extras and tangents on), converted back to their formats and compared with the originals. The corpus
# tests tagged TAG do it: [blender-wayback] (default) for Grimrock's skeleton_warrior_axe and its walk
# (tests/corpus/shinobi_corpus_tests.cpp) and X-Ray SDK paths, motions and objects
# (tests/corpus/xray_sdk_blender_way_back_tests.cpp); [blender-wayback-xray-omf] for X-Ray motions
# (tests/corpus/xray_omf_way_back_corpus_tests.cpp).
# [blender-wayback-phoenix] (the unit test binary) takes the Overgrowth sample rig through Blender
# (tests/unit/phoenix_way_back_tests.cpp); it needs no corpus.
# Usage: blender_way_back.sh TESTS_BINARY [TAG]. Exit 77 without Blender (or, from the corpus binary, GAMEFMT_CORPUS).
set -euo pipefail
if ! command -v blender >/dev/null; then
  echo "skipped: blender is not installed"
  exit 77
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
exec "$1" "${2:-[blender-wayback]}"
