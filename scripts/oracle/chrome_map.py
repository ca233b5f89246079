"""Lays out a scene's Flex subset in headless Chromium.

Scenes are the ones taffy_map.py reads (Flex containers and Rectangle leaves
with the same props). Each scene becomes a canvas-sized, absolutely positioned
`display: block` div holding the root as its only child; every node is a div
with `display: flex; box-sizing: border-box; position: relative` and CSS
defaults for everything the scene does not set (min-width and min-height stay
auto). The root is then a block-level flex container: the canvas width unless
it has its own, its content's height unless it has its own, its percentages
resolved against the canvas. A "fixedSize" root is positioned absolutely at
the canvas origin with a max-content width instead, and percentages of its own
size mean what they mean in a box proposed no size (auto, 0 or none). Rectangles are empty divs;
Text leaves are block divs holding their text (chrome_text.py).

A node's "layoutDirection" ("ltr" or "rtl", inherited by its subtree) is CSS
`direction` on its div, which CSS inherits alike; the scene's
"environment": {"layoutDirection": ...} is `direction` on the canvas div, so
the root inherits it (and a root narrower than the canvas that is not
"fixedSize" sits at the canvas's right edge under rtl, as a block does). Text
in an rtl direction is refused: its div would be an rtl paragraph, which
chrome_text.py does not map.

Many scenes share one page; a script in it reads every node's
getBoundingClientRect relative to its canvas and writes the frames as JSON
into <pre id="out">, which `chromium --headless=new --dump-dom` returns.
Frames are absolute [x, y, width, height] in canvas points, unrounded
(Chrome lays out in 1/64 px).
"""

from __future__ import annotations

from scene_values import EDGES, SceneError, edge_values  # noqa: F401

import chrome_text  # Text leaves

import html
import json
import math
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--mute-audio",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)
BATCH = 250
TIMEOUT = 180.0

FRAME_KEYS = ("width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight")
FRAME_CSS = {
    "width": "width",
    "height": "height",
    "minWidth": "min-width",
    "maxWidth": "max-width",
    "minHeight": "min-height",
    "maxHeight": "max-height",
}

DIRECTIONS = {"row": "row", "column": "column", "rowReverse": "row-reverse", "columnReverse": "column-reverse"}
JUSTIFY = {
    "start": "flex-start",
    "center": "center",
    "end": "flex-end",
    "spaceBetween": "space-between",
    "spaceAround": "space-around",
    "spaceEvenly": "space-evenly",
}
ALIGN_ITEMS = {
    "stretch": "stretch",
    "start": "flex-start",
    "center": "center",
    "end": "flex-end",
    "baseline": "baseline",
}
ALIGN_SELF = {"auto": "auto", **ALIGN_ITEMS}
ALIGN_CONTENT = {
    "stretch": "stretch",
    "start": "flex-start",
    "center": "center",
    "end": "flex-end",
    "spaceBetween": "space-between",
    "spaceAround": "space-around",
    "spaceEvenly": "space-evenly",
}
WRAPS = {False: "nowrap", True: "wrap", "nowrap": "nowrap", "wrap": "wrap", "wrapReverse": "wrap-reverse"}
LAYOUT_DIRECTIONS = ("ltr", "rtl")

STYLE = (
    "html,body{margin:0;padding:0}"
    ".cv{position:absolute;display:block;margin:0;padding:0;border:0;overflow:visible}"
    ".cv div{display:flex;box-sizing:border-box;position:relative;margin:0;padding:0;border:0 solid}"
)

SCRIPT = (
    "(function(){var out={};"
    "var cs=document.querySelectorAll('div.cv');"
    "for(var i=0;i<cs.length;i++){var c=cs[i];var o=c.getBoundingClientRect();var f={};"
    "var es=c.querySelectorAll('[data-id]');"
    "for(var j=0;j<es.length;j++){var r=es[j].getBoundingClientRect();"
    "f[es[j].getAttribute('data-id')]=[r.left-o.left,r.top-o.top,r.width,r.height];}"
    "out[c.getAttribute('data-scene')]=f;}"
    "document.getElementById('out').textContent=JSON.stringify(out);})();"
)




class ChromeError(RuntimeError):
    """Chromium failed to lay out a page."""


# Values


