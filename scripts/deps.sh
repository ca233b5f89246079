#!/usr/bin/env bash
# Installs the C libraries the package links (libpng, zlib, libdeflate, FreeType), the
# pkg-config that locates FreeType, the fonts the tests use, and the Python binding of Taffy
# the flexbox oracle uses (scripts/oracle), when they are missing.
# Needs root to install the system packages; without root it only reports what is missing.
set -euo pipefail
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import stretchable" >/dev/null 2>&1; then
  python3 -m pip install --quiet stretchable==1.1.8 \
    || echo "could not install stretchable (python3 -m pip install stretchable==1.1.8)" >&2
fi
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/png.h ] || missing+=(libpng-dev)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
[ -f /usr/include/libdeflate.h ] || missing+=(libdeflate-dev)
[ -d /usr/include/freetype2 ] || missing+=(libfreetype-dev)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
# The colour emoji font the text tests register (the renderer itself never reads system fonts).
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
