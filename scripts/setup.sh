#!/usr/bin/env bash
# Installs what gamefmt needs on Debian 12. Safe to run again: it installs only what is missing.
#   scripts/setup.sh              build + test dependencies and the glTF validator
#   scripts/setup.sh --blender    also Blender and numpy for the Blender import tests and the add-on tests, and
#                                 godot3-server (Godot 3.2's headless editor, 21 MB) for the Godot import test
set -euo pipefail
cd "$(dirname "$0")/.."

# libpng-dev: the PNG writer; libsquish-dev, libstb-dev, python3-pil: independent image decoders the tests compare with.
# time: GNU time, for the peak memory scripts/memory_sweep.sh measures.
packages=(cmake ninja-build g++ pkg-config git time libassimp-dev libglm-dev libtinygltf-dev nlohmann-json3-dev catch2
          libcli11-dev zlib1g-dev libdeflate-dev libzstd-dev liblua5.1-0-dev libbenchmark-dev clang-14 clang-format-14 libclang-rt-14-dev python3 ccache
          libpng-dev libsquish-dev libstb-dev python3-pil)
if [ "${1:-}" = "--blender" ]; then packages+=(blender python3-numpy godot3-server); fi
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Khronos glTF validator (npm package gltf-validator), pinned by tests/node/package-lock.json.
if [ ! -d tests/node/node_modules/gltf-validator ]; then
  (cd tests/node && npm ci --no-audit --no-fund --loglevel=error)
fi
