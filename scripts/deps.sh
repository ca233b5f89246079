#!/usr/bin/env bash
# Installs the C libraries the package links (libpng, zlib, libdeflate, FreeType), the
# pkg-config that locates FreeType, and the fonts the tests use, when they are missing.
# Needs root to install; without root it only reports what is missing.
set -euo pipefail
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
