#!/usr/bin/env python3
"""Two builds of `render`, side by side in one run: speed and bytes of every workload.

usage: scripts/bench_ab.py A B [--passes 5] [--runs 7] [--only W1,W7] [--json]

A and B are `render` binaries (for example the release build of an earlier commit and
of this one). Each pass runs `A bench --json` and then `B bench --json` (alternating
which goes first, never both at once), so both see the same machine. The table gives,
per workload, the median over the passes of each binary's median and the ratio B / A
(below 1.0: B is faster). Workloads only one binary knows are left out.

Bytes: both binaries write every workload's image (`bench --save`), and the images are
compared byte for byte; a workload whose images differ is listed and the exit status is 1.
"""
import argparse
import filecmp
import json
import os
import statistics
import subprocess
import sys
import tempfile


def bench(binary, only, runs, save=None):
    args = [binary, "bench", "--json", "--runs", str(runs)]
    if only:
        args += ["--only", ",".join(only)]
    if save:
        args += ["--save", save]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"bench_ab: {' '.join(args[:2])} failed: {run.stderr.strip()}")
    out = run.stdout
    result = json.loads(out.strip().splitlines()[-1])
    return {k: (v["median_ms"] if isinstance(v, dict) else v) for k, v in result.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default="")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    args = parser.parse_args()

    only = args.only.split(",") if args.only else []
    times = {"a": {}, "b": {}}
    for p in range(args.passes):
        order = ("a", "b") if p % 2 == 0 else ("b", "a")
        for side in order:
            for w, ms in bench(getattr(args, side), only, args.runs).items():
                times[side].setdefault(w, []).append(ms)
        print(f"pass {p + 1} of {args.passes} done", file=sys.stderr, flush=True)
    # The workloads both binaries ran, in B's order.
    common = [w for w in times["b"] if w in times["a"]]
    if not common:
        sys.exit("bench_ab: no workload both binaries know")

    differing = []
    with tempfile.TemporaryDirectory() as folder:
        saved = {side: os.path.join(folder, side) for side in ("a", "b")}
        for side in ("a", "b"):
            os.makedirs(saved[side])
            bench(getattr(args, side), only, 1, save=saved[side])
        names = sorted(set(os.listdir(saved["a"])) | set(os.listdir(saved["b"])))
        for name in names:
            pa, pb = os.path.join(saved["a"], name), os.path.join(saved["b"], name)
            if not (os.path.exists(pa) and os.path.exists(pb) and filecmp.cmp(pa, pb, shallow=False)):
                differing.append(name)
        compared = len(names)

    rows = []
    for w in common:
        ma, mb = statistics.median(times["a"][w]), statistics.median(times["b"][w])
        rows.append({"workload": w, "a_ms": ma, "b_ms": mb, "ratio": mb / ma if ma > 0 else float("nan"),
                     "a_spread": [min(times["a"][w]), max(times["a"][w])],
                     "b_spread": [min(times["b"][w]), max(times["b"][w])]})
    if args.json:
        print(json.dumps({"rows": rows, "images_compared": compared, "images_differing": differing}, indent=1))
    else:
        print(f"A = {args.a}\nB = {args.b}\n{args.passes} passes of {args.runs} runs; median of the passes' medians\n")
        print(f"{'workload':<9}{'A ms':>10}{'B ms':>10}{'B / A':>8}   A range / B range (ms)")
        for r in rows:
            print(f"{r['workload']:<9}{r['a_ms']:>10.2f}{r['b_ms']:>10.2f}{r['ratio']:>8.3f}   "
                  f"{r['a_spread'][0]:.2f}-{r['a_spread'][1]:.2f} / {r['b_spread'][0]:.2f}-{r['b_spread'][1]:.2f}")
        print(f"\nimages: {compared - len(differing)} of {compared} identical"
              + (f"; differing: {', '.join(differing)}" if differing else ""))
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
