#!/usr/bin/env bash
# Converts every sample (and every corpus file gamefmt reads, when GAMEFMT_CORPUS is set) to .glb and .gltf
# with the given gamefmt program, and textured corpus models with their game data (X-Ray as .gltf with images beside,
# Grimrock as .glb), and runs the Khronos glTF validator over the results (a .gltf's files read from its folder).
# Also validates the synthetic bridge scenes (skin, morph target, animations) written by FIXTURES_BINARY.
# Usage: validate_outputs.sh GAMEFMT_BINARY OUTPUT_DIR [FIXTURES_BINARY]. Exit 77 (skipped) without the validator.
set -euo pipefail
gamefmt=$1
out=$2
fixtures=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
node_dir=$here/../node
if ! command -v node >/dev/null || [ ! -d "$node_dir/node_modules/gltf-validator" ]; then
  echo "skipped: gltf-validator is not installed (run scripts/setup.sh)"
  exit 77
fi
rm -rf "$out"
mkdir -p "$out/samples"
"$gamefmt" convert "$here/../../samples" -o "$out/samples/glb" --to glb
"$gamefmt" convert "$here/../../samples" -o "$out/samples/gltf" --to gltf
[ -z "$fixtures" ] || "$fixtures" "$out/synthetic"
if [ -n "${GAMEFMT_CORPUS:-}" ]; then
  # Every corpus file of a format gamefmt reads; the validator only sees what converted.
  "$gamefmt" convert "$GAMEFMT_CORPUS" -o "$out/corpus" --to glb || echo "note: some corpus files did not convert"
  # Textured: X-Ray models with their gamedata (as .gltf, images beside), Grimrock models with their mod.
  mkdir -p "$out/textured"
  for model in "$GAMEFMT_CORPUS"/xray/rad_*.ogf; do
    "$gamefmt" -q convert "$model" --gamedata "$GAMEFMT_CORPUS/xray/gamedata" -o "$out/textured/$(basename "$model" .ogf).gltf"
  done
  for model in "$GAMEFMT_CORPUS"/grimrock/*.model; do
    "$gamefmt" -q convert "$model" --gamedata "$GAMEFMT_CORPUS/grimrock/mod" -o "$out/textured/$(basename "$model" .model).glb"
  done
fi
mapfile -t files < <(find "$out" -type f \( -name '*.glb' -o -name '*.gltf' \) | sort)
echo "validating ${#files[@]} files"
node "$node_dir/validate.mjs" "${files[@]}" > "$out/report.txt" || { grep -B1 -E '^  (error)' "$out/report.txt" | head -50; grep -v ' 0 errors' "$out/report.txt" | head -20; exit 1; }
grep -c ': 0 errors' "$out/report.txt" | sed 's/$/ files with 0 errors/'
