#!/usr/bin/env python3
"""Text oracles: what HarfBuzz, ICU and FriBidi themselves answer for a corpus.

    text_oracle.py shape CORPUS       glyphs and positions from HarfBuzz (uharfbuzz)
    text_oracle.py breaks CORPUS      line break opportunities from ICU (PyICU)
    text_oracle.py graphemes CORPUS   grapheme cluster boundaries from ICU (PyICU)
    text_oracle.py bidi CORPUS        visual order of each paragraph from FriBidi (the
                                      fribidi command) and from ICU (PyICU's Bidi)

Each prints JSON on standard output: {"cases": [{"id": ..., ...}]} in corpus order.

Shaping: each case is one run in one font. The buffer gets the text's code points, the
direction and script HarfBuzz guesses from them (the first character whose script is
not Common or Inherited; an all-Common run shapes as Common), no language unless the
case names one, and the case's features. The font's scale is its units per em, so
positions are in font units; they are scaled to points by size / units per em. Glyph
positions are pen + offset along the line, y down.

Fonts: a file name is one shipped in Sources/CEmbeddedFonts/Fonts; "pinned:NAME#I" is
face I of a pinned package font under /usr/share/fonts (see PinnedFonts.swift).

Line breaks: ICU's line break iterator for the case's locale (the root locale when it
names none), as offsets in code points where a line may end, each with whether it must.
Grapheme clusters: ICU's character break iterator, as end offsets in code points.
Bidi: for each case, its paragraph direction ("auto", "ltr" or "rtl") and the code
point indices in visual order, left to right (FriBidi: --vtol of the fribidi command;
ICU: ubidi_getVisualMap through PyICU).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "Sources" / "CEmbeddedFonts" / "Fonts"
PINNED = {
    "NotoSansCJK-Regular.ttc": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJK-Bold.ttc": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "NotoColorEmoji.ttf": "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
}


def font_path(spec: str) -> tuple[str, int]:
    """The file and face index a corpus font names."""
    if spec.startswith("pinned:"):
        name, _, index = spec[len("pinned:"):].partition("#")
        return PINNED[name], int(index or 0)
    return str(SHIPPED / spec), 0


def utf16_to_code_points(text: str) -> list[int]:
    """For each UTF-16 offset (and the end), the code point index it starts."""
    out = []
    for i, ch in enumerate(text):
        out.append(i)
        if ord(ch) > 0xFFFF:
            out.append(i)
    out.append(len(text))
    return out


def shape(cases: list[dict]) -> list[dict]:
    import uharfbuzz as hb

    fonts: dict[tuple[str, int], tuple] = {}
    out = []
    for case in cases:
        path, index = font_path(case["font"])
        if (path, index) not in fonts:
            blob = hb.Blob.from_file_path(path)
            face = hb.Face(blob, index)
            font = hb.Font(face)
            font.scale = (face.upem, face.upem)
            fonts[(path, index)] = (font, face.upem)
        font, upem = fonts[(path, index)]
        text = case["text"]
        buf = hb.Buffer()
        buf.add_codepoints([ord(c) for c in text])
        buf.guess_segment_properties()
        buf.language = case.get("language") or ""  # "" is no language
        if buf.script in ("Zzzz", None):
            buf.script = "Zyyy"
        features = {tag: value for tag, value in case.get("features", {}).items()}
        hb.shape(font, buf, features)
        scale = case["size"] / upem
        pen = 0
        glyphs = []
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            glyphs.append({
                "glyph": info.codepoint,
                "cluster": info.cluster,
                "x": (pen + pos.x_offset) * scale,
                "y": -pos.y_offset * scale,
                "advance": pos.x_advance * scale,
            })
            pen += pos.x_advance
        out.append({"id": case["id"], "direction": buf.direction, "script": buf.script,
                    "glyphs": glyphs, "width": pen * scale})
    return out


def breaks(cases: list[dict]) -> list[dict]:
    import icu

    out = []
    for case in cases:
        text = case["text"]
        locale = icu.Locale(case["language"]) if case.get("language") else icu.Locale.getRoot()
        it = icu.BreakIterator.createLineInstance(locale)
        it.setText(text)
        cp = utf16_to_code_points(text)
        found = []
        for b in it:
            status = it.getRuleStatus()
            found.append([cp[b], 100 <= status < 200])
        out.append({"id": case["id"], "breaks": found})
    return out


def graphemes(cases: list[dict]) -> list[dict]:
    import icu

    out = []
    for case in cases:
        text = case["text"]
        it = icu.BreakIterator.createCharacterInstance(icu.Locale.getRoot())
        it.setText(text)
        cp = utf16_to_code_points(text)
        out.append({"id": case["id"], "ends": [cp[b] for b in it]})
    return out


def fribidi_order(text: str, direction: str) -> list[int]:
    flag = {"auto": "--wltr", "ltr": "--ltr", "rtl": "--rtl"}[direction]
    result = subprocess.run(["fribidi", "--nopad", "--nobreak", "--novisual", "--vtol", flag],
                            input=text + "\n", capture_output=True, text=True, check=True)
    return [int(v) for v in result.stdout.split()]


def icu_order(text: str, direction: str) -> list[int]:
    import icu

    bidi = icu.Bidi()
    level = {"auto": 0xFE, "ltr": 0, "rtl": 1}[direction]
    source = icu.UnicodeString(text)  # kept alive: ICU reads it in place
    bidi.setPara(source, level)
    units = bidi.getVisualMap()
    cp = utf16_to_code_points(text)
    order: list[int] = []
    for u in units:
        # -1 marks removed controls; a surrogate pair's two units sit side by side.
        if u >= 0 and (not order or order[-1] != cp[u]):
            order.append(cp[u])
    return order


def bidi(cases: list[dict]) -> list[dict]:
    out = []
    for case in cases:
        direction = case.get("direction", "auto")
        out.append({"id": case["id"], "fribidi": fribidi_order(case["text"], direction),
                    "icu": icu_order(case["text"], direction)})
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("shape", "breaks", "graphemes", "bidi"):
        print(__doc__, file=sys.stderr)
        return 2
    corpus = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
    cases = corpus["cases"]
    result = {"shape": shape, "breaks": breaks, "graphemes": graphemes, "bidi": bidi}[argv[1]](cases)
    json.dump({"cases": result}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