def number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SceneError(f"{what}: expected a number, found {value!r}")
    return float(value)


def css_number(value: float) -> str:
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    text = repr(float(value))
    return text


def length(value, what: str, allow_auto: bool = False, allow_percent: bool = True) -> str:
    if allow_auto and (value is None or value == "auto"):
        return "auto"
    if isinstance(value, str) and value.endswith("%"):
        if not allow_percent:
            raise SceneError(f"{what}: percentages are not supported")
        try:
            fraction = float(value[:-1])
        except ValueError:
            raise SceneError(f"bad percentage {value!r}") from None
        return css_number(fraction) + "%"
    return css_number(number(value, what)) + "px"




def choice(table: dict, value, what: str) -> str:
    try:
        return table[value]
    except (KeyError, TypeError):
        raise SceneError(f"{what}: unsupported value {value!r}") from None


def layout_direction(holder: dict, inherited: str, what: str) -> str:
    """The layoutDirection a node (or the scene's environment) sets, else the one it inherits."""
    value = holder.get("layoutDirection", inherited)
    if value not in LAYOUT_DIRECTIONS:
        raise SceneError(f"{what}.layoutDirection: unsupported value {value!r}")
    return value


# Styles


def frame_css(node: dict, what: str) -> list[str]:
    frame = node.get("frame", {})
    if not isinstance(frame, dict):
        raise SceneError(f"{what}.frame: expected an object")
    unknown = set(frame) - set(FRAME_KEYS)
    if unknown:
        raise SceneError(f"{what}.frame: unsupported key {sorted(unknown)[0]!r}")
    rules = []
    for key in FRAME_KEYS:
        if key in frame and frame[key] is not None:
            value = frame[key]
            if key.startswith("max") and value == "auto":
                continue
            rules.append(f"{FRAME_CSS[key]}:{length(value, f'{what}.frame.{key}', allow_auto=True)}")
    return rules


def common_css(node: dict, what: str) -> list[str]:
    rules = []
    if "padding" in node:
        padding = edge_values(node["padding"], f"{what}.padding", 0)
        for edge in EDGES:
            value = number(padding[edge], f"{what}.padding.{edge}")
            rules.append(f"padding-{edge}:{css_number(value)}px")
    rules += frame_css(node, what)
    if node.get("clip"):
        rules.append("overflow:hidden")
    return rules


def container_css(node: dict, what: str) -> list[str]:
    gap = node.get("gap", 0)
    row_gap = node.get("rowGap", gap)
    column_gap = node.get("columnGap", gap)
    return [
        f"flex-direction:{choice(DIRECTIONS, node.get('direction', 'row'), f'{what}.direction')}",
        f"justify-content:{choice(JUSTIFY, node.get('justify', 'start'), f'{what}.justify')}",
        f"align-items:{choice(ALIGN_ITEMS, node.get('alignItems', 'stretch'), f'{what}.alignItems')}",
        f"align-content:{choice(ALIGN_CONTENT, node.get('alignContent', 'stretch'), f'{what}.alignContent')}",
        f"flex-wrap:{choice(WRAPS, node.get('wrap', False), f'{what}.wrap')}",
        f"row-gap:{length(row_gap, f'{what}.rowGap')}",
        f"column-gap:{length(column_gap, f'{what}.columnGap')}",
    ]


def item_css(node: dict, what: str) -> list[str]:
    rules = [
        f"flex-grow:{css_number(number(node.get('grow', 0), f'{what}.grow'))}",
        f"flex-shrink:{css_number(number(node.get('shrink', 1), f'{what}.shrink'))}",
        f"flex-basis:{length(node.get('basis', 'auto'), f'{what}.basis', allow_auto=True)}",
        f"align-self:{choice(ALIGN_SELF, node.get('alignSelf', 'auto'), f'{what}.alignSelf')}",
    ]
    if "order" in node:
        order = number(node["order"], f"{what}.order")
        if order != int(order):
            raise SceneError(f"{what}.order: expected an integer")
        rules.append(f"order:{int(order)}")
    if "aspectRatio" in node:
        ratio = number(node["aspectRatio"], f"{what}.aspectRatio")
        if ratio <= 0:
            raise SceneError(f"{what}.aspectRatio: expected a positive number")
        rules.append(f"aspect-ratio:{css_number(ratio)}")
    position = node.get("position", "relative")
    if position == "absolute":
        rules.append("position:absolute")
    elif position != "relative":
        raise SceneError(f"{what}.position: unsupported value {position!r}")
    insets = node.get("inset")
    if insets is not None:
        if not isinstance(insets, dict):
            raise SceneError(f"{what}.inset: expected an object")
        values = edge_values(insets, f"{what}.inset", "auto")
        for edge in EDGES:
            rules.append(f"{edge}:{length(values[edge], f'{what}.inset.{edge}', allow_auto=True)}")
    if "margin" in node:
        margin = edge_values(node["margin"], f"{what}.margin", 0)
        for edge in EDGES:
            rules.append(f"margin-{edge}:{length(margin[edge], f'{what}.margin.{edge}', allow_auto=True)}")
    return rules


