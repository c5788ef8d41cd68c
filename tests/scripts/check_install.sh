#!/usr/bin/env bash
# Installs a build into a temporary prefix, then builds a separate project against it twice: with
# find_package(gamefmt) and with pkg-config. Usage: check_install.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/gamefmt"
test -f "$work/prefix/share/gamefmt/gamefmt_blender.zip"
# Consumers use the build's compiler: a sanitized build's libraries need that compiler's sanitizer runtime.
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cxx=${cxx:-g++}
cmake -S "$here/../install_consumer" -B "$work/consumer" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
ninja -C "$work/consumer" >/dev/null
result=$("$work/consumer/consumer" "$here/../../samples/lugaru/Box.solid")
echo "find_package consumer: $result"
[ "${result%% *}" = "1" ]
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig" \
  "$cxx" -std=c++20 "$here/../install_consumer/main.cpp" -o "$work/pkgconfig_consumer" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig" pkg-config --cflags --libs gamefmt)
result=$("$work/pkgconfig_consumer" "$here/../../samples/lugaru/Box.solid")
echo "pkg-config consumer: $result"
[ "${result%% *}" = "1" ]
