#!/usr/bin/env bash
# The whole test suite: installs what is missing, then
#   1. builds (build/) and runs every test: unit, CLI, sweeps, corpus, glTF validator, Blender import;
#   2. builds again with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/) and runs the tests there;
#   3. builds the libFuzzer targets and runs each briefly.
# The real-file tests use GAMEFMT_CORPUS; when it is unset and ../shared/corpus exists, that is used.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --blender
if [ -z "${GAMEFMT_CORPUS:-}" ] && [ -d ../shared/corpus ]; then
  GAMEFMT_CORPUS=$(cd ../shared/corpus && pwd)
  export GAMEFMT_CORPUS
fi
echo "== build and test"
scripts/build.sh build
(cd build && ctest --output-on-failure)
echo "== sanitizers (ASan + UBSan)"
scripts/build.sh build-asan -DGAMEFMT_SANITIZE=ON -DGAMEFMT_BUILD_BENCHMARKS=OFF
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -E "blender_import|blender_addon|install_package")
echo "== fuzzing"
scripts/fuzz.sh
echo "== all tests"
(cd build && ctest 2>&1 | tail -n 3)
