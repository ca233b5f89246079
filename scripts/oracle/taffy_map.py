"""Lays out a scene's Flex subset with Taffy (through stretchable).

A scene is a dict {"canvas": {"width", "height"}, "root": NODE}. Nodes are
"Flex" containers and "Rectangle" leaves; every node with an "id" gets an
absolute frame [x, y, width, height] in canvas points.

The root Flex behaves as a block-level flex container in the canvas: its
width is its own, else the canvas width (within its limits), its height its
own, else its content's, laid out with an indefinite height (max-content),
and its own percentages resolve against the canvas. In Taffy that is the root
with its percentages resolved and an auto width set to the canvas width,
under (definite width, max-content height). With "fixedSize": true it is laid
out under a max-content available space in both axes instead.
"""

from __future__ import annotations

from scene_values import EDGES, SceneError, edge_values  # noqa: F401

import math

from stretchable import taffylib
from stretchable.context import taffy
from stretchable.node import Node
from stretchable.style import (
    AlignContent,
    AlignItems,
    AlignSelf,
    Display,
    FlexDirection,
    FlexWrap,
    JustifyContent,
    Overflow,
    Position,
    Style,
)
from stretchable.style.geometry.length import (
    LengthAvailableSpace,
    LengthPointsPercent,
    LengthPointsPercentAuto,
)
from stretchable.style.geometry.rect import RectPointsPercent, RectPointsPercentAuto
from stretchable.style.geometry.size import (
    SizeAvailableSpace,
    SizePointsPercent,
    SizePointsPercentAuto,
)

TAFFY_VERSION = "0.7.7"


DIRECTIONS = {
    "row": FlexDirection.ROW,
    "column": FlexDirection.COLUMN,
    "rowReverse": FlexDirection.ROW_REVERSE,
    "columnReverse": FlexDirection.COLUMN_REVERSE,
}

JUSTIFY = {
    "start": None,
    "center": JustifyContent.CENTER,
    "end": JustifyContent.FLEX_END,
    "spaceBetween": JustifyContent.SPACE_BETWEEN,
    "spaceAround": JustifyContent.SPACE_AROUND,
    "spaceEvenly": JustifyContent.SPACE_EVENLY,
}

ALIGN_ITEMS = {
    "stretch": AlignItems.STRETCH,
    "start": AlignItems.FLEX_START,
    "center": AlignItems.CENTER,
    "end": AlignItems.FLEX_END,
    "baseline": AlignItems.BASELINE,
}

ALIGN_SELF = {
    "auto": None,
    "stretch": AlignSelf.STRETCH,
    "start": AlignSelf.FLEX_START,
    "center": AlignSelf.CENTER,
    "end": AlignSelf.FLEX_END,
    "baseline": AlignSelf.BASELINE,
}

ALIGN_CONTENT = {
    "stretch": AlignContent.STRETCH,
    "start": AlignContent.FLEX_START,
    "center": AlignContent.CENTER,
    "end": AlignContent.FLEX_END,
    "spaceBetween": AlignContent.SPACE_BETWEEN,
    "spaceAround": AlignContent.SPACE_AROUND,
    "spaceEvenly": AlignContent.SPACE_EVENLY,
}

WRAPS = {
    False: FlexWrap.NO_WRAP,
    True: FlexWrap.WRAP,
    "nowrap": FlexWrap.NO_WRAP,
    "wrap": FlexWrap.WRAP,
    "wrapReverse": FlexWrap.WRAP_REVERSE,
}

FRAME_KEYS = ("width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight")




# Values


def is_percent(value) -> bool:
    return isinstance(value, str) and value.endswith("%")


def percent_fraction(value: str) -> float:
    try:
        return float(value[:-1]) / 100.0
    except ValueError:
        raise SceneError(f"bad percentage {value!r}") from None


def check_number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SceneError(f"{what}: expected a number, found {value!r}")
    return float(value)


def length_pp(value, what: str) -> LengthPointsPercent:
    if is_percent(value):
        return LengthPointsPercent.percent(percent_fraction(value))
    return LengthPointsPercent.points(check_number(value, what))


def length_ppa(value, what: str) -> LengthPointsPercentAuto:
    if value is None or value == "auto":
        return LengthPointsPercentAuto.auto()
    if is_percent(value):
        return LengthPointsPercentAuto.percent(percent_fraction(value))
    return LengthPointsPercentAuto.points(check_number(value, what))




