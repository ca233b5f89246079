#!/usr/bin/env bash
# Installs what the package links and what its tests compare against, when missing:
# - C libraries: libpng, libjpeg-turbo, libwebp, librsvg (SVG, with cairo), zlib, libdeflate, FreeType, HarfBuzz, ICU, fontconfig, libcrypto
#   (for the pinned fonts' SHA-256), and pkg-config, which locates them;
# - ffmpeg, which `render frames -o out.mp4|.webm|.gif` runs;
# - fonts: DejaVu, Debian's Noto core set (scripts the shipped fonts do not cover), Noto
#   Sans CJK and Noto Color Emoji (the pinned fonts of `--fonts bundled` and the goldens);
# - oracles: the fribidi command, djpeg, dwebp/cwebp and rsvg-convert (the JPEG, WebP and
#   SVG libraries' own tools), and from PyPI the Python binding of Taffy (flexbox),
#   uharfbuzz 0.33.0 (HarfBuzz 6.0.0, the version Debian 12 links) and PyICU (built
#   against the system's ICU), tinycss2 1.4.0 (CSS colours) and jsonschema 4.26.0 (the
#   scene schema);
# - for the browser test of `render serve` (scripts/serve_test.py): Debian's chromium and
#   chromium-driver, and selenium 4.51.0 from PyPI to drive them.
# Needs root to install the system packages; without root it only reports what is missing.
set -euo pipefail
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
[ -f /usr/include/png.h ] || missing+=(libpng-dev)
[ -f /usr/include/jpeglib.h ] || missing+=(libjpeg62-turbo-dev)
[ -f /usr/include/webp/encode.h ] || missing+=(libwebp-dev)
[ -f /usr/include/librsvg-2.0/librsvg/rsvg.h ] || missing+=(librsvg2-dev)
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
command -v djpeg >/dev/null 2>&1 || missing+=(libjpeg-turbo-progs)
command -v dwebp >/dev/null 2>&1 || missing+=(webp)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
[ -f /usr/include/libdeflate.h ] || missing+=(libdeflate-dev)
[ -d /usr/include/freetype2 ] || missing+=(libfreetype-dev)
[ -f /usr/include/harfbuzz/hb.h ] || missing+=(libharfbuzz-dev)
[ -f /usr/include/unicode/ubidi.h ] || missing+=(libicu-dev)
[ -f /usr/include/fontconfig/fontconfig.h ] || missing+=(libfontconfig-dev)
[ -f /usr/include/openssl/evp.h ] || missing+=(libssl-dev)
command -v fribidi >/dev/null 2>&1 || missing+=(libfribidi-bin)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ -f /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ] || missing+=(fonts-noto-core)
[ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# pin MODULE_CHECK PACKAGE==VERSION: installs the pinned package unless the check passes;
# a package that does not install is named, and the script then ends with status 1.
failed=()
pin() {
  python3 -c "$1" >/dev/null 2>&1 || python3 -m pip install --quiet "$2" || failed+=("$2")
}
if command -v python3 >/dev/null 2>&1; then
  pin "import stretchable" stretchable==1.1.8
  pin "import uharfbuzz; assert uharfbuzz.version_string() == '6.0.0'" uharfbuzz==0.33.0
  pin "import tinycss2; assert tinycss2.__version__ == '1.4.0'" tinycss2==1.4.0
  pin "import importlib.metadata as m; assert m.version('jsonschema') == '4.26.0'" jsonschema==4.26.0
  pin "import selenium; assert selenium.__version__ == '4.51.0'" selenium==4.51.0
  pin "import icu" PyICU==2.17  # built against the system's ICU; needs libicu-dev and g++
else
  failed+=(python3)
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "deps.sh: could not install ${failed[*]} (python3 -m pip install ${failed[*]}); the tests that compare against them need them" >&2
  exit 1
fi