def node_css(node: dict, what: str, is_item: bool) -> list[str]:
    kind = node.get("type")
    if kind not in ("Flex", "Rectangle", "Text"):
        raise SceneError(f"{what}.type: unsupported node type {kind!r}")
    rules = common_css(node, what)
    if kind == "Flex":
        rules += container_css(node, what)
    if is_item:
        rules += item_css(node, what)
    return rules


# Pages


def attribute(value) -> str:
    return html.escape(str(value), quote=True)


def node_html(node: dict, what: str, is_item: bool, extra: list[str], inherited: str, out: list[str]) -> None:
    """The node's div and its subtree's; `inherited` is the layoutDirection its parent passes down."""
    direction = layout_direction(node, inherited, what)
    rules = node_css(node, what, is_item) + extra
    if "layoutDirection" in node:
        rules.append(f"direction:{direction}")
    data_id = f' data-id="{attribute(node["id"])}"' if "id" in node else ""
    if node.get("type") == "Text":
        if direction == "rtl":
            raise SceneError(f"{what}: Text in an rtl layoutDirection is not supported by the Chrome text mapping")
        out.append(chrome_text.text_div(node, what, data_id, rules))
        return
    out.append(f'<div{data_id} style="{attribute(";".join(rules))}">')
    if node.get("type") == "Flex":
        children = node.get("children", [])
        if not isinstance(children, list):
            raise SceneError(f"{what}.children: expected a list")
        for index, child in enumerate(children):
            if not isinstance(child, dict):
                raise SceneError(f"{what}.children[{index}]: expected a node")
            node_html(child, f"{what}.children[{index}]", True, [], direction, out)
    out.append("</div>")


def canvas_size(scene: dict) -> tuple[float, float]:
    canvas = scene.get("canvas", {})
    if not isinstance(canvas, dict):
        raise SceneError("canvas: expected an object")
    return number(canvas.get("width"), "canvas.width"), number(canvas.get("height"), "canvas.height")


def without_own_percentages(root: dict) -> dict:
    """A "fixedSize" root is proposed no size, so percentages of its own size have
    nothing to resolve against: a size behaves as auto, a minimum as 0, a maximum as
    none. As an absolutely positioned div it would resolve them against the canvas,
    so they are written so here."""
    frame = root.get("frame")
    if not isinstance(frame, dict):
        return root
    meaning = {"width": "auto", "height": "auto", "minWidth": 0, "minHeight": 0, "maxWidth": None, "maxHeight": None}
    kept = {}
    for key, value in frame.items():
        if key in meaning and isinstance(value, str) and value.endswith("%"):
            if meaning[key] is not None:
                kept[key] = meaning[key]
        else:
            kept[key] = value
    return {**root, "frame": kept}


def scene_html(scene: dict, key: str, left: float, top: float) -> str:
    """The canvas div holding the scene's root, at (left, top) on the page."""
    if not isinstance(scene, dict):
        raise SceneError("scene: expected an object")
    root = scene.get("root")
    if not isinstance(root, dict) or root.get("type") != "Flex":
        raise SceneError("root: expected a Flex node")
    width, height = canvas_size(scene)
    environment = scene.get("environment", {})
    if not isinstance(environment, dict):
        raise SceneError("environment: expected an object")
    direction = layout_direction(environment, "ltr", "environment")
    canvas_direction = f";direction:{direction}" if "layoutDirection" in environment else ""
    extra = []
    if root.get("fixedSize"):
        root = without_own_percentages(root)
        extra.append("position:absolute;left:0;top:0")
        if root.get("frame", {}).get("width") in (None, "auto"):
            extra.append("width:max-content")
    out = [
        f'<div class="cv" data-scene="{attribute(key)}" style="left:{css_number(left)}px;top:{css_number(top)}px;'
        f'width:{css_number(width)}px;height:{css_number(height)}px{canvas_direction}">'
    ]
    node_html(root, "root", False, extra, direction, out)
    out.append("</div>")
    return "".join(out)


