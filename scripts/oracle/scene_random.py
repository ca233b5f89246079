"""Seeded random Flex scenes for differential layout tests.

Scene `index` of seed `seed` depends on nothing else: it is drawn from
random.Random(f"{seed}:{index}"). Values are integers or simple fractions.

The generator stays inside the part of CSS flexbox where Taffy 0.7.7 agrees
with Chrome. It never produces:
  - flex factors below 1 (0.2, 0.5, ...) on children of a container with a
    main-axis gap (Taffy subtracts the gaps twice when the factors sum
    below 1);
  - auto margins on children of a container with a gap, on absolutely
    positioned children, or on baseline-aligned items;
  - main-axis padding on a container whose main size is not a fixed number
    of points (Taffy floors every item's intrinsic contribution at the
    container's padding);
  - absolutely positioned children placed by their static position in the
    main axis of a reversed or wrap-reverse container, or by a
    space-around/space-evenly fallback;
  - baseline alignment in wrap-reverse containers, and reversed or
    wrap-reverse containers inside baseline-aligned items;
  - inside baseline-aligned items, containers that justify or align their
    items away from the start or by their baselines (Taffy counts an item's
    offset across its line twice in its container's baseline);
  - wrapping column containers without a fixed height in points (Taffy
    breaks their lines under a min-content height);
  - top and bottom margins on children of a column container without a
    fixed height in points (Taffy drops them from the container's height);
  - percentage min or max heights on the root (Taffy resolves them against
    an indefinite height);
  - items with an aspect ratio that could shrink or take a flex basis, or
    whose size comes only from stretching (Taffy ignores the automatic
    minimum size the ratio transfers, and the ratio of a stretched item);
  - growing items with a width in a row container without a fixed width in
    points (Taffy leaves their width out of the container's min-content
    size).
"""

from __future__ import annotations

import random

DIRECTIONS = ("row", "column", "rowReverse", "columnReverse")
JUSTIFY = ("start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly")
ALIGN_ITEMS = ("stretch", "start", "center", "end", "baseline")
ALIGN_SELF = ("auto", "stretch", "start", "center", "end", "baseline")
ALIGN_CONTENT = ("stretch", "start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly")
WRAPS = (False, True, "nowrap", "wrap", "wrapReverse")
PERCENTS = (10, 20, 25, 30, 40, 50, 60, 75, 80, 100)
GROW = (0, 1, 1, 1, 2, 3, 0.2, 0.3, 0.5, 1.5)
SHRINK = (0, 0, 1, 2, 3, 0.5)
ASPECT_RATIOS = (0.25, 0.5, 1, 1, 1.5, 2, 3)
EDGES = ("top", "left", "bottom", "right")
MAX_NODES = 36


class Container:
    """What a Flex tells the generator about the children it is generating."""

    def __init__(self, node: dict):
        self.direction = node.get("direction", "row")
        self.wrap = node.get("wrap", False)
        self.justify = node.get("justify", "start")
        self.align_items = node.get("alignItems", "stretch")
        self.is_row = self.direction in ("row", "rowReverse")
        self.reversed = self.direction.endswith("Reverse")
        self.wrap_reverse = self.wrap == "wrapReverse"
        main_gap = "columnGap" if self.is_row else "rowGap"
        self.has_gap = any(node.get(key, 0) != 0 for key in ("gap", "rowGap", "columnGap"))
        self.has_main_gap = node.get(main_gap, node.get("gap", 0)) != 0
        self.content_height_column = not self.is_row and not fixed_main_size(node)
        self.content_width_row = self.is_row and not fixed_main_size(node)
        self.in_baseline = False

    @property
    def main_edges(self):
        return ("left", "right") if self.is_row else ("top", "bottom")


