#!/usr/bin/env bash
# Runs each libFuzzer target of the checking build (scripts/build.sh --sanitized, built here if needed) from its
# seeds: a fixed random seed and a fixed number of inputs (FUZZ_RUNS, default 30000), at most FUZZ_SECONDS (default
# 20) each, so a CI run repeats a run made before it. FUZZ_JOBS targets run at once (default 2, one per core).
# Inputs, logs and findings go to BUILD_DIR/fuzz-runs/.
# Usage: scripts/fuzz.sh [BUILD_DIR, default build-asan]. Longer: FUZZ_RUNS=-1 FUZZ_SECONDS=600 scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
scripts/build.sh --sanitized "$build"
export FUZZ_OUT=$build/fuzz-runs FUZZ_RUNS=${FUZZ_RUNS:-30000} FUZZ_SECONDS=${FUZZ_SECONDS:-20}

# One target: copies its seeds, runs, prints its last status line; on a finding prints the log's end and fails.
run_target() {
  local fuzzer=$1 id format_id seeds work
  id=$(basename "$fuzzer")
  format_id=${id#fuzz_}
  seeds=fuzz/seeds/${format_id//_/-}  # targets are named fuzz_<id with _>, seed folders by format id
  work=$FUZZ_OUT/corpus/$id
  mkdir -p "$work"
  [ -d "$seeds" ] && cp -n "$seeds"/* "$work"/ 2>/dev/null || true
  if ! "$fuzzer" -artifact_prefix="$FUZZ_OUT/$id-" -seed=1 -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_SECONDS" \
      -rss_limit_mb=2048 -timeout=10 -print_final_stats=0 "$work" > "$FUZZ_OUT/$id.log" 2>&1; then
    echo "fuzz: $id FOUND A PROBLEM (log: $FUZZ_OUT/$id.log)"
    tail -40 "$FUZZ_OUT/$id.log"
    return 1
  fi
  echo "fuzz: $id: $(grep -E '^Done [0-9]+ runs' "$FUZZ_OUT/$id.log" | tail -1)"
}
export -f run_target
mkdir -p "$FUZZ_OUT"
mapfile -t targets < <(find "$build/fuzz" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x | sort)
echo "fuzz: ${#targets[@]} targets, $FUZZ_RUNS inputs or ${FUZZ_SECONDS}s each, ${FUZZ_JOBS:-2} at a time"
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-2}" -I{} bash -c 'run_target "$1"' _ {}
