#!/usr/bin/env python3
"""Converts Taffy's Chrome-generated flexbox fixtures into Flex scenes.

Reads test_fixtures/flex/*.html from a Taffy git repository (a bare or
normal git directory, at a revision) for the scene, and the tests generated
from them in Chrome (tests/xml/flex/*__border_box_ltr.xml, or
tests/generated/flex/*.rs in older revisions) for the expected frames.

Revisions whose tests come in rtl variants too (*__border_box_rtl.xml) give
each converted fixture a second case, NAME__rtl, with that variant's frames.
Their stylesheet gives every element declaring no `direction` the variant's
(`.ltr *`, `.rtl *`), so a declared direction is not inherited there; in
older revisions it is. The scene's layoutDirection is inherited, so a node
carries one where its element's direction differs from its parent's (the
root's from "ltr"): the root of an rtl case carries "rtl" unless it declares
ltr.

    taffy_fixtures.py REPO [--rev REV] [-o Fixtures/layout/taffy-chrome.json]

Fixtures using anything outside the scene's Flex subset are skipped; the
summary on stdout counts them by reason, and the rtl variants left out of
converted fixtures by theirs.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from case_io import write_cases  # noqa: E402

FIXTURE_DIR = "test_fixtures/flex"
XML_DIR = "tests/xml/flex"
RS_DIR = "tests/generated/flex"
BASE_STYLE = "scripts/gentest/test_base_style.css"
# The stylesheet's rules giving every element below the body the variant's direction.
DIRECTION_RULES = re.compile(r"\.rtl\s+\*\s*\{\s*direction\s*:\s*rtl")
DEFAULT_OUTPUT = Path(__file__).resolve().parents[2] / "Fixtures" / "layout" / "taffy-chrome.json"
SIDES = ("top", "right", "bottom", "left")
MAX_LENGTH = 1e6


class Skip(Exception):
    """A fixture that does not map exactly onto a scene; the message is the reason."""


# Git


def git(repo: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


class Revision:
    def __init__(self, repo: Path, rev: str):
        self.repo = repo
        self.commit = git(repo, "rev-parse", "--verify", f"{rev}^{{commit}}").strip()
        self.files = set(git(repo, "ls-tree", "-r", "--name-only", self.commit).splitlines())
        self.direction_rules = DIRECTION_RULES.search(self.read(BASE_STYLE) or "") is not None

    def read(self, path: str) -> str | None:
        if path not in self.files:
            return None
        return git(self.repo, "show", f"{self.commit}:{path}")

    def fixture_names(self) -> list[str]:
        prefix = FIXTURE_DIR + "/"
        return sorted(
            path[len(prefix) : -len(".html")]
            for path in self.files
            if path.startswith(prefix) and path.endswith(".html") and "/" not in path[len(prefix) :]
        )


# HTML


class Element:
    def __init__(self, tag: str, attrs: dict, parent: "Element | None"):
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Element] = []
        self.text = ""


class DocumentParser(HTMLParser):
    VOID = {"meta", "link", "br", "img", "input", "hr", "area", "base", "col", "embed", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.document = Element("#document", {}, None)
        self.current = self.document

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: (v or "") for k, v in attrs}, self.current)
        self.current.children.append(element)
        if tag not in self.VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        element = self.current
        while element is not self.document and element.tag != tag:
            element = element.parent
        if element is not self.document:
            self.current = element.parent

    def handle_data(self, data):
        self.current.text += data


def parse_html(text: str) -> Element:
    parser = DocumentParser()
    parser.feed(text)
    parser.close()
    return parser.document


def walk(element: Element):
    yield element
    for child in element.children:
        yield from walk(child)


def find_root(document: Element) -> Element:
    roots = [e for e in walk(document) if e.attrs.get("id") == "test-root"]
    if len(roots) != 1:
        raise Skip("no single test-root")
    root = roots[0]
    if any(e.tag == "style" for e in walk(document)):
        raise Skip("stylesheet")
    if root.parent is None or root.parent.tag != "body":
        raise Skip("test-root not directly in body")
    if root.parent.attrs:
        raise Skip("body attributes")
    if root.tag != "div":
        raise Skip(f"test-root is <{root.tag}>")
    return root


ALLOWED_ATTRIBUTES = {"style", "id", "layout", "data-w", "data-x", "data-y", "data-test-rounding"}


def check_element(element: Element) -> None:
    if element.tag != "div":
        raise Skip(f"<{element.tag}> element")
    for name in element.attrs:
        if name == "has-custom-measure":
            raise Skip("custom measure")
        if name not in ALLOWED_ATTRIBUTES:
            raise Skip(f"attribute {name}")
    if element.text.strip(" \t\r\n\f"):
        raise Skip("text content")


# CSS values


def parse_declarations(text: str) -> list[tuple[str, str]]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    declarations = []
    for part in text.split(";"):
        if not part.strip():
            continue
        name, colon, value = part.partition(":")
        if not colon:
            raise Skip("malformed style")
        value = value.strip()
        if "!important" in value:
            raise Skip("!important")
        declarations.append((name.strip().lower(), value))
    return declarations


NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"


def number(text: str) -> float | int:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_LENGTH:
        raise Skip("length beyond layout range")
    return int(value) if value == int(value) else value


def parse_number(value: str, what: str) -> float | int:
    if not re.fullmatch(NUMBER, value.strip(), flags=re.I):
        raise Skip(f"{what}: {value}")
    return number(value)


def percent_text(value: float | int) -> str:
    return f"{value}%"


def parse_length(value: str, what: str, allow_percent=True, allow_auto=False, allow_negative=True):
    """A px/0 length as a number, a percentage as "N%", or "auto"."""
    value = value.strip().lower()
    if allow_auto and value == "auto":
        return "auto"
    match = re.fullmatch(f"({NUMBER})(px|%)?", value, flags=re.I)
    if not match:
        keyword = value.split("(")[0]
        if keyword in ("min-content", "max-content", "fit-content", "stretch", "-webkit-fill-available", "content"):
            raise Skip(f"sizing keyword {keyword}")
        if "calc" in keyword:
            raise Skip("calc()")
        raise Skip(f"{what}: {value}")
    amount = number(match.group(1))
    unit = match.group(2)
    if not allow_negative and amount < 0:
        raise Skip(f"negative {what}")
    if unit == "%":
        if not allow_percent:
            raise Skip(f"percent {what}")
        return percent_text(amount)
    if unit is None and amount != 0:
        raise Skip(f"{what}: unitless {value}")
    return amount


def box_values(values: list[str], what: str) -> dict[str, str]:
    if not 1 <= len(values) <= 4:
        raise Skip(f"{what}: {' '.join(values)}")
    top = values[0]
    right = values[1] if len(values) > 1 else top
    bottom = values[2] if len(values) > 2 else top
    left = values[3] if len(values) > 3 else right
    return dict(zip(SIDES, (top, right, bottom, left)))


# Declared style


BORDER_STYLES = {"solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset"}
COSMETIC = {"background", "background-color", "color", "border-color", "font-family", "font-size", "line-height"}
INVALID_NAMES = {"flex-line-count", "alignitems"}
# The physical longhand of a logical one, by the element's own direction.
LOGICAL_SIDES = {
    direction: {
        f"{box}-{logical}": f"{box}-{physical}"
        for box in ("margin", "padding")
        for logical, physical in (
            ("inline-start", start), ("inline-end", end), ("block-start", "top"), ("block-end", "bottom")
        )
    }
    for direction, (start, end) in (("ltr", ("left", "right")), ("rtl", ("right", "left")))
}
LONGHANDS = {
    "display", "box-sizing", "position", "direction",
    "width", "height", "min-width", "max-width", "min-height", "max-height",
    "flex-direction", "flex-wrap", "justify-content", "align-items", "align-self", "align-content",
    "flex-grow", "flex-shrink", "flex-basis", "row-gap", "column-gap", "aspect-ratio",
    "overflow-x", "overflow-y", "top", "right", "bottom", "left", "order", "border-style",
    *(f"padding-{s}" for s in SIDES), *(f"margin-{s}" for s in SIDES), *(f"border-{s}-width" for s in SIDES),
}


def expand_border(value: str, sides, style: dict) -> None:
    """border / border-SIDE: a width and a style (a missing style would reset it to none)."""
    width = border_style = None
    for token in value.split():
        low = token.lower()
        if low in BORDER_STYLES or low in ("none", "hidden"):
            border_style = low
        elif re.fullmatch(f"{NUMBER}(px)?", low):
            width = low
        elif low in ("thin", "medium", "thick"):
            raise Skip("border width keyword")
    if width is None:
        raise Skip("border width keyword")
    if border_style is None:
        raise Skip("border shorthand without a style")
    if len(sides) < len(SIDES) and border_style != style.get("border-style", "solid"):
        raise Skip("border styles differing by side")
    style["border-style"] = border_style
    for side in sides:
        style[f"border-{side}-width"] = width


def is_number(token: str) -> bool:
    return re.fullmatch(NUMBER, token) is not None


def expand_flex(value: str, style: dict) -> None:
    """flex: none | auto | initial | [<grow> <shrink>?] || <basis>."""
    tokens = value.lower().split()
    keywords = {"none": ("0", "0", "auto"), "auto": ("1", "1", "auto"), "initial": ("0", "1", "auto")}
    if len(tokens) == 1 and tokens[0] in keywords:
        style["flex-grow"], style["flex-shrink"], style["flex-basis"] = keywords[tokens[0]]
        return
    factors, basis = [], None
    for index, token in enumerate(tokens):
        follows_factor = index > 0 and is_number(tokens[index - 1])
        if is_number(token) and len(factors) < 2 and (not factors or follows_factor):
            factors.append(token)
        elif basis is None and not is_number(token):
            basis = token
        else:
            raise Skip(f"flex: {value}")
    if not tokens:
        raise Skip("flex: (empty)")
    style["flex-grow"] = factors[0] if factors else "1"
    style["flex-shrink"] = factors[1] if len(factors) > 1 else "1"
    style["flex-basis"] = basis if basis is not None else ("0%" if factors else "auto")


def expand_flex_flow(value: str, style: dict) -> None:
    for token in value.lower().split():
        if token in ("row", "column", "row-reverse", "column-reverse"):
            style["flex-direction"] = token
        else:
            style["flex-wrap"] = token


def declared_direction(declarations: list[tuple[str, str]], unset: str) -> str:
    """The element's direction: its last `direction` declaration, else `unset`."""
    values = [value.strip().lower() for name, value in declarations if name == "direction"]
    direction = values[-1] if values else unset
    if direction not in ("ltr", "rtl"):
        raise Skip(f"direction: {direction}")
    return direction