class SceneGenerator:
    """Random scenes of one profile: "taffy" stays inside what Taffy 0.7.7 and Chrome
    agree on (the module docstring lists what it avoids); "full" uses every prop in
    every combination, for Chrome as the reference."""

    def __init__(self, seed: int, index: int, profile: str = "taffy"):
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}")
        self.rng = random.Random(f"{seed}:{index}") if profile == "taffy" else random.Random(f"{profile}:{seed}:{index}")
        self.nodes = 0
        self.full = profile == "full"

    # Values

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def points(self, low: int, high: int, step: int = 5) -> int:
        return self.rng.randint(low // step, high // step) * step

    def percent(self) -> str:
        return f"{self.rng.choice(PERCENTS)}%"

    def length(self, low: int, high: int, percent_chance: float):
        return self.percent() if self.chance(percent_chance) else self.points(low, high)

    def edges(self, low: int, high: int, auto_chance: float = 0.0):
        def value():
            if self.chance(auto_chance):
                return "auto"
            return self.rng.randint(low, high)

        form = self.rng.randrange(3)
        if form == 0:
            return value()
        if form == 1:
            return [value() for _ in EDGES]
        keys = [e for e in EDGES if self.chance(0.6)] or [self.rng.choice(EDGES)]
        return {key: value() for key in keys}

    # Props

    def frame(self, width_chance: float, height_chance: float, percent_chance: float) -> dict:
        frame = {}
        if self.chance(width_chance):
            frame["width"] = self.length(10, 300, percent_chance)
        if self.chance(height_chance):
            frame["height"] = self.length(10, 300, percent_chance)
        for axis in ("Width", "Height"):
            low = self.length(0, 150, percent_chance) if self.chance(0.12) else None
            high = self.length(20, 250, percent_chance) if self.chance(0.12) else None
            if low is not None:
                frame["min" + axis] = low
            if high is not None:
                frame["max" + axis] = high
        return frame

    def padding(self, node: dict, main_edges_allowed: tuple[str, ...] | None) -> None:
        if not self.chance(0.3):
            return
        padding = self.edges(0, 20)
        if main_edges_allowed is not None:
            padding = drop_edges(padding, main_edges_allowed)
        if padding not in ({}, 0, [0, 0, 0, 0]):
            node["padding"] = padding

    def container_props(self, node: dict, in_baseline: bool) -> None:
        rng = self.rng
        direction = rng.choice(DIRECTIONS[:2] if in_baseline and not self.full else DIRECTIONS + DIRECTIONS[:2])
        if direction != "row" or self.chance(0.3):
            node["direction"] = direction
        if self.chance(0.45):
            wrap = rng.choice(WRAPS)
            if self.full or not (in_baseline and wrap == "wrapReverse"):
                node["wrap"] = wrap
        if self.chance(0.5):
            justify = rng.choice(JUSTIFY)
            if self.full or not in_baseline:
                node["justify"] = justify
        if self.chance(0.5):
            align = rng.choice(ALIGN_ITEMS)
            if self.full or not (align == "baseline" and node.get("wrap") == "wrapReverse") and not (
                    in_baseline and align in ("center", "end", "baseline")):
                node["alignItems"] = align
        if self.chance(0.4):
            align_content = rng.choice(ALIGN_CONTENT)
            if self.full or not in_baseline:
                node["alignContent"] = align_content
        if self.chance(0.35):
            self.gaps(node)

    def gaps(self, node: dict) -> None:
        form = self.rng.randrange(4)
        value = lambda: self.percent() if self.chance(0.25) else self.rng.randint(1, 20)  # noqa: E731
        if form == 0:
            node["gap"] = value()
        elif form == 1:
            node["rowGap"] = value()
        elif form == 2:
            node["columnGap"] = value()
        else:
            node["gap"] = value()
            node["rowGap" if self.chance(0.5) else "columnGap"] = value()

    def factor(self, choices, container: Container):
        value = self.rng.choice(choices)
        if not self.full and container.has_main_gap and 0 < value < 1:
            return 1
        return value

    def item_props(self, node: dict, container: Container) -> bool:
        """Adds flex item props; returns whether the item is baseline-aligned."""
        rng = self.rng
        absolute = self.chance(0.1)
        if self.chance(0.4):
            node["grow"] = self.factor(GROW, container)
        if self.chance(0.3):
            node["shrink"] = self.factor(SHRINK, container)
        if self.chance(0.3):
            node["basis"] = rng.choice([self.points(0, 200), self.percent(), "auto"])
        if self.chance(0.2):
            align = rng.choice(ALIGN_SELF)
            if self.full or not (align == "baseline" and container.wrap_reverse) and not (
                    container.in_baseline and align in ("center", "end", "baseline")):
                node["alignSelf"] = align
        if self.chance(0.15):
            node["order"] = rng.randint(-2, 3)
        if self.chance(0.1):
            node["aspectRatio"] = rng.choice(ASPECT_RATIOS)
            node.pop("basis", None)
        effective = node.get("alignSelf", "auto")
        baseline = (effective == "auto" and container.align_items == "baseline") or effective == "baseline"
        if absolute:
            self.absolute(node, container)
        if self.chance(0.2):
            auto_allowed = self.full or not (absolute or baseline or container.has_gap)
            margin = self.edges(0, 15, auto_chance=0.25 if auto_allowed else 0.0)
            if container.content_height_column and not self.full:
                margin = drop_edges(margin, ("left", "right"))
            if margin not in ({}, 0, [0, 0, 0, 0]):
                node["margin"] = margin
        return baseline and not absolute

    def absolute(self, node: dict, container: Container) -> None:
        node["position"] = "absolute"
        insets = {}
        if self.chance(0.8):
            for edge in EDGES:
                if self.chance(0.45):
                    insets[edge] = self.length(0, 40, 0.3)
        start, end = container.main_edges
        static_main = start not in insets and end not in insets
        risky_main = container.reversed or container.justify in ("spaceAround", "spaceEvenly") or (
            container.wrap_reverse and container.justify == "end"
        )
        if static_main and risky_main and not self.full:
            insets[self.rng.choice((start, end))] = self.length(0, 40, 0.3)
        cross = ("top", "bottom") if container.is_row else ("left", "right")
        aligned = node.get("alignSelf", "auto")
        if aligned == "auto":
            aligned = container.align_items
        if not self.full and container.wrap_reverse and aligned == "baseline" and not any(e in insets for e in cross):
            insets[cross[0]] = self.length(0, 40, 0.3)
        if insets:
            node["inset"] = {edge: insets[edge] for edge in EDGES if edge in insets}

    # Trees

    def child_id(self, parent_id: str, index: int) -> str:
        return f"{parent_id}{index}" if parent_id == "n" else f"{parent_id}.{index}"

    def flex(self, node_id: str, level: int, depth: int, container: Container, in_baseline: bool) -> dict:
        node = {"type": "Flex", "id": node_id}
        self.nodes += 1
        in_baseline = self.item_props(node, container) or in_baseline
        self.container_props(node, in_baseline)
        frame = self.frame(0.35, 0.3, 0.3)
        if frame:
            node["frame"] = frame
        self.fix_column_wrap(node)
        self.padding(node, self.main_padding_allowed(node, is_root=False))
        if self.chance(0.1):
            node["clip"] = True
        self.settle_aspect_ratio(node)
        self.settle_growing_width(node, container)
        children = self.children(node, level, depth, in_baseline)
        if children:
            node["children"] = children
        return node

    def fix_column_wrap(self, node: dict) -> None:
        """A wrapping column gets a fixed height in points (taffy profile)."""
        if self.full:
            return
        is_column = node.get("direction", "row") in ("column", "columnReverse")
        if is_column and node.get("wrap", False) not in (False, "nowrap") and not fixed_main_size(node):
            node.setdefault("frame", {})["height"] = self.points(20, 300)

    def settle_growing_width(self, node: dict, container: Container) -> None:
        """A growing item of a row without a fixed width has no width of its own (or, with a ratio, does not grow;
        taffy profile)."""
        if self.full:
            return
        if not (container.content_width_row and node.get("grow", 0) > 0):
            return
        if "aspectRatio" in node:
            del node["grow"]
            return
        frame = node.get("frame", {})
        frame.pop("width", None)
        if not frame:
            node.pop("frame", None)

    def settle_aspect_ratio(self, node: dict) -> None:
        """An item with an aspect ratio gets a size in points and does not shrink (unless it clips; taffy profile)."""
        if self.full:
            return
        if "aspectRatio" not in node:
            return
        frame = node.setdefault("frame", {})
        if not any(isinstance(frame.get(key), int) for key in ("width", "height")):
            frame[self.rng.choice(("width", "height"))] = self.points(10, 200)
        if not node.get("clip"):
            node["shrink"] = 0

    def main_padding_allowed(self, node: dict, is_root: bool) -> tuple[str, ...] | None:
        """None when any padding is fine, else the edges to keep (the full profile keeps every edge)."""
        if self.full:
            return None
        is_row = node.get("direction", "row") in ("row", "rowReverse")
        if fixed_main_size(node):
            return None
        if is_root and is_row and not node.get("fixedSize"):
            return None
        return ("top", "bottom") if is_row else ("left", "right")

    def children(self, node: dict, level: int, depth: int, in_baseline: bool) -> list[dict]:
        container = Container(node)
        container.in_baseline = in_baseline
        count = self.rng.choice((0, 1, 2, 2, 3, 3, 4, 4, 5, 6))
        children = []
        for index in range(count):
            if self.nodes >= MAX_NODES:
                break
            child_id = self.child_id(node["id"], index)
            if level + 1 < depth and self.chance(0.45):
                children.append(self.flex(child_id, level + 1, depth, container, in_baseline))
            else:
                children.append(self.rectangle(child_id, container))
        return children

    def rectangle(self, node_id: str, container: Container) -> dict:
        node = {"type": "Rectangle", "id": node_id}
        self.nodes += 1
        self.item_props(node, container)
        frame = self.frame(0.6, 0.6, 0.25)
        if frame:
            node["frame"] = frame
        if self.chance(0.15):
            node["padding"] = self.edges(0, 15)
        if self.chance(0.05):
            node["clip"] = True
        self.settle_aspect_ratio(node)
        self.settle_growing_width(node, container)
        return node

    def scene(self) -> dict:
        width = self.rng.randint(100, 600)
        height = self.rng.randint(100, 600)
        depth = self.rng.randint(1, 4)
        fixed = self.chance(0.12)
        root = {"type": "Flex", "id": "n"}
        if fixed:
            root["fixedSize"] = True
        self.nodes = 1
        self.container_props(root, in_baseline=False)
        frame = self.frame(0.3, 0.3, 0.0 if fixed else 0.4)
        for key in ("minHeight", "maxHeight"):
            if not self.full and isinstance(frame.get(key), str):
                frame[key] = self.points(0, 250)
        if frame:
            root["frame"] = frame
        self.fix_column_wrap(root)
        self.padding(root, self.main_padding_allowed(root, is_root=True))
        if self.chance(0.08):
            root["clip"] = True
        children = self.children(root, 0, depth, False)
        if children:
            root["children"] = children
        return {"canvas": {"width": width, "height": height}, "root": root}


def fixed_main_size(node: dict) -> bool:
    """Whether a Flex has a size in points along its main axis."""
    is_row = node.get("direction", "row") in ("row", "rowReverse")
    value = node.get("frame", {}).get("width" if is_row else "height")
    return isinstance(value, int)


def drop_edges(padding, keep: tuple[str, ...]):
    """The padding with every edge outside `keep` set to 0."""
    if isinstance(padding, dict):
        return {edge: value for edge, value in padding.items() if edge in keep}
    values = padding if isinstance(padding, list) else [padding] * 4
    kept = [value if edge in keep else 0 for edge, value in zip(EDGES, values)]
    return kept


PROFILES = ("taffy", "full")


def random_scene(seed: int, index: int, profile: str = "taffy") -> dict:
    return SceneGenerator(seed, index, profile).scene()


# The "text" profile: Flex trees with Text leaves, for Chrome as the reference (chrome_text.py).

TEXT_WORDS = (
    "a", "I", "an", "at", "by", "go", "in", "is", "it", "of", "on", "to", "up", "we",
    "and", "box", "day", "fit", "for", "key", "new", "off", "the", "two", "way", "why",
    "area", "from", "grid", "icon", "just", "line", "more", "over", "text", "that", "were", "with",
    "above", "after", "align", "basis", "child", "flows", "gives", "large", "point", "quick", "small", "width",
    "border", "column", "effect", "family", "layout", "little", "nested", "office", "wrapped",
    "another", "between", "browser", "content", "measure", "minimum", "shrinks", "AVAWAY",
    "baseline", "document", "flexible", "relative", "sentence", "tomorrow", "Wolfgang",
    "affluent", "container", "different", "paragraph", "structure", "typefaces",
)
TEXT_LONG_WORDS = (
    "internationalization", "incomprehensibilities", "counterrevolutionaries", "characteristically",
    "responsibilities", "well-known", "state-of-the-art", "Mississippi", "straightforward",
)
TEXT_FONTS = (("Inter", ("regular", "medium", "semibold", "bold")), ("DejaVu Sans", ("regular", "bold")))
TEXT_SIZES = (11, 12, 13, 15, 17, 20, 24, 28)
TEXT_LINE_HEIGHTS = (1.0, 1.2, 1.25, 1.4, 1.5, 2.0)
TEXT_MAX_NODES = 24


class TextSceneGenerator(SceneGenerator):
    """Random Flex trees, depth 1 to 3, whose leaves are mostly Text (Latin words in Inter or
    DejaVu Sans, 1 to 30 of them, some long; a lineHeight now and then) and a few Rectangles.
    Containers and items take the taffy profile's props (sizes mostly in points), less those
    where Chrome and the engine part for reasons other than text: no aspect ratios and no
    percentage gaps or insets. Scene `index` of seed `seed` comes from
    random.Random(f"text:{seed}:{index}")."""

    def __init__(self, seed: int, index: int):  # noqa: super().__init__ is for the other profiles
        self.rng = random.Random(f"text:{seed}:{index}")
        self.nodes = 0
        self.full = False

    def gaps(self, node: dict) -> None:
        form = self.rng.randrange(4)
        value = lambda: self.rng.randint(1, 20)  # noqa: E731
        if form == 0:
            node["gap"] = value()
        elif form == 1:
            node["rowGap"] = value()
        elif form == 2:
            node["columnGap"] = value()
        else:
            node["gap"] = value()
            node["rowGap" if self.chance(0.5) else "columnGap"] = value()

    def item_props(self, node: dict, container: Container) -> bool:
        baseline = super().item_props(node, container)
        node.pop("aspectRatio", None)
        for edge, value in node.get("inset", {}).items():
            if isinstance(value, str):
                node["inset"][edge] = self.points(0, 40)
        return baseline

    def words(self) -> str:
        rng = self.rng
        count = rng.randint(1, 6) if self.chance(0.5) else rng.randint(1, 30)
        words = []
        for index in range(count):
            word = rng.choice(TEXT_LONG_WORDS) if self.chance(0.07) else rng.choice(TEXT_WORDS)
            if index == 0:
                word = word[0].upper() + word[1:]
            if index < count - 1 and self.chance(0.08):
                word += rng.choice((",", ".", ";"))
            words.append(word)
        return " ".join(words) + ("." if self.chance(0.3) else "")

    def text(self, node_id: str, container: Container) -> dict:
        rng = self.rng
        node = {"type": "Text", "id": node_id}
        self.nodes += 1
        self.item_props(node, container)
        frame = {}
        if self.chance(0.15):
            frame["width"] = self.length(30, 250, 0.2)
        if self.chance(0.05):
            frame["height"] = self.points(10, 120)
        if self.chance(0.1):
            frame["maxWidth"] = self.length(40, 250, 0.2)
        if self.chance(0.06):
            frame["minWidth"] = self.points(0, 120)
        if frame:
            node["frame"] = frame
        if self.chance(0.1):
            node["padding"] = self.edges(0, 10)
        self.settle_growing_width(node, container)
        node["text"] = self.words()
        family, weights = rng.choice(TEXT_FONTS)
        size = rng.choice(TEXT_SIZES)
        node["font"] = {"family": family, "size": size, "weight": rng.choice(weights)}
        if self.chance(0.3):
            value = round(size * rng.choice(TEXT_LINE_HEIGHTS) * 2) / 2
            node["lineHeight"] = int(value) if value == int(value) else value
        return node

    def children(self, node: dict, level: int, depth: int, in_baseline: bool) -> list[dict]:
        container = Container(node)
        container.in_baseline = in_baseline
        count = self.rng.choice((1, 1, 2, 2, 3, 3, 4, 5))
        children = []
        for index in range(count):
            if self.nodes >= TEXT_MAX_NODES:
                break
            child_id = self.child_id(node["id"], index)
            if level + 1 < depth and self.chance(0.4):
                children.append(self.flex(child_id, level + 1, depth, container, in_baseline))
            elif self.chance(0.1):
                children.append(self.rectangle(child_id, container))
            else:
                children.append(self.text(child_id, container))
        return children

    def scene(self) -> dict:
        width = self.rng.randint(100, 600)
        height = self.rng.randint(100, 600)
        depth = self.rng.randint(1, 3)
        fixed = self.chance(0.12)
        root = {"type": "Flex", "id": "n"}
        if fixed:
            root["fixedSize"] = True
        self.nodes = 1
        self.container_props(root, in_baseline=False)
        frame = self.frame(0.3, 0.3, 0.0 if fixed else 0.2)
        for key in ("minHeight", "maxHeight"):
            if isinstance(frame.get(key), str):
                frame[key] = self.points(0, 250)
        if frame:
            root["frame"] = frame
        self.fix_column_wrap(root)
        self.padding(root, self.main_padding_allowed(root, is_root=True))
        if self.chance(0.08):
            root["clip"] = True
        children = self.children(root, 0, depth, False)
        if children:
            root["children"] = children
        return {"canvas": {"width": width, "height": height}, "root": root}


def random_text_scene(seed: int, index: int) -> dict:
    """Scene `index` of seed `seed` of the text profile (TextSceneGenerator)."""
    return TextSceneGenerator(seed, index).scene()
