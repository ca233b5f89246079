"""Greedy shrinking of a scene while a property of it still holds.

`shrink(scene, interesting)` tries smaller variants one at a time: removing
children, hoisting a Flex's children into its place, turning a Flex into a
Rectangle, dropping props and parts of props, simplifying numbers and the
canvas, dropping words from texts. A variant is kept when `interesting(variant)` is true; passes repeat
until none is kept.
"""

from __future__ import annotations

import copy
import re
from typing import Callable, Iterator

STRUCTURAL_KEYS = ("type", "id", "children")
CONTAINER_KEYS = ("direction", "justify", "alignItems", "alignContent", "wrap", "gap", "rowGap", "columnGap")
PERCENT = re.compile(r"^(-?\d+(?:\.\d+)?)%$")

Scene = dict
Predicate = Callable[[Scene], bool]


# Paths into the scene: tuples of keys and indices.


def get(value, path):
    for key in path:
        value = value[key]
    return value


def node_paths(scene: Scene) -> list[tuple]:
    """Paths of every node, parents before children."""
    paths = []

    def visit(path):
        paths.append(path)
        for index, _ in enumerate(get(scene, path).get("children", [])):
            visit(path + ("children", index))

    visit(("root",))
    return paths


def with_change(scene: Scene, path: tuple, change: Callable) -> Scene:
    variant = copy.deepcopy(scene)
    change(get(variant, path[:-1]), path[-1])
    return variant


def without(scene: Scene, path: tuple) -> Scene:
    def remove(parent, key):
        del parent[key]

    variant = with_change(scene, path, remove)
    return tidy_empty(variant, path[:-1])


def replaced(scene: Scene, path: tuple, value) -> Scene:
    def put(parent, key):
        parent[key] = value

    return with_change(scene, path, put)


def tidy_empty(scene: Scene, path: tuple) -> Scene:
    """Drops a container prop left empty ({} or []) by a removal."""
    if len(path) < 2:
        return scene
    value = get(scene, path)
    if isinstance(value, (dict, list)) and not value:
        parent = get(scene, path[:-1])
        del parent[path[-1]]
    return scene


# Candidate variants, roughly largest reductions first.


def structure_variants(scene: Scene) -> Iterator[Scene]:
    for path in node_paths(scene):
        node = get(scene, path)
        children = node.get("children", [])
        if len(children) > 1:
            yield without(scene, path + ("children",))
        for index in reversed(range(len(children))):
            yield without(scene, path + ("children", index))
        for index, child in enumerate(children):
            if child.get("type") == "Flex":
                yield hoisted(scene, path, index)
                yield as_rectangle(scene, path + ("children", index))
    root = scene["root"]
    for child in root.get("children", []):
        if child.get("type") == "Flex" and child.get("position") != "absolute":
            yield promoted(scene, child)


def hoisted(scene: Scene, parent_path: tuple, index: int) -> Scene:
    variant = copy.deepcopy(scene)
    children = get(variant, parent_path)["children"]
    grandchildren = children[index].get("children", [])
    children[index : index + 1] = grandchildren
    if not children:
        del get(variant, parent_path)["children"]
    return variant


def as_rectangle(scene: Scene, path: tuple) -> Scene:
    variant = copy.deepcopy(scene)
    node = get(variant, path)
    node["type"] = "Rectangle"
    for key in CONTAINER_KEYS + ("children",):
        node.pop(key, None)
    return variant


ITEM_KEYS = ("grow", "shrink", "basis", "alignSelf", "order", "aspectRatio", "position", "inset", "margin")


def promoted(scene: Scene, child: dict) -> Scene:
    variant = copy.deepcopy(scene)
    root = copy.deepcopy(child)
    for key in ITEM_KEYS:
        root.pop(key, None)
    if scene["root"].get("fixedSize"):
        root["fixedSize"] = True
    variant["root"] = root
    return variant


def prop_variants(scene: Scene) -> Iterator[Scene]:
    for path in node_paths(scene):
        node = get(scene, path)
        for key in list(node):
            if key in STRUCTURAL_KEYS:
                continue
            yield without(scene, path + (key,))
            value = node[key]
            if isinstance(value, dict):
                for sub in list(value):
                    yield without(scene, path + (key, sub))
            if isinstance(value, list) and key in ("padding", "margin"):
                for single in dict.fromkeys(value):
                    yield replaced(scene, path + (key,), single)