def declared_style(element: Element, unset_direction: str) -> dict[str, str]:
    """The element's declarations as longhands; "direction" is always set (`unset_direction` if not declared)."""
    declarations = parse_declarations(element.attrs.get("style", ""))
    direction = declared_direction(declarations, unset_direction)
    style: dict[str, str] = {}
    for name, value in declarations:
        name = LOGICAL_SIDES[direction].get(name, name)
        if name in COSMETIC or name in INVALID_NAMES:
            continue
        if name in LONGHANDS:
            style[name] = value
        elif name in ("padding", "margin", "inset"):
            prefix = "" if name == "inset" else f"{name}-"
            for side, side_value in box_values(value.split(), name).items():
                style[prefix + side] = side_value
        elif name == "border-width":
            for side, side_value in box_values(value.split(), name).items():
                style[f"border-{side}-width"] = side_value
        elif name == "border":
            expand_border(value, SIDES, style)
        elif name in (f"border-{s}" for s in SIDES):
            expand_border(value, (name[len("border-") :],), style)
        elif name == "gap":
            parts = value.split()
            if len(parts) not in (1, 2):
                raise Skip(f"gap: {value}")
            style["row-gap"], style["column-gap"] = parts[0], parts[-1]
        elif name == "flex":
            expand_flex(value, style)
        elif name == "flex-flow":
            expand_flex_flow(value, style)
        elif name == "overflow":
            parts = value.split()
            if len(parts) not in (1, 2):
                raise Skip(f"overflow: {value}")
            style["overflow-x"], style["overflow-y"] = parts[0], parts[-1]
        else:
            raise Skip(f"property {name}")
    style["direction"] = direction
    return style


