#!/usr/bin/env bash
# Peak memory of `gamefmt convert` on inputs that are not what they claim: all-zero and random files of each
# size, named as every format gamefmt reads, converted to .glb. Prints one line per run (format, content, size,
# peak resident memory, its ratio to the input, exit status) and, at the end, the runs over the target
# 64 MiB + 4 x the input; exits 1 when there is one.
#   scripts/memory_sweep.sh GAMEFMT_BINARY [SIZE_MIB ...]      (default sizes: 1 16 64 256)
# Needs GNU time (/usr/bin/time, Debian package `time`).
set -euo pipefail
gamefmt=$(realpath "$1")
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 16 64 256)
if [ ! -x /usr/bin/time ]; then
  echo "memory_sweep: /usr/bin/time is missing (apt-get install time)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every extension a format reads (`gamefmt formats --json`), and the well-known names (X-Ray's `level`).
mapfile -t names < <("$gamefmt" formats --json | python3 -c '
import json, sys
formats = json.load(sys.stdin)["formats"]
for f in formats:
    if not f.get("read") and not f.get("rewrite"):
        continue
    for ext in f.get("extensions", []):
        print("input." + ext)
    for name in f.get("file_names", []):
        print(name)
' | sort -u)
over=()
printf '%-16s %-7s %8s %12s %7s %s\n' input content MiB "peak MiB" ratio status
for size in "${sizes[@]}"; do
  for content in zero random; do
    source="$work/source.bin"
    if [ "$content" = zero ]; then
      head -c "$((size << 20))" /dev/zero > "$source"
    else
      head -c "$((size << 20))" /dev/urandom > "$source"
    fi
    for name in "${names[@]}"; do
      mkdir -p "$work/in"
      ln -f "$source" "$work/in/$name"
      status=0
      /usr/bin/time -f "%M" -o "$work/peak" "$gamefmt" -q convert "$work/in/$name" -o "$work/out.glb" \
        >/dev/null 2>&1 || status=$?
      rm -f "$work/in/$name" "$work/out.glb"
      peak_kib=$(tail -1 "$work/peak")
      peak_mib=$((peak_kib / 1024))
      ratio=$(python3 -c "print(f'{$peak_kib / 1024 / $size:.2f}')")
      printf '%-16s %-7s %8d %12d %7s %s\n' "$name" "$content" "$size" "$peak_mib" "$ratio" "$status"
      if [ "$peak_mib" -gt $((64 + 4 * size)) ]; then over+=("$name $content $size MiB: $peak_mib MiB"); fi
    done
  done
done
if [ ${#over[@]} -gt 0 ]; then
  echo "over 64 MiB + 4 x the input:"
  printf '  %s\n' "${over[@]}"
  exit 1
fi
echo "every run within 64 MiB + 4 x the input"
