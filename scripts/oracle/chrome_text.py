"""Text leaves for chrome_map.py: a scene's `Text` node as a div holding its text.

The div is a `display: block` flex item (every other node is a flex container) set in
the font file the engine uses, loaded with @font-face from Sources/CEmbeddedFonts/Fonts
under a family name of its own ("oracle Inter", "oracle DejaVu Sans"), so a font that
fails to load cannot fall back to an installed copy. It gets the scene font's size in px
(1 pt = 1 px), its weight name as a CSS weight (regular 400, medium 500, semibold 600,
bold 700, ...; `font-synthesis: none`), `white-space: normal; overflow-wrap: normal;
word-break: normal` and an explicit `line-height` in px: the Text's `lineHeight`, or else
the engine's "normal" line height, the font's hhea ascender - descender + lineGap (a
negative lineGap counts as 0) in units of the em, times the size (unrounded).

Chrome's glyph advances on this page are HarfBuzz's unhinted fractional advances with
the fonts' default features (kerning and ligatures on); no `text-rendering`,
`font-kerning`, font smoothing or scale factor setting changes them. A single-line
span's width matches uharfbuzz's advance sum to within Chrome's 1/64 px layout units.

A page with Text reads its frames only once every @font-face has loaded (each face's
FontFace.load(), then document.fonts.ready), and is run with `--virtual-time-budget` so
that `--dump-dom` waits for that; a face that fails leaves the page without frames (an
error), never with frames measured in a fallback font. Such a page also writes each
Text's line boxes (one client rect per line of its text node) into <pre id="lines">.

Props a CSS div cannot mirror are refused (SceneError): spans, maxLines, lineSpacing,
letterSpacing, features, language, an rtl direction, a family other than Inter and
DejaVu Sans, and text with a newline, tab or run of spaces (collapsed by CSS).
"""

from __future__ import annotations

import html
import json
import re
import struct
from functools import lru_cache
from pathlib import Path

from scene_values import SceneError

FONT_DIR = Path(__file__).resolve().parents[2] / "Sources" / "CEmbeddedFonts" / "Fonts"
# The families the engine registers (FontRegistry.defaultFamily, .fallbackFamily), by
# weight: the faces' own usWeightClass.
FACES = {
    "Inter": {400: "Inter-Regular.otf", 500: "Inter-Medium.otf", 600: "Inter-SemiBold.otf", 700: "Inter-Bold.otf"},
    "DejaVu Sans": {400: "DejaVuSans.ttf", 700: "DejaVuSans-Bold.ttf"},
}
DEFAULT_FAMILY = "Inter"
DEFAULT_SIZE = 17.0
WEIGHTS = {
    "thin": 100,
    "extraLight": 200,
    "light": 300,
    "regular": 400,
    "medium": 500,
    "semibold": 600,
    "bold": 700,
    "extraBold": 800,
    "black": 900,
}
ALIGNMENTS = {
    "leading": "start",
    "trailing": "end",
    "left": "left",
    "center": "center",
    "right": "right",
    "justified": "justify",
}
PREFIX = "oracle "
# Virtual milliseconds Chromium may run a page before --dump-dom (font loads pause
# virtual time, so this bounds script time, not font loading).
VIRTUAL_TIME_BUDGET = 60000
MARKER = 'data-text="1"'


# Fonts


def sfnt_tables(data: bytes) -> dict[str, bytes]:
    """The tables of an sfnt file (TrueType or CFF OpenType) by tag."""
    if len(data) < 12:
        raise ValueError("not an sfnt file")
    count = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for index in range(count):
        tag, _, offset, size = struct.unpack(">4sIII", data[12 + 16 * index : 28 + 16 * index])
        tables[tag.decode("latin-1")] = data[offset : offset + size]
    return tables


@lru_cache(maxsize=None)
def vertical_metrics(file: str) -> tuple[int, int, int, int]:
    """(ascender, descender (negative), lineGap, unitsPerEm) from the font's hhea and head tables."""
    tables = sfnt_tables((FONT_DIR / file).read_bytes())
    ascender, descender, line_gap = struct.unpack(">hhh", tables["hhea"][4:10])
    units_per_em = struct.unpack(">H", tables["head"][18:20])[0]
    return ascender, descender, line_gap, units_per_em


def normal_line_height(file: str, size: float) -> float:
    """The engine's "normal" line height: (ascender - descender + max(lineGap, 0)) * size / unitsPerEm."""
    ascender, descender, line_gap, units_per_em = vertical_metrics(file)
    return (ascender - descender + max(line_gap, 0)) * size / units_per_em