# Mapping


DIRECTIONS = {"row": "row", "column": "column", "row-reverse": "rowReverse", "column-reverse": "columnReverse"}
WRAPS = {"nowrap": False, "wrap": True, "wrap-reverse": "wrapReverse"}
JUSTIFY = {
    "flex-start": "start", "start": "start", "flex-end": "end", "end": "end", "center": "center",
    "space-between": "spaceBetween", "space-around": "spaceAround", "space-evenly": "spaceEvenly",
}
ALIGN_ITEMS = {
    "flex-start": "start", "start": "start", "flex-end": "end", "end": "end", "center": "center",
    "baseline": "baseline", "stretch": "stretch", "normal": "stretch",
}
ALIGN_SELF = {**ALIGN_ITEMS, "auto": "auto"}
ALIGN_CONTENT = {**JUSTIFY, "stretch": "stretch", "normal": "stretch"}
LOGICAL_ALIGNMENT = {"start", "end"}
FRAME_KEYS = {
    "width": "width", "height": "height", "min-width": "minWidth", "max-width": "maxWidth",
    "min-height": "minHeight", "max-height": "maxHeight",
}


def keyword(style: dict, name: str, table: dict, default: str):
    value = style.get(name, default).strip().lower()
    if value not in table:
        raise Skip(f"{name}: {value}")
    return value, table[value]