CELL_MARGIN = 400


def page_html(scenes: list[tuple[str, dict]]) -> tuple[str, dict]:
    """A page laying out (key, scene) pairs; returns the page and {key: error} for scenes left out."""
    parts, errors = [], {}
    placed = []
    for key, scene in scenes:
        try:
            width, height = canvas_size(scene)
        except SceneError as error:
            errors[key] = str(error)
            continue
        placed.append((key, scene, width, height))
    columns = max(1, math.ceil(math.sqrt(len(placed))))
    cell_width = max([0.0] + [w for _, _, w, _ in placed]) + CELL_MARGIN
    cell_height = max([0.0] + [h for _, _, _, h in placed]) + CELL_MARGIN
    for index, (key, scene, _, _) in enumerate(placed):
        left = (index % columns) * math.ceil(cell_width)
        top = (index // columns) * math.ceil(cell_height)
        try:
            parts.append(scene_html(scene, key, left, top))
        except SceneError as error:
            errors[key] = str(error)
    page = (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
        + STYLE
        + "</style></head><body>"
        + "".join(parts)
        + '<pre id="out"></pre><script>'
        + SCRIPT
        + "</script></body></html>"
    )
    return chrome_text.with_fonts(page, STYLE, SCRIPT), errors


OUT = re.compile(r'<pre id="out">(.*?)</pre>', re.S)


def run_chromium(page: str) -> dict:
    """Frames by scene key and id for one page."""
    work = tempfile.mkdtemp(prefix="chrome-map-")
    try:
        path = Path(work) / "scenes.html"
        path.write_text(page, encoding="utf-8")
        command = [
            CHROMIUM,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={Path(work) / 'profile'}",
            *chrome_text.chromium_flags(page),
            "--dump-dom",
            path.as_uri(),
        ]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise ChromeError(f"chromium timed out after {TIMEOUT:g} s") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    match = OUT.search(result.stdout)
    if result.returncode != 0 or match is None or not match.group(1):
        lines = [line for line in result.stderr.splitlines() if "dbus" not in line.lower()]
        detail = lines[-1] if lines else f"exit status {result.returncode}"
        detail = chrome_text.font_error(result.stdout) or detail
        raise ChromeError(f"chromium gave no frames: {detail}")
    return json.loads(html.unescape(match.group(1)))


def layout_scenes(scenes: list[dict], jobs: int = 2, batch: int = BATCH) -> list[dict | SceneError]:
    """Chrome's unrounded absolute frames by id for each scene, or the SceneError that kept it out."""
    keyed = [(str(index), scene) for index, scene in enumerate(scenes)]
    pages = [keyed[start : start + batch] for start in range(0, len(keyed), batch)]
    built = [page_html(page) for page in pages]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(lambda item: run_chromium(item[0]), built))
    merged, errors = {}, {}
    for (_, page_errors), frames in zip(built, results):
        merged.update(frames)
        errors.update(page_errors)
    answers = []
    for key, _ in keyed:
        if key in errors:
            answers.append(SceneError(errors[key]))
        elif key in merged:
            answers.append({node_id: [float(v) for v in frame] for node_id, frame in merged[key].items()})
        else:
            answers.append(SceneError("chromium returned no frames for the scene"))
    return answers


def layout_scene(scene: dict) -> dict:
    """Chrome's unrounded absolute frames by id for one scene."""
    answer = layout_scenes([scene], jobs=1)[0]
    if isinstance(answer, SceneError):
        raise answer
    return answer


def chromium_version() -> str:
    try:
        result = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    match = re.search(r"(\d+(?:\.\d+)+)", result.stdout)
    return match.group(1) if match else "unknown"
