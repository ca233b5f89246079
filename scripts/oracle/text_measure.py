"""What a Text leaf measures, from the font files themselves: for explaining text cases.

The paragraph is shaped once with uharfbuzz (the font's default features, scale in font
units, as text_oracle.py shapes), each glyph's advance counted to the character its
cluster starts at; break opportunities are ICU's (UAX #14, root locale). A line is
the text between two opportunities, as wide as its advances without the spaces that
end it. From these: the max-content width (the whole paragraph on one line), the
min-content width (the widest piece between two opportunities) and the lines a
greedy fill gives at a width. Latin text (one UTF-16 unit per character) only.
"""

from __future__ import annotations

import math
from functools import lru_cache

import chrome_text

EPSILON = 1e-6
# Chrome sets a box's width in 1/64 px units, so text at its own max-content width may be up to
# 1/64 px wider than its box and still fit.
CHROME_SLACK = 1 / 64 + EPSILON


@lru_cache(maxsize=None)
def hb_font(file: str):
    import uharfbuzz as hb

    face = hb.Face(hb.Blob.from_file_path(str(chrome_text.FONT_DIR / file)))
    font = hb.Font(face)
    font.scale = (face.upem, face.upem)
    return font, face.upem


def advances(file: str, size: float, text: str) -> list[float]:
    """Each character's advance in points (a cluster's glyphs count to its first character)."""
    import uharfbuzz as hb

    font, upem = hb_font(file)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    out = [0.0] * len(text)
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
        out[info.cluster] += pos.x_advance * size / upem
    return out


def break_offsets(text: str) -> list[int]:
    """Offsets where a line may end (ICU, root locale), the text's end included."""
    import icu

    iterator = icu.BreakIterator.createLineInstance(icu.Locale.getRoot())
    iterator.setText(text)
    return [offset for offset in iterator if offset > 0]


class Measure:
    def __init__(self, node: dict):
        family, size, weight = chrome_text.text_font(node, "text")
        self.text = chrome_text.text_of(node, "text")
        self.family, self.size, self.weight = family, size, weight
        self.file = chrome_text.face_file(family, weight)
        self.line_height = chrome_text.line_height(node, "text")
        self.normal = node.get("lineHeight") is None
        self.advance = advances(self.file, size, self.text)
        self.breaks = break_offsets(self.text)

    def width(self, start: int, end: int) -> float:
        while end > start and self.text[end - 1] == " ":
            end -= 1
        return sum(self.advance[start:end])

    @property
    def max_content(self) -> float:
        return self.width(0, len(self.text))

    @property
    def widest_piece(self) -> tuple[float, str]:
        best, start, piece = 0.0, 0, ""
        for end in self.breaks:
            w = self.width(start, end)
            if w > best:
                best, piece = w, self.text[start:end].rstrip(" ")
            start = end
        return best, piece

    @property
    def min_content(self) -> float:
        return self.widest_piece[0]

    def lines(self, width: float, slack: float = EPSILON) -> list[str]:
        """The lines of a greedy fill at `width` (a piece wider than that overflows on its own line); a line
        fits when it is at most `slack` wider."""
        lines, start = [], 0
        while start < len(self.text):
            fits = [end for end in self.breaks if end > start and self.width(start, end) <= width + slack]
            end = fits[-1] if fits else next(end for end in self.breaks if end > start)
            lines.append(self.text[start:end].rstrip(" "))
            start = end
        return lines or [""]

    def describe(self) -> str:
        weight = {v: k for k, v in chrome_text.WEIGHTS.items()}[self.weight]
        height = f"{self.line_height:g}" + (" (normal)" if self.normal else "")
        piece_width, piece = self.widest_piece
        return (
            f"{self.family} {self.size:g} {weight}, line height {height}; max-content {self.max_content:.3f}, "
            f"min-content {piece_width:.3f} ({piece!r})"
        )


def round_up(value: float) -> float:
    """The engine's round-up of a text size to whole points."""
    return float(math.ceil(value - 1e-7)) if value > 0 else 0.0


def explain(node: dict, chrome_box, render_box, chrome_lines: list) -> tuple[list[str], list[str]]:
    """(facts, hints) about a Text: its measures, its content boxes (width, height) in Chrome and
    in `render` (either may be None) and Chrome's line boxes; hints name what looks wrong."""
    measure = Measure(node)
    shown = measure.text if len(measure.text) <= 90 else measure.text[:87] + "..."
    facts, hints = [repr(shown), measure.describe()], []
    min_lines = len(measure.lines(measure.min_content))
    if chrome_box is not None:
        width, height = chrome_box
        widest = max((line[2] for line in chrome_lines), default=0.0)
        fill = len(measure.lines(width, CHROME_SLACK))
        facts.append(
            f"Chrome: content {width:.3f} x {height:.3f}, {len(chrome_lines)} line(s), widest {widest:.3f}; "
            f"a greedy fill at that width: {fill} line(s)"
        )
        if width < measure.min_content - 1 / 64 and len(chrome_lines) > min_lines:
            hints.append(
                f"narrower than its min-content in Chrome: {len(chrome_lines)} lines, one per break opportunity "
                f"(render lays text out no narrower than its min-content: {min_lines} lines there)"
            )
        elif chrome_lines and fill != len(chrome_lines):
            hints.append(f"Chrome has {len(chrome_lines)} lines where a greedy fill at its width gives {fill}")
    if render_box is not None:
        width, height = render_box
        at = max(width, measure.min_content)
        fill = 1 if at + 1e-9 >= measure.max_content else len(measure.lines(at))
        facts.append(
            f"render: content {width:g} x {height:g} (height / line height = "
            f"{height / measure.line_height if measure.line_height else float('nan'):.3f}); a fill at "
            f"{'that width' if at == width else 'its min-content'}: {fill} line(s), height "
            f"{fill * measure.line_height:.3f} (rounded up {round_up(fill * measure.line_height):g})"
        )
        lines = [k for k in range(1, 200) if abs(round_up(k * measure.line_height) - height) < 0.01]
        if lines and fill not in lines:
            hints.append(
                f"render's height is {lines[0]} line(s) of its text, but its width holds {fill}: "
                "the height comes from another width"
            )
    if chrome_box is not None and render_box is not None and not hints:
        (cw, ch), (rw, rh) = chrome_box, render_box
        if 0 <= rw - cw < 1 and 0 <= rh - ch < 1 and (rw, rh) != (cw, ch):
            hints.append("the sizes differ by less than a point (render rounds text sizes up)")
    return facts, hints
