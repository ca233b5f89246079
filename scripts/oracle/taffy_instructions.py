"""Counts the instructions of one layout pass, ours against Taffy's, on the Flex
layout workloads (L1, L2): times on a shared machine wander by a third from run to
run, instruction counts do not.

    taffy_instructions.py --render .build/release/render [--only L1,L2]

Both sides lay out the same tree with every node marked dirty first, as
`taffy_time.py` and `render bench --only L1d,L2d` time them:

- ours: `render bench --only Lnd` under `valgrind --tool=callgrind`, counting only
  inside `LayoutTree.layout`;
- Taffy's: this script, run again under callgrind with instrumentation switched on
  only around the compute call (the Python that builds the tree is not counted), and
  counting only inside that call.

Each side is run for one pass and for three: a pass is half the difference, so what a
run does once (the first layout, which also makes our nodes; loading) drops out.
Needs valgrind (`apt-get install valgrind`) and binutils' `strip` (callgrind cannot
read the debug information Swift writes, so a copy of the binary without it is
counted; its symbols stay).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

OURS_SYMBOL = "$s16RasterComponents10LayoutTreeC6layout*"
TAFFY_SYMBOL = "*pyfunction_node_compute_layout_with_measure*"


def run(args: list[str]) -> None:
    """Runs a helper command, stopping with its error output when it fails."""
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(args)} exited with {result.returncode}:\n{result.stderr[-2000:]}")


def collected(args: list[str], env: dict[str, str] | None = None) -> int:
    """Runs `args` under callgrind and returns the instructions it collected."""
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out", *args],
            capture_output=True, text=True, env=env)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != 0 or not match:
        sys.exit(f"error: {' '.join(args[-6:])} failed under callgrind:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def ours(render: str, workload: str, runs: int) -> int:
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    return collected([f"--toggle-collect={OURS_SYMBOL}", render, "bench", "--only", workload + "d",
                      "--runs", str(runs)], env)


def taffys(scene: str, passes: int) -> int:
    return collected(["--instr-atstart=no", f"--toggle-collect={TAFFY_SYMBOL}", sys.executable,
                      os.path.abspath(__file__), "--taffy-child", scene, str(passes)])


def taffy_child(scene_path: str, passes: int) -> None:
    """Under callgrind: builds the Taffy tree, then lays it out `passes` times, each
    time every node marked dirty and instrumentation on only around the compute call."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.setrecursionlimit(10_000)
    from taffy_time import DirtyTree

    with open(scene_path) as f:
        tree = DirtyTree(json.load(f))
    pid = str(os.getpid())
    try:
        for _ in range(passes):
            tree.mark_dirty()
            run(["callgrind_control", "-i", "on", pid])
            tree.compute()
            run(["callgrind_control", "-i", "off", pid])
    finally:
        tree.drop()


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--taffy-child":
        taffy_child(sys.argv[2], int(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--render", required=True, help="a release build of render")
    parser.add_argument("--only", default="L1,L2", help="Flex layout workloads (default L1,L2)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.path.isfile(args.render):
        parser.error(f"--render {args.render}: no such file (build it with swift build -c release)")
    workloads = args.only.split(",")
    unknown = [w for w in workloads if w not in ("L1", "L2")]
    if unknown:
        parser.error(f"only the Flex workloads L1 and L2 have a Taffy tree, not {', '.join(unknown)}")
    for tool in ("valgrind", "callgrind_control", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"error: {tool} is not installed (apt-get install valgrind binutils)")
    results = {}
    with tempfile.TemporaryDirectory() as work:
        render = os.path.join(work, "render")
        shutil.copy(args.render, render)
        run(["strip", "--strip-debug", render])
        run([render, "bench", "--only", ",".join(workloads), "--export", work])
        for w in workloads:
            ours_pass = (ours(render, w, 3) - ours(render, w, 1)) / 2
            scene = os.path.join(work, w + ".json")
            taffy_pass = (taffys(scene, 3) - taffys(scene, 1)) / 2
            results[w] = {"ours": ours_pass, "taffy": taffy_pass, "ratio": ours_pass / taffy_pass}
            if not args.json:
                print(f"{w}: ours {ours_pass / 1e6:8.1f} M instructions a pass, Taffy 0.7.7 {taffy_pass / 1e6:8.1f} M, "
                      f"ratio {ours_pass / taffy_pass:.3f}", flush=True)
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