def rect_pp(edges: dict, what: str) -> RectPointsPercent:
    return RectPointsPercent(*(length_pp(edges[e], what) for e in ("top", "right", "bottom", "left")))


def rect_ppa(edges: dict, what: str) -> RectPointsPercentAuto:
    return RectPointsPercentAuto(*(length_ppa(edges[e], what) for e in ("top", "right", "bottom", "left")))


def choice(table: dict, value, what: str):
    try:
        return table[value]
    except (KeyError, TypeError):
        raise SceneError(f"{what}: unsupported value {value!r}") from None


# Styles


def frame_style(frame: dict, what: str) -> dict:
    unknown = set(frame) - set(FRAME_KEYS)
    if unknown:
        raise SceneError(f"{what}.frame: unsupported key {sorted(unknown)[0]!r}")

    def size(width_key, height_key, constructor):
        return constructor(
            width=length_ppa(frame.get(width_key), f"{what}.frame.{width_key}"),
            height=length_ppa(frame.get(height_key), f"{what}.frame.{height_key}"),
        )

    return {
        "size": size("width", "height", SizePointsPercentAuto),
        "min_size": size("minWidth", "minHeight", SizePointsPercentAuto),
        "max_size": size("maxWidth", "maxHeight", SizePointsPercentAuto),
    }


def common_style(node: dict, what: str) -> dict:
    style = {}
    if "padding" in node:
        padding = edge_values(node["padding"], f"{what}.padding", 0)
        for edge, value in padding.items():
            check_number(value, f"{what}.padding.{edge}")
        style["padding"] = rect_pp(padding, f"{what}.padding")
    if "frame" in node:
        style.update(frame_style(node["frame"], what))
    if node.get("clip"):
        style["overflow_x"] = Overflow.HIDDEN
        style["overflow_y"] = Overflow.HIDDEN
    return style


def container_style(node: dict, what: str) -> dict:
    gap = node.get("gap", 0)
    row_gap = node.get("rowGap", gap)
    column_gap = node.get("columnGap", gap)
    return {
        "display": Display.FLEX,
        "flex_direction": choice(DIRECTIONS, node.get("direction", "row"), f"{what}.direction"),
        "justify_content": choice(JUSTIFY, node.get("justify", "start"), f"{what}.justify"),
        "align_items": choice(ALIGN_ITEMS, node.get("alignItems", "stretch"), f"{what}.alignItems"),
        "align_content": choice(ALIGN_CONTENT, node.get("alignContent", "stretch"), f"{what}.alignContent"),
        "flex_wrap": choice(WRAPS, node.get("wrap", False), f"{what}.wrap"),
        "gap": SizePointsPercent(
            width=length_pp(column_gap, f"{what}.columnGap"),
            height=length_pp(row_gap, f"{what}.rowGap"),
        ),
    }


def inset_value(node: dict):
    return node.get("inset")


def item_style(node: dict, what: str) -> dict:
    style = {
        "flex_grow": check_number(node.get("grow", 0), f"{what}.grow"),
        "flex_shrink": check_number(node.get("shrink", 1), f"{what}.shrink"),
        "flex_basis": length_ppa(node.get("basis", "auto"), f"{what}.basis"),
        "align_self": choice(ALIGN_SELF, node.get("alignSelf", "auto"), f"{what}.alignSelf"),
    }
    if "aspectRatio" in node:
        style["aspect_ratio"] = check_number(node["aspectRatio"], f"{what}.aspectRatio")
    if node.get("position", "relative") == "absolute":
        style["position"] = Position.ABSOLUTE
    elif node.get("position", "relative") != "relative":
        raise SceneError(f"{what}.position: unsupported value {node['position']!r}")
    insets = inset_value(node)
    if insets is not None:
        if not isinstance(insets, dict):
            raise SceneError(f"{what}.inset: expected an object")
        style["inset"] = rect_ppa(edge_values(insets, f"{what}.inset", "auto"), f"{what}.inset")
    if "margin" in node:
        style["margin"] = rect_ppa(edge_values(node["margin"], f"{what}.margin", 0), f"{what}.margin")
    return style


def node_style(node: dict, what: str, is_item: bool) -> Style:
    kind = node.get("type")
    if kind not in ("Flex", "Rectangle"):
        raise SceneError(f"{what}.type: unsupported node type {kind!r}")
    style = common_style(node, what)
    if kind == "Flex":
        style.update(container_style(node, what))
    if is_item:
        style.update(item_style(node, what))
    return Style(**style)