def check_common(style: dict) -> None:
    display = style.get("display", "flex").strip().lower()
    if display != "flex":
        raise Skip(f"display: {display}")
    if style.get("box-sizing", "border-box").strip().lower() != "border-box":
        raise Skip("box-sizing: content-box")
    border_style = style.get("border-style", "solid").strip().lower()
    if border_style not in BORDER_STYLES and border_style not in ("none", "hidden"):
        raise Skip(f"border-style: {border_style}")


def reversed_main(style: dict) -> bool:
    return style.get("flex-direction", "row").strip().lower().endswith("-reverse")


def reversed_cross(style: dict) -> bool:
    return style.get("flex-wrap", "nowrap").strip().lower() == "wrap-reverse"


def edges_list(values: dict):
    """[top, left, bottom, right], or one number when all four agree."""
    ordered = [values["top"], values["left"], values["bottom"], values["right"]]
    return ordered[0] if all(v == ordered[0] for v in ordered) else ordered


def padding_with_border(style: dict) -> dict:
    border_none = style.get("border-style", "solid").strip().lower() in ("none", "hidden")
    total = {}
    for side in SIDES:
        padding = parse_length(style.get(f"padding-{side}", "0"), "padding", allow_percent=False, allow_negative=False)
        border = parse_length(style.get(f"border-{side}-width", "0"), "border", allow_percent=False, allow_negative=False)
        total[side] = padding + (0 if border_none else border)
    return total


def has_border(style: dict) -> bool:
    if style.get("border-style", "solid").strip().lower() in ("none", "hidden"):
        return False
    return any(
        parse_length(style.get(f"border-{side}-width", "0"), "border", allow_percent=False) != 0 for side in SIDES
    )


def frame_props(style: dict, is_root: bool) -> dict:
    frame = {}
    for css, key in FRAME_KEYS.items():
        if css not in style:
            continue
        raw = style[css].strip().lower()
        if raw == "auto" and not css.startswith("max"):
            continue
        if raw == "none" and css.startswith("max"):
            continue
        value = parse_length(raw, css, allow_negative=False)
        if is_root and isinstance(value, str):
            raise Skip("percent size on root")
        frame[key] = value
    return frame


