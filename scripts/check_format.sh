#!/usr/bin/env bash
# Checks every C++ source file of the repository against .clang-format (clang-format 14, as CI has it).
# `scripts/check_format.sh --fix` rewrites the files that differ instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format-14 -i "${files[@]}"
  exit 0
fi
if ! clang-format-14 --dry-run --Werror "${files[@]}"; then
  echo "check_format: the files above differ from .clang-format (scripts/check_format.sh --fix rewrites them)"
  exit 1
fi
echo "check_format: ${#files[@]} files follow .clang-format"
