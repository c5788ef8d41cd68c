#!/usr/bin/env bash
# Installs a build into a temporary prefix, then builds the README's C++ example (tests/install_consumer/main.cpp,
# which must be the README's code block word for word) as a separate project against it twice: with
# find_package(gamefmt) and with pkg-config, neither asking for C++20 itself (the package must say it needs it).
# Usage: check_install.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
example=$here/../install_consumer/main.cpp
readme=$here/../../README.md
box=$here/../../samples/lugaru/Box.solid
samples=$here/../../samples/lugaru

# The README shows the example: the first ```cpp block after "## C++ API".
awk '/^## C\+\+ API/ {section = 1} section && /^```cpp$/ {block = 1; next} block && /^```$/ {exit} block {print}' \
  "$readme" > "$work.readme_example.cpp"
if ! diff -u "$example" "$work.readme_example.cpp"; then
  echo "check_install: README's C++ example differs from tests/install_consumer/main.cpp (above)"
  exit 1
fi
rm -f "$work.readme_example.cpp"

rm -rf "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/gamefmt"
test -f "$work/prefix/share/gamefmt/gamefmt_blender.zip"
# Consumers use the build's compiler: a sanitized build's libraries need that compiler's sanitizer runtime.
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cxx=${cxx:-g++}
# The public surface stays small: the format structs, errors and warnings, the scene model, the conversion
# library and the two bridges.
headers=$(find "$work/prefix/include" -name '*.hpp' | wc -l)
echo "installed headers: $headers"
if [ "$headers" -gt 40 ]; then
  echo "check_install: $headers headers installed, more than 40"
  exit 1
fi
# Each consumer converts Box.solid (1 mesh) to a .glb, and the Lugaru samples folder to a folder of .glb files.
check_run() {
  local program=$1 label=$2 result count
  result=$("$program" "$box" "$work/$label.glb")
  echo "$label consumer: $result"
  [ "$result" = "Lugaru model: 1 meshes, 0 animations" ]
  [ "$(head -c 4 "$work/$label.glb")" = "glTF" ]
  count=$(find "$samples" -name '*.solid' | wc -l)
  result=$("$program" "$samples" "$work/$label-folder")
  echo "$label consumer, folder: $result"
  [ "$result" = "$count of $count files converted" ]
  [ "$(find "$work/$label-folder" -name '*.glb' | wc -l)" = "$count" ]
}
cmake -S "$here/../install_consumer" -B "$work/consumer" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
ninja -C "$work/consumer" >/dev/null
check_run "$work/consumer/consumer" find_package
pc_path="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig"
# shellcheck disable=SC2046  # pkg-config's flags are split on purpose
"$cxx" "$example" -o "$work/pkgconfig_consumer" $(PKG_CONFIG_PATH="$pc_path" pkg-config --cflags --libs gamefmt)
check_run "$work/pkgconfig_consumer" pkg-config