def container_props(style: dict) -> dict:
    props = {}
    _, direction = keyword(style, "flex-direction", DIRECTIONS, "row")
    if direction != "row":
        props["direction"] = direction
    _, wrap = keyword(style, "flex-wrap", WRAPS, "nowrap")
    if wrap is not False:
        props["wrap"] = wrap
    justify_css, justify = keyword(style, "justify-content", JUSTIFY, "flex-start")
    if justify_css in LOGICAL_ALIGNMENT and reversed_main(style):
        raise Skip("start/end alignment on a reversed axis")
    if justify != "start":
        props["justify"] = justify
    items_css, items = keyword(style, "align-items", ALIGN_ITEMS, "normal")
    content_css, content = keyword(style, "align-content", ALIGN_CONTENT, "normal")
    if reversed_cross(style) and (items_css in LOGICAL_ALIGNMENT or content_css in LOGICAL_ALIGNMENT):
        raise Skip("start/end alignment on a reversed axis")
    if items != "stretch":
        props["alignItems"] = items
    if content != "stretch":
        props["alignContent"] = content
    gaps = {}
    for css, key in (("row-gap", "rowGap"), ("column-gap", "columnGap")):
        raw = style.get(css, "normal").strip().lower()
        value = 0 if raw == "normal" else parse_length(raw, css, allow_negative=False)
        if value != 0:
            gaps[key] = value
    if gaps and gaps.get("rowGap") == gaps.get("columnGap"):
        props["gap"] = gaps["rowGap"]
    else:
        props.update(gaps)
    return props


def insets(style: dict) -> dict:
    values = {}
    for side in SIDES:
        if side in style:
            value = parse_length(style[side], side, allow_auto=True)
            if value != "auto":
                values[side] = value
    return values


def margin(style: dict) -> dict | None:
    values = {}
    for side in SIDES:
        value = parse_length(style.get(f"margin-{side}", "0"), "margin", allow_auto=True)
        if isinstance(value, str) and value != "auto":
            raise Skip("percent margin")
        values[side] = value
    if all(v == 0 for v in values.values()):
        return None
    return values


def item_props(style: dict, parent_style: dict) -> dict:
    props = {}
    for css, key, default in (("flex-grow", "grow", 0), ("flex-shrink", "shrink", 1)):
        if css in style:
            value = parse_number(style[css], css)
            if value < 0:
                raise Skip(f"negative {css}")
            if value != default:
                props[key] = value
    if "flex-basis" in style:
        basis = parse_length(style["flex-basis"], "flex-basis", allow_auto=True, allow_negative=False)
        if basis != "auto":
            props["basis"] = basis
    self_css, align_self = keyword(style, "align-self", ALIGN_SELF, "auto")
    if self_css in LOGICAL_ALIGNMENT and reversed_cross(parent_style):
        raise Skip("start/end alignment on a reversed axis")
    if align_self != "auto":
        props["alignSelf"] = align_self
    if "order" in style:
        order = parse_number(style["order"], "order")
        if order != int(order):
            raise Skip(f"order: {style['order']}")
        if order != 0:
            props["order"] = int(order)
    if "aspect-ratio" in style:
        props["aspectRatio"] = aspect_ratio(style["aspect-ratio"])
    position = style.get("position", "relative").strip().lower()
    offsets = insets(style)
    if position == "absolute":
        props["position"] = "absolute"
    elif position != "relative":
        raise Skip(f"position: {position}")
    if offsets:
        props["inset"] = offsets
    margins = margin(style)
    if margins is not None:
        props["margin"] = edges_list(margins)
    return props


def aspect_ratio(value: str) -> float | int:
    parts = [p.strip() for p in value.split("/")]
    if len(parts) not in (1, 2) or not all(re.fullmatch(NUMBER, p) for p in parts):
        raise Skip(f"aspect-ratio: {value}")
    ratio = float(parts[0]) / (float(parts[1]) if len(parts) == 2 else 1.0)
    if ratio <= 0:
        raise Skip(f"aspect-ratio: {value}")
    return int(ratio) if ratio == int(ratio) else ratio


def root_checks(style: dict) -> None:
    if style.get("position", "absolute").strip().lower() != "absolute":
        raise Skip("root position")
    if insets(style):
        raise Skip("insets on root")
    if margin(style) is not None:
        raise Skip("margin on root")
    if "aspect-ratio" in style:
        raise Skip("aspect-ratio on root")


def overflow_clip(style: dict) -> bool:
    x = style.get("overflow-x", "visible").strip().lower()
    y = style.get("overflow-y", "visible").strip().lower()
    if x == y == "visible":
        return False
    if x == y == "hidden":
        return True
    raise Skip(f"overflow: {x}" if x == y else f"overflow: {x} {y}")