def face_file(family: str, weight: int) -> str:
    """The face CSS font matching picks for a weight among the family's faces (the engine picks the same)."""
    weights = sorted(FACES[family])
    if weight in weights:
        chosen = weight
    elif 400 <= weight <= 500:
        up = [w for w in weights if weight <= w <= 500]
        down = [w for w in weights if w < weight]
        chosen = up[0] if up else (down[-1] if down else min(w for w in weights if w > 500))
    elif weight < 400:
        down = [w for w in weights if w < weight]
        chosen = down[-1] if down else min(weights)
    else:
        up = [w for w in weights if w > weight]
        chosen = up[0] if up else max(weights)
    return FACES[family][chosen]


def font_face_css() -> str:
    rules = []
    for family, faces in FACES.items():
        for weight, file in faces.items():
            kind = "opentype" if file.endswith(".otf") else "truetype"
            rules.append(
                f"@font-face{{font-family:'{PREFIX}{family}';src:url('{(FONT_DIR / file).as_uri()}') format('{kind}');"
                f"font-weight:{weight};font-style:normal;font-display:block}}"
            )
    return "".join(rules)


# Nodes


def number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SceneError(f"{what}: expected a number, found {value!r}")
    return float(value)


def css_px(value: float) -> str:
    if value == int(value):
        return f"{int(value)}px"
    return f"{value!r}px"


def text_font(node: dict, what: str) -> tuple[str, float, int]:
    """(family, size, CSS weight) of a Text node."""
    font = node.get("font", {})
    if not isinstance(font, dict):
        raise SceneError(f"{what}.font: expected an object")
    unknown = set(font) - {"family", "size", "weight"}
    if unknown:
        raise SceneError(f"{what}.font: unsupported key {sorted(unknown)[0]!r}")
    family = font.get("family", DEFAULT_FAMILY) or DEFAULT_FAMILY
    if family not in FACES:
        raise SceneError(f"{what}.font.family: unsupported family {family!r}")
    size = number(font.get("size", DEFAULT_SIZE), f"{what}.font.size")
    if size <= 0:
        raise SceneError(f"{what}.font.size: expected a positive number")
    weight_name = font.get("weight", "regular")
    if weight_name not in WEIGHTS:
        raise SceneError(f"{what}.font.weight: unsupported value {weight_name!r}")
    return family, size, WEIGHTS[weight_name]


def line_height(node: dict, what: str) -> float:
    """The Text's line height in points: its lineHeight, else the engine's normal line height."""
    family, size, weight = text_font(node, what)
    if node.get("lineHeight") is not None:
        value = number(node["lineHeight"], f"{what}.lineHeight")
        if value < 0:
            raise SceneError(f"{what}.lineHeight: expected a number >= 0")
        return value
    return normal_line_height(face_file(family, weight), size)


UNSUPPORTED = {
    "spans": None,
    "maxLines": 0,
    "lineSpacing": 0,
    "letterSpacing": 0,
    "features": None,
    "language": None,
    "truncation": "end",
}


def text_of(node: dict, what: str) -> str:
    for key, neutral in UNSUPPORTED.items():
        if key in node and node[key] != neutral and not (neutral is None and node[key] in ({}, [], "")):
            raise SceneError(f"{what}.{key}: not supported by the Chrome text mapping")
    if node.get("direction", "auto") not in ("auto", "ltr"):
        raise SceneError(f"{what}.direction: only auto and ltr are supported")
    text = node.get("text", "")
    if not isinstance(text, str):
        raise SceneError(f"{what}.text: expected a string")
    if re.search(r"[\n\r\t\u2028\u2029]| {2}|^ | $", text):
        raise SceneError(f"{what}.text: newlines, tabs and leading, trailing or repeated spaces are not supported")
    return text


def text_css(node: dict, what: str) -> list[str]:
    """The CSS of a Text div besides its frame, padding and item props."""
    text_of(node, what)
    family, size, weight = text_font(node, what)
    alignment = node.get("alignment", "leading")
    if alignment not in ALIGNMENTS:
        raise SceneError(f"{what}.alignment: unsupported value {alignment!r}")
    return [
        "display:block",
        f"font-family:'{PREFIX}{family}'",
        f"font-size:{css_px(size)}",
        f"font-weight:{weight}",
        "font-style:normal",
        "font-synthesis:none",
        f"line-height:{css_px(line_height(node, what))}",
        "white-space:normal",
        "overflow-wrap:normal",
        "word-break:normal",
        f"text-align:{ALIGNMENTS[alignment]}",
    ]


