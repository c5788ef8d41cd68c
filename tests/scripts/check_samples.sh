#!/usr/bin/env bash
# Writes the samples made in code (gamefmt_sample_files) into OUTPUT_DIR and compares each folder it writes with
# the committed one under samples/, byte for byte: a file that differs or is missing fails the test, and so does a
# committed file the program does not write, except in folders written by hand (the Grimrock mod's Lua scripts/).
# Usage: check_samples.sh GENERATOR OUTPUT_DIR
set -euo pipefail
generator=$1
out=$2
samples=$(cd "$(dirname "$0")/../../samples" && pwd)
rm -rf "$out"
"$generator" "$out"
status=0
for folder in "$out"/*/; do
  family=$(basename "$folder")
  diff -r -x scripts "$folder" "$samples/$family" || status=1
done
if [ "$status" -ne 0 ]; then
  echo "samples/ differs from what gamefmt_sample_files writes: run it with the samples folder as its argument" \
    "(build/tests/gamefmt_sample_files samples) and commit the result"
  exit 1
fi
echo "samples made in code are up to date: $(cd "$out" && echo */ | tr -d /)"