def scene_node(element: Element, node_id: str, parent_style: dict | None, variant: str | None) -> dict:
    """The element's node. `variant` is the direction Taffy's stylesheet gives every element
    declaring none, or None where the revision leaves direction inherited."""
    check_element(element)
    is_root = parent_style is None
    inherited = "ltr" if is_root else parent_style["direction"]
    style = declared_style(element, variant or inherited)
    check_common(style)
    kids = element.children
    node = {"type": "Flex" if kids or is_root else "Rectangle", "id": node_id}
    if is_root:
        root_checks(style)
        node["fixedSize"] = True
    if style["direction"] != inherited:
        node["layoutDirection"] = style["direction"]
    if node["type"] == "Flex":
        node.update(container_props(style))
    padding = padding_with_border(style)
    if any(v != 0 for v in padding.values()):
        node["padding"] = edges_list(padding)
    frame = frame_props(style, is_root)
    if frame:
        node["frame"] = frame
    if overflow_clip(style):
        node["clip"] = True
    if not is_root:
        node.update(item_props(style, parent_style))
    if kids and has_border(style) and any(
        declared_style(kid, variant or style["direction"]).get("position", "").strip().lower() == "absolute"
        for kid in kids
    ):
        raise Skip("border around absolute children")
    if kids:
        node["children"] = [
            scene_node(child, child_id(node_id, index), style, variant) for index, child in enumerate(kids)
        ]
    return node


def child_id(parent_id: str, index: int) -> str:
    return f"{parent_id}{index}" if parent_id == "n" else f"{parent_id}.{index}"


# Expectations


class Frame:
    def __init__(self, x, y, width, height, children):
        self.values = [x, y, width, height]
        self.children = children


def expectations_from_xml(text: str) -> tuple[Frame, bool]:
    test = ET.fromstring(text)
    rounded = test.get("use-rounding", "true") != "false"
    expectations = test.find("expectations")
    nodes = list(expectations) if expectations is not None else []
    if len(nodes) != 1:
        raise Skip("expectations do not match the fixture")

    def frame(element):
        values = [number(element.get(k)) for k in ("x", "y", "width", "height")]
        return Frame(*values, [frame(child) for child in element if child.tag == "node"])

    viewport = test.find("viewport")
    if viewport is not None and (viewport.get("width"), viewport.get("height")) != ("max-content", "max-content"):
        raise Skip("viewport")
    return frame(nodes[0]), rounded


FIELD = re.compile(r"(size|location)\.(width|height|x|y)\s*[-,]\s*(" + NUMBER + r")f32")
LAYOUT_OF = re.compile(r"taffy\.layout\((\w+)\)")
NODE_DEF = re.compile(r"let (\w+)\s*=\s*taffy\s*\.new_(leaf|with_children|leaf_with_context)\(")


def rs_test_body(text: str, name: str) -> str:
    for function in (f"{name}__border_box", name):
        match = re.search(rf"fn {re.escape(function)}\(\)", text)
        if match:
            end = text.find("#[test]", match.end())
            return text[match.end() : end if end != -1 else len(text)]
    raise Skip("no generated test")


def expectations_from_rs(text: str, name: str) -> tuple[Frame, bool]:
    body = rs_test_body(text, name)
    children: dict[str, list[str]] = {}
    definitions = list(NODE_DEF.finditer(body))
    for index, definition in enumerate(definitions):
        end = definitions[index + 1].start() if index + 1 < len(definitions) else len(body)
        statement = body[definition.start() : end].split(".unwrap();")[0]
        kids = re.search(r"&\[([\w\s,]*)\]\s*,?\s*\)\s*$", statement)
        children[definition.group(1)] = (
            [k.strip() for k in kids.group(1).split(",") if k.strip()] if kids else []
        )
    values: dict[str, dict[str, float]] = {}
    current = None
    for match in re.finditer(LAYOUT_OF.pattern + "|" + FIELD.pattern, body):
        if match.group(1):
            current = match.group(1)
            continue
        values.setdefault(current, {}).setdefault(match.group(3), number(match.group(4)))
    root = "node"
    if root not in children:
        raise Skip("expectations do not match the fixture")

    def frame(var):
        got = values.get(var, {})
        if set(got) != {"x", "y", "width", "height"} or var not in children:
            raise Skip("expectations do not match the fixture")
        return Frame(got["x"], got["y"], got["width"], got["height"], [frame(k) for k in children[var]])

    rounded = "disable_rounding" not in body
    return frame(root), rounded


