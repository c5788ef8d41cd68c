#!/usr/bin/env bash
# The layers' boundaries, read from the source tree: only assimp_importers/ includes Assimp's headers (the
# conversion library reaches Assimp's own formats through gamefmt/assimp/assimp.hpp), and the format
# library (libformats/) includes nothing of the layers above it.
# Usage: check_layers.sh SOURCE_DIR
set -euo pipefail
cd "$1"
failed=0
sources() { find "$@" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -not -path '*/build*'; }
if found=$(sources . -not -path './assimp_importers/*' | xargs grep -n '#include <assimp/' 2>/dev/null); then
  echo "check_layers: Assimp's headers included outside assimp_importers/:"
  echo "$found"
  failed=1
fi
if found=$(sources libformats | xargs grep -nE '#include "gamefmt/(scene|adapters|gltf|assimp|conversion)' 2>/dev/null); then
  echo "check_layers: libformats/ includes a layer above it:"
  echo "$found"
  failed=1
fi
[ "$failed" = 0 ] && echo "check_layers: the layers' boundaries hold"
exit "$failed"
