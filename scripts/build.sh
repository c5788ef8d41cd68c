#!/usr/bin/env bash
# Configures (once) and builds one build folder.
#   scripts/build.sh DIR [cmake options...]
#   scripts/build.sh --sanitized [DIR]   the checking build (default build-asan): clang-14, AddressSanitizer +
#                                        UndefinedBehaviorSanitizer on everything, with the libFuzzer targets, whose
#                                        coverage then reaches into the libraries. Tests and fuzzers share it.
# GAMEFMT_BUILD_TARGETS: build only these targets (the demo builds gamefmt_cli). GAMEFMT_BUILD_JOBS: parallel jobs.
# ccache is used when installed (setup.sh installs it): paths are hashed relative to the checkout, so a fresh clone
# reuses what an earlier one compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  echo "usage: scripts/build.sh DIR [cmake options...] | scripts/build.sh --sanitized [DIR]" >&2
  exit 2
fi
if [ "$1" = "--sanitized" ]; then
  dir=${2:-build-asan}
  set -- -DCMAKE_CXX_COMPILER=clang++-14 -DGAMEFMT_SANITIZE=ON -DGAMEFMT_BUILD_FUZZERS=ON -DGAMEFMT_BUILD_BENCHMARKS=OFF
else
  dir=$1
  shift
fi
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  set -- -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@"
fi
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
fi
# shellcheck disable=SC2086  # the target list is split on purpose
ninja -C "$dir" -j "${GAMEFMT_BUILD_JOBS:-2}" ${GAMEFMT_BUILD_TARGETS:-}
