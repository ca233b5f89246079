#!/usr/bin/env python3
"""CSS colour oracle: tinycss2's CSS Color Level 4 parser (tinycss2 1.4.0).

usage: color_oracle.py FILE   one colour string per line
Prints JSON {"names": [every named colour tinycss2 knows], "colors": {string: [r, g, b, a]
or null}}, channels as 8-bit values: converted to sRGB, clipped to 0..1 and rounded half
up, as browsers store them.
"""
import json, math, sys

import tinycss2.color4 as color4


def eight_bit(v):
    v = 0.0 if v is None else min(max(v, 0.0), 1.0)
    return math.floor(v * 255 + 0.5)


def parse(text):
    c = color4.parse_color(text)
    if c is None or isinstance(c, str):  # None, or 'currentcolor'
        return None
    srgb = c.to("srgb")
    r, g, b = srgb.coordinates
    return [eight_bit(r), eight_bit(g), eight_bit(b), eight_bit(srgb.alpha)]


with open(sys.argv[1], encoding="utf-8") as f:
    lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("# ")]
names = sorted(n for n in color4._COLOR_KEYWORDS if n != "currentcolor")
json.dump({"names": names, "colors": {l: parse(l) for l in lines + names}}, sys.stdout)
