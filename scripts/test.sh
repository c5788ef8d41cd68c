#!/usr/bin/env bash
# The whole test suite (and CI's job): installs what is missing, then
#   0. checks that every C++ source file follows .clang-format;
#   1. builds once with clang, AddressSanitizer + UndefinedBehaviorSanitizer and the libFuzzer targets (build-asan/);
#   2. runs every test there, two at a time: unit, sweeps, CLI, corpus, glTF validator, Blender import and add-on,
#      install;
#   3. runs each fuzz target of that build from its seeds;
#   4. runs the demo (README's first command: a release build of the command line converting the samples).
# The real-file tests use GAMEFMT_CORPUS; when it is unset and ../shared/corpus exists, that is used.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
scripts/setup.sh --blender
if [ -z "${GAMEFMT_CORPUS:-}" ] && [ -d ../shared/corpus ]; then
  GAMEFMT_CORPUS=$(cd ../shared/corpus && pwd)
  export GAMEFMT_CORPUS
fi
echo "== source format (clang-format-14)"
scripts/check_format.sh
echo "== build (clang-14, ASan + UBSan, fuzz targets)"
scripts/build.sh --sanitized build-asan
echo "== tests"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest -j2 --output-on-failure)
echo "== fuzzing"
scripts/fuzz.sh build-asan
echo "== demo"
scripts/demo.sh
echo "== all passed in $((SECONDS - start)) s"
