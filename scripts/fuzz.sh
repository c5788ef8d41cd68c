#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 and runs each from its seeds: a fixed random seed and a fixed number
# of inputs (FUZZ_RUNS, default 30000), at most FUZZ_SECONDS (default 20) each, so a CI run repeats a run made
# before it. For longer fuzzing: FUZZ_RUNS=-1 FUZZ_SECONDS=600 scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-20}
runs=${FUZZ_RUNS:-30000}
CXX=clang++-14 scripts/build.sh build-fuzz -DCMAKE_CXX_COMPILER=clang++-14 -DGAMEFMT_BUILD_FUZZERS=ON \
  -DGAMEFMT_BUILD_TESTS=OFF -DGAMEFMT_BUILD_TOOLS=OFF -DGAMEFMT_BUILD_BENCHMARKS=OFF
for fuzzer in build-fuzz/fuzz/fuzz_*; do
  id=$(basename "$fuzzer")
  format_id=${id#fuzz_}
  seeds=fuzz/seeds/${format_id//_/-}  # targets are named fuzz_<id with _>, seed folders by format id
  work=build-fuzz/corpus/$id
  mkdir -p "$work"
  [ -d "$seeds" ] && cp -n "$seeds"/* "$work"/ 2>/dev/null || true
  echo "fuzz: $id ($runs inputs, at most ${seconds}s)"
  "$fuzzer" -artifact_prefix=build-fuzz/ -seed=1 -runs="$runs" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=0 "$work" \
    > "build-fuzz/$id.log" 2>&1 || { tail -40 "build-fuzz/$id.log"; exit 1; }
  grep -E '^#[0-9]+ *DONE' "build-fuzz/$id.log" | tail -1 || true
done
