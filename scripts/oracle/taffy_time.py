"""Times Taffy's layout of Flex scenes (the layout workloads that `render bench
--export DIR` writes): the root laid out as taffy_map.py lays it out, every node
marked dirty before each run, and only Taffy's compute call timed (one warm-up,
then the median of the timed runs).

    taffy_time.py SCENE.json... [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from stretchable import taffylib
from stretchable.context import taffy
from stretchable.node import Node
from stretchable.style.geometry.length import LengthAvailableSpace
from stretchable.style.geometry.size import SizeAvailableSpace

import taffy_map


def nodes(node: Node):
    yield node
    for child in node:
        yield from nodes(child)


class DirtyTree:
    """A scene's root as a Taffy tree, built as taffy_map.py builds it. `mark_dirty()`
    marks every node dirty, `compute()` makes the compute call (the only part the
    timing and counting scripts measure) and `drop()` frees Taffy's nodes."""

    def __init__(self, scene: dict):
        width, height = taffy_map.canvas_size(scene)
        self.root, _ = taffy_map.build(taffy_map.as_block_root(scene["root"], width, height), "root", False)
        self.available = SizeAvailableSpace(LengthAvailableSpace.definite(width),
                                            LengthAvailableSpace.max_content()).to_dict()
        self.everything = list(nodes(self.root))

    def mark_dirty(self) -> None:
        for node in self.everything:
            node.mark_dirty()

    def compute(self) -> None:
        taffylib.node_compute_layout_with_measure(taffy._ptr, self.root._node_id, self.available,
                                                  lambda *_: (0.0, 0.0))

    def drop(self) -> None:
        taffylib.node_drop_all(taffy._ptr)


def time_scene(scene: dict, runs: int) -> float:
    tree = DirtyTree(scene)
    times = []
    try:
        for run in range(runs + 1):
            tree.mark_dirty()
            start = time.perf_counter()
            tree.compute()
            if run > 0:
                times.append((time.perf_counter() - start) * 1000)
    finally:
        tree.drop()
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="+")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    results = {}
    for path in args.scenes:
        with open(path) as f:
            scene = json.load(f)
        name = path.rsplit("/", 1)[-1].removesuffix(".json")
        results[name] = time_scene(scene, args.runs)
        if not args.json:
            print(f"{name:4} {results[name]:9.2f} ms  Taffy 0.7.7 compute")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