def load_expectations(revision: Revision, name: str, direction: str) -> tuple[Frame, bool]:
    xml = revision.read(f"{XML_DIR}/{name}__border_box_{direction}.xml")
    if xml is not None:
        return expectations_from_xml(xml)
    rs = revision.read(f"{RS_DIR}/{name}.rs") if direction == "ltr" else None
    if rs is not None:
        return expectations_from_rs(rs, name)
    raise Skip("no generated test")


def absolute_frames(node: dict, frame: Frame, origin, out: dict) -> None:
    kids = node.get("children", [])
    if len(kids) != len(frame.children):
        raise Skip("expectations do not match the fixture")
    x = origin[0] + frame.values[0]
    y = origin[1] + frame.values[1]
    out[node["id"]] = [tidy(x), tidy(y), frame.values[2], frame.values[3]]
    for child, child_frame in zip(kids, frame.children):
        absolute_frames(child, child_frame, (x, y), out)


def tidy(value: float) -> float | int:
    value = round(value, 6)
    return int(value) if value == int(value) else value


# Conversion


def convert(revision: Revision, name: str, direction: str) -> dict:
    """The fixture's case for its `direction` variant (named NAME__rtl for rtl)."""
    html = revision.read(f"{FIXTURE_DIR}/{name}.html")
    root_element = find_root(parse_html(html))
    root = scene_node(root_element, "n", None, direction if revision.direction_rules else None)
    frame, rounded = load_expectations(revision, name, direction)
    if frame.values[0] != 0 or frame.values[1] != 0:
        raise Skip("root offset")
    expected: dict = {}
    absolute_frames(root, frame, (0, 0), expected)
    width = max([1] + [math.ceil(f[0] + f[2]) for f in expected.values()])
    height = max([1] + [math.ceil(f[1] + f[3]) for f in expected.values()])
    case = {
        "name": name if direction == "ltr" else f"{name}__{direction}",
        "scene": {"canvas": {"width": width, "height": height}, "root": root},
        "expected": expected,
    }
    if not rounded:
        case["rounded"] = False
    return case


def convert_all(revision: Revision, names: list[str], direction: str) -> tuple[list[dict], Counter]:
    """The named fixtures' cases for the `direction` variant, and the skipped ones by reason."""
    cases, skipped = [], Counter()
    for name in names:
        try:
            cases.append(convert(revision, name, direction))
        except Skip as skip:
            skipped[str(skip)] += 1
    return cases, skipped


def reasons(skipped: Counter) -> list[str]:
    ordered = sorted(skipped.items(), key=lambda item: (-item[1], item[0]))
    return [f"  {count:4d}  {reason}" for reason, count in ordered]


def summary(total: int, converted: int, skipped: Counter, rtl: int, rtl_skipped: Counter) -> str:
    lines = [f"fixtures: {total}", f"converted: {converted}", f"skipped: {total - converted}", *reasons(skipped)]
    lines += [f"rtl variants: {rtl}", f"rtl variants skipped: {sum(rtl_skipped.values())}", *reasons(rtl_skipped)]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Convert Taffy's Chrome flexbox fixtures into Flex scenes.")
    parser.add_argument("repo", type=Path, help="Taffy git directory (bare or not)")
    parser.add_argument("--rev", default="HEAD", help="git revision (default HEAD)")
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    revision = Revision(args.repo, args.rev)
    names = revision.fixture_names()
    ltr, skipped = convert_all(revision, names, "ltr")
    rtl, rtl_skipped = [], Counter()
    if revision.direction_rules:
        rtl, rtl_skipped = convert_all(revision, [case["name"] for case in ltr], "rtl")
    header = {"source": f"Taffy test_fixtures/flex, revision {revision.commit}"}
    write_cases(args.output, header, ltr + rtl)
    print(summary(len(names), len(ltr), skipped, len(rtl), rtl_skipped))
    print(f"wrote {len(ltr) + len(rtl)} cases to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
