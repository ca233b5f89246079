"""Times Python's json module reading scene files (the R1 workload that `render bench
--only R1 --export DIR` writes): the file's bytes read once, then `json.loads` timed
(one warm-up, then the median of the timed runs), as `render bench --only R1` times
the scene parser on the same bytes.

    json_time.py FILE... [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def time_file(path: str, runs: int) -> float:
    with open(path, "rb") as f:
        data = f.read()
    times = []
    for run in range(runs + 1):
        start = time.perf_counter()
        json.loads(data)
        elapsed = time.perf_counter() - start
        if run > 0:
            times.append(elapsed)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print {file: ms} as JSON")
    args = parser.parse_args()
    results = {path: time_file(path, args.runs) for path in args.files}
    if args.json:
        json.dump(results, sys.stdout)
        print()
    else:
        for path, ms in results.items():
            print(f"{path}: json.loads {ms:.2f} ms (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