# Trees


def ordered_children(node: dict) -> list[tuple[int, dict]]:
    """Children with their scene index, in stable order of their `order`."""
    children = list(enumerate(node.get("children", []) if node.get("type") == "Flex" else []))
    return sorted(children, key=lambda pair: pair[1].get("order", 0))


def build(node: dict, what: str, is_item: bool) -> tuple[Node, list]:
    """Returns the Taffy node and a tree of (scene node, taffy node, children) triples."""
    taffy_node = Node(style=node_style(node, what, is_item))
    kids = []
    for index, child in ordered_children(node):
        child_node, child_tree = build(child, f"{what}.children[{index}]", True)
        taffy_node.add(child_node)
        kids.append((index, child_tree))
    kids.sort(key=lambda pair: pair[0])
    return taffy_node, (node, taffy_node, [tree for _, tree in kids])


def canvas_size(scene: dict) -> tuple[float, float]:
    canvas = scene.get("canvas", {})
    width = check_number(canvas.get("width"), "canvas.width")
    height = check_number(canvas.get("height"), "canvas.height")
    return width, height


def read_layout(taffy_node: Node) -> tuple[float, float, float, float]:
    layout = taffylib.PyLayout()
    taffylib.node_get_layout(taffy._ptr, taffy_node._node_id, layout)
    return layout.x, layout.y, layout.width, layout.height


def collect(tree, origin: tuple[float, float], out: dict) -> None:
    node, taffy_node, children = tree
    x, y, width, height = read_layout(taffy_node)
    x += origin[0]
    y += origin[1]
    if "id" in node:
        out[str(node["id"])] = [x, y, width, height]
    for child in children:
        collect(child, (x, y), out)


def compute(top: Node, available: SizeAvailableSpace, tree, rounding: bool) -> dict:
    if not top.compute_layout(available, use_rounding=rounding):
        raise SceneError("Taffy could not lay out the scene")
    frames = {}
    collect(tree, (0.0, 0.0), frames)
    return frames


def clean(value: float, digits: int) -> float | int:
    value = round(value, digits)
    if value == int(value):
        return int(value)
    return value


def tidy(frames: dict, digits: int) -> dict:
    return {key: [clean(v, digits) for v in frame] for key, frame in frames.items()}


def round_half_away(value: float) -> float:
    return math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)


def edge_rounded(unrounded: dict) -> dict:
    """Frames with every absolute edge rounded: x' = round(x), w' = round(x + w) - round(x)."""
    rounded = {}
    for key, (x, y, width, height) in unrounded.items():
        left, top = round_half_away(x), round_half_away(y)
        frame = [left, top, round_half_away(x + width) - left, round_half_away(y + height) - top]
        rounded[key] = [int(v) for v in frame]
    return rounded


SIZE_BASES = {"width": 0, "minWidth": 0, "maxWidth": 0, "height": 1, "minHeight": 1, "maxHeight": 1}


def as_block_root(root: dict, width: float, height: float) -> dict:
    """The root with its own percentages resolved against the canvas and an auto
    width made the canvas width (block-level stretch)."""
    root = dict(root)
    frame = dict(root.get("frame", {}))
    for key, axis in SIZE_BASES.items():
        value = frame.get(key)
        if isinstance(value, str) and value.endswith("%"):
            frame[key] = float(value[:-1]) / 100 * (width, height)[axis]
    if "width" not in frame:
        frame["width"] = width
    root["frame"] = frame
    return root


def layout_scene(scene: dict) -> tuple[dict, dict]:
    """Taffy's frames for a scene: (rounded, unrounded), absolute, by id."""
    root = scene.get("root")
    if not isinstance(root, dict) or root.get("type") != "Flex":
        raise SceneError("root: expected a Flex node")
    width, height = canvas_size(scene)
    try:
        if root.get("fixedSize"):
            top, tree = build(root, "root", False)
            available = SizeAvailableSpace(
                LengthAvailableSpace.max_content(), LengthAvailableSpace.max_content()
            )
        else:
            top, tree = build(as_block_root(root, width, height), "root", False)
            available = SizeAvailableSpace(
                LengthAvailableSpace.definite(width), LengthAvailableSpace.max_content()
            )
        unrounded = compute(top, available, tree, rounding=False)
        rounded = compute(top, available, tree, rounding=True)
    finally:
        taffylib.node_drop_all(taffy._ptr)
    return tidy(rounded, 0), tidy(unrounded, 4)