def number_paths(scene: Scene) -> Iterator[tuple]:
    yield ("canvas", "width")
    yield ("canvas", "height")
    for path in node_paths(scene):
        node = get(scene, path)
        for key, value in node.items():
            if key in STRUCTURAL_KEYS:
                continue
            if isinstance(value, dict):
                for sub, inner in value.items():
                    if is_numeric(inner):
                        yield path + (key, sub)
            elif isinstance(value, list):
                for index, inner in enumerate(value):
                    if is_numeric(inner):
                        yield path + (key, index)
            elif is_numeric(value):
                yield path + (key,)


def is_numeric(value) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, float)) or (isinstance(value, str) and PERCENT.match(value) is not None)


def complexity(value) -> tuple:
    """Smaller is simpler: zero, integers, round numbers, small magnitudes; points before percentages."""
    percent = isinstance(value, str)
    number = float(PERCENT.match(value).group(1)) if percent else float(value)
    magnitude = abs(number)
    return (
        number != 0,
        percent,
        number != int(number),
        magnitude % 10 != 0,
        magnitude % 5 != 0,
        number < 0,
        magnitude,
    )


def simpler_numbers(value, minimum: float | None) -> list:
    percent = isinstance(value, str)
    number = float(PERCENT.match(value).group(1)) if percent else float(value)
    raw = [0, 1, round(number), int(number / 2), round(number / 10) * 10, round(number / 5) * 5, 10, 50, 100]
    if percent:
        candidates = [f"{clean(c)}%" for c in raw] + [clean(c) for c in raw]
    else:
        candidates = [clean(c) for c in raw]
        if 0 < number < 1:
            candidates.append(1)
    if minimum is not None:
        candidates = [c for c in candidates if isinstance(c, str) or c >= minimum]
    seen, result = set(), []
    for candidate in candidates:
        key = repr(candidate)
        if key not in seen and complexity(candidate) < complexity(value):
            seen.add(key)
            result.append(candidate)
    return sorted(result, key=complexity)


def clean(number: float):
    return int(number) if number == int(number) else number


def number_minimum(path: tuple) -> float | None:
    if path[0] == "canvas":
        return 1
    if path[-1] == "aspectRatio":
        return 0.25
    return None


def number_variants(scene: Scene) -> Iterator[Scene]:
    for path in number_paths(scene):
        value = get(scene, path)
        for candidate in simpler_numbers(value, number_minimum(path)):
            yield replaced(scene, path, candidate)


def text_variants(scene: Scene) -> Iterator[Scene]:
    """Shorter texts: the first half of the words, then without each word in turn (last first)."""
    for path in node_paths(scene):
        text = get(scene, path).get("text")
        if not isinstance(text, str):
            continue
        words = text.split(" ")
        if len(words) > 3:
            yield replaced(scene, path + ("text",), " ".join(words[: len(words) // 2]))
        if len(words) > 1:
            for index in reversed(range(len(words))):
                yield replaced(scene, path + ("text",), " ".join(words[:index] + words[index + 1 :]))


PASSES = (structure_variants, prop_variants, text_variants, number_variants)


def first_interesting(variants: Iterator[Scene], current: Scene, interesting: Predicate, judge_many, chunk: int):
    """The first variant (other than `current`) for which the property holds, or None."""
    if judge_many is None:
        for variant in variants:
            if variant != current and interesting(variant):
                return variant
        return None
    pending = []
    for variant in variants:
        if variant != current:
            pending.append(variant)
        if len(pending) == chunk:
            found = next((v for v, ok in zip(pending, judge_many(pending)) if ok), None)
            if found is not None:
                return found
            pending = []
    if pending:
        return next((v for v, ok in zip(pending, judge_many(pending)) if ok), None)
    return None


def shrink(
    scene: Scene,
    interesting: Predicate,
    log: Callable[[str], None] | None = None,
    judge_many: Callable[[list], list] | None = None,
    chunk: int = 16,
) -> Scene:
    """The smallest variant of `scene` found for which `interesting` holds.

    With `judge_many` (a list of variants -> a list of booleans), variants are judged
    `chunk` at a time; the variant kept is still the first interesting one in order.
    """
    current = copy.deepcopy(scene)
    changed = True
    while changed:
        changed = False
        for make_variants in PASSES:
            progress = True
            while progress:
                progress = False
                variant = first_interesting(make_variants(current), current, interesting, judge_many, chunk)
                if variant is not None:
                    current = variant
                    progress = changed = True
                    if log:
                        log(f"{make_variants.__name__}: {size(current)} nodes, {props(current)} props")
    return current


def size(scene: Scene) -> int:
    return len(node_paths(scene))


def props(scene: Scene) -> int:
    return sum(
        len([k for k in get(scene, path) if k not in STRUCTURAL_KEYS]) for path in node_paths(scene)
    )