def text_div(node: dict, what: str, data_id: str, rules: list[str]) -> str:
    """The Text's div: `data_id` (its data-id attribute, or ""), `rules` (its frame, padding and item CSS)
    followed by the text CSS, and the text."""
    style = html.escape(";".join(rules + text_css(node, what)), quote=True)
    return f'<div{data_id} {MARKER} style="{style}">{html.escape(text_of(node, what), quote=False)}</div>'


# Pages

# Runs the page's frame script once every face has loaded; lists each Text's line boxes.
WAIT_SCRIPT = (
    "(function(){var faces=Array.from(document.fonts);"
    "Promise.all(faces.map(function(f){return f.load().catch(function(){});})).then(function(){"
    "return document.fonts.ready;}).then(function(){"
    "var bad=faces.filter(function(f){return f.status!=='loaded';}).map(function(f){"
    "return f.family+' '+f.weight+': '+f.status;});"
    "if(bad.length){document.getElementById('fonterror').textContent=bad.join('; ');return;}"
    "FRAMES"
    "var lines={};var cs=document.querySelectorAll('div.cv');"
    "for(var i=0;i<cs.length;i++){var c=cs[i];var o=c.getBoundingClientRect();var f={};"
    "var ts=c.querySelectorAll('[data-text]');"
    "for(var j=0;j<ts.length;j++){var r=document.createRange();r.selectNodeContents(ts[j]);"
    "f[ts[j].getAttribute('data-id')]=Array.from(r.getClientRects()).map(function(q){"
    "return [q.left-o.left,q.top-o.top,q.width,q.height];});}"
    "lines[c.getAttribute('data-scene')]=f;}"
    "document.getElementById('lines').textContent=JSON.stringify(lines);});})();"
)


def with_fonts(page: str, style: str, script: str) -> str:
    """The page itself when it has no Text; else with the font faces and the frame script run after they load."""
    if MARKER not in page:
        return page
    head = "<style>" + style
    tail = "<script>" + script + "</script>"
    if head not in page or tail not in page:
        raise RuntimeError("chrome_text: the page's style or script is not where expected")
    page = page.replace(head, "<style>" + font_face_css() + style, 1)
    waiting = '<pre id="lines"></pre><pre id="fonterror"></pre><script>' + WAIT_SCRIPT.replace("FRAMES", script, 1) + "</script>"
    return page.replace(tail, waiting, 1)


def chromium_flags(page: str) -> list[str]:
    """Extra flags for a page with Text: --dump-dom only after the fonts have loaded and the frames are written."""
    return [f"--virtual-time-budget={VIRTUAL_TIME_BUDGET}"] if MARKER in page else []


LINES = re.compile(r'<pre id="lines">(.*?)</pre>', re.S)
FONT_ERROR = re.compile(r'<pre id="fonterror">(.*?)</pre>', re.S)


def font_error(dom: str) -> str | None:
    match = FONT_ERROR.search(dom)
    return html.unescape(match.group(1)) if match and match.group(1) else None


def text_lines(dom: str) -> dict:
    """{scene key: {Text id: [[x, y, width, height] per line box]}} from a dumped page."""
    match = LINES.search(dom)
    return json.loads(html.unescape(match.group(1))) if match and match.group(1) else {}


def dump_dom(page: str) -> str:
    """The DOM Chromium dumps for a page, as chrome_map.run_chromium runs it."""
    import shutil
    import subprocess
    import tempfile

    import chrome_map

    work = tempfile.mkdtemp(prefix="chrome-text-")
    try:
        path = Path(work) / "scenes.html"
        path.write_text(page, encoding="utf-8")
        command = [
            chrome_map.CHROMIUM,
            *chrome_map.CHROMIUM_FLAGS,
            *chromium_flags(page),
            f"--user-data-dir={Path(work) / 'profile'}",
            "--dump-dom",
            path.as_uri(),
        ]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=chrome_map.TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise chrome_map.ChromeError(f"chromium timed out after {chrome_map.TIMEOUT:g} s") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    error = font_error(result.stdout)
    if error:
        raise chrome_map.ChromeError(f"fonts did not load: {error}")
    return result.stdout


def scene_lines(scenes: list[dict], batch: int = 100) -> list[dict | SceneError]:
    """Chrome's line boxes of every Text, by id ([[x, y, width, height] per line, absolute]), per scene."""
    import chrome_map

    keyed = [(str(index), scene) for index, scene in enumerate(scenes)]
    found, errors = {}, {}
    for start in range(0, len(keyed), batch):
        page, page_errors = chrome_map.page_html(keyed[start : start + batch])
        errors.update(page_errors)
        if MARKER in page:
            found.update(text_lines(dump_dom(page)))
    return [SceneError(errors[key]) if key in errors else found.get(key, {}) for key, _ in keyed]
