#!/usr/bin/env bash
# Fails, naming file:line, when a file of the source tree cites something outside the repository: the format
# notes of the project's research (`../shared/...`, `DESIGN.md`, `xray-sdk.md`, "the format notes", "option A of
# the notes", "notes C.3", "wolfire.md §3"...). Facts and their public sources belong in docs/formats/<family>.md,
# and citations point there (docs/adding-a-format.md, place 12).
#
# Allowed: the corpus location, a path used at run time rather than a citation (GAMEFMT_CORPUS's default in
# scripts/test.sh and the README's set-up sentence), and the symbolic link named "../shared/rat.dds" that
# tests/unit/hostile_files_tests.cpp makes inside a temporary folder.
#
# Usage: no_outside_citations.sh SOURCE_DIR. In a git checkout the files are those git tracks or would track
# (ignored files such as build folders left out); elsewhere the tree is walked without build*/, out/,
# node_modules/ and __pycache__/. Binary files are skipped.
set -euo pipefail
root=${1:?usage: no_outside_citations.sh SOURCE_DIR}
cd "$root"
self=tests/scripts/no_outside_citations.sh

# What a citation outside the repository looks like (Perl regular expressions, case ignored).
patterns=(
  '\.\./shared\b'                                         # the shared folder beside the checkout
  '(?<![\w.-])shared/(formats|corpus|design)'             # its folders, however reached
  '\bDESIGN\.md\b'
  '\b(xray-sdk|wolfire|shinobi-vxl-asobo|surfaces-and-levels|assimp-gltf-blender)\.md\b'  # the notes' files
  '(?<!docs/formats/)(?<![\w/-])xray\.md\b'               # xray.md is fine only as docs/formats/xray.md
  '(?<!docs/)(?<![\w-])formats/[\w-]+\.md\b'              # formats/x.md is fine only under docs/
  '\bformat notes\b|\bresearch notes\b|\bformats. notes\b'
  '\bthe notes\b|\bnotes. (check|test vectors)\b'
  '\bnotes [A-C]\.[0-9]|\bnotes §|\.md ?§|\boption [AB] of\b'
)
# file, then a Perl regular expression its allowed line matches (the backquotes are Markdown's).
# shellcheck disable=SC2016
allowed=(
  'scripts/test.sh' '\.\./shared/corpus'
  'README.md' '^`\.\./shared/corpus` when that folder exists\)'
  'tests/unit/hostile_files_tests.cpp' '^\s*link\("\.\./shared/rat\.dds", '
)

list_files() {
  if command -v git >/dev/null && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard
  else
    find . \( -name '.git' -o -path './build*' -o -path './out' -o -name node_modules -o -name __pycache__ \) \
      -prune -o -type f -print0 | sed -z 's|^\./||'
  fi
}

is_allowed() {  # FILE LINE_TEXT
  local i
  for ((i = 0; i < ${#allowed[@]}; i += 2)); do
    if [ "$1" = "${allowed[i]}" ] && printf '%s\n' "$2" | grep -qP -- "${allowed[i + 1]}"; then
      return 0
    fi
  done
  return 1
}

joined=$(IFS='|'; echo "${patterns[*]}")
found=0
# -H: name the file; -I: binary files have no citations; -P: lookbehinds; -i: any spelling.
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  text=${rest#*:}
  [ "$file" = "$self" ] && continue
  if is_allowed "$file" "$text"; then continue; fi
  echo "$file:$line: cites something outside the repository: $text"
  found=$((found + 1))
done < <(list_files | xargs -0 grep -HnIiP -- "$joined" 2>/dev/null || true)

if [ "$found" -gt 0 ]; then
  echo "no_outside_citations: $found citation(s) outside the repository; point them at docs/formats/<family>.md" \
       "or docs/adding-a-format.md"
  exit 1
fi
echo "no_outside_citations: every citation points inside the repository"
