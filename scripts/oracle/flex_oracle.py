#!/usr/bin/env python3
"""Flexbox layout oracle: Taffy's frames for Flex scenes, and comparisons with `render`.

    flex_oracle.py generate --seed S --count N [-o FILE] [--rounding taffy|edges]
    flex_oracle.py layout FILE [-o FILE] [--rounding taffy|edges]
    flex_oracle.py check FILE
    flex_oracle.py compare --render PATH (--seed S --count N | FILE) [--jobs J] [--rounding taffy|edges]
    flex_oracle.py shrink --render PATH CASE_FILE [--name NAME] -o OUT [--rounding taffy|edges] [-v]

generate  random scenes with Taffy's frames (rounded as Taffy rounds, and unrounded)
layout    Taffy's frames for the scenes of a case file, one case, or one scene
check     Taffy's frames against a case file's expected frames
compare   `render layout` against the expected frames (Taffy's when a case has none)
shrink    the smallest variant of a case on which `render` and Taffy still disagree

A frame agrees when it is within 0.5 pt of the expected one, or when each of its absolute
edges is within 0.5 pt of Taffy's unrounded edge (any correct rounding of the exact frame).
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from case_io import format_cases, read_cases, write_cases  # noqa: E402
from render_cli import RenderError, first_difference, render_layout  # noqa: E402
from scene_random import random_scene  # noqa: E402
from shrinker import shrink  # noqa: E402
from taffy_map import TAFFY_VERSION, SceneError, edge_rounded, layout_scene  # noqa: E402

HEADER = {"generator": "flex_oracle", "taffy": TAFFY_VERSION}


# Cases


ROUNDINGS = ("taffy", "edges")


def taffy_frames(scene: dict, rounding: str) -> tuple[dict, dict]:
    """(expected, unrounded): expected rounded as Taffy rounds, or with every absolute edge rounded."""
    rounded, unrounded = layout_scene(scene)
    return (rounded if rounding == "taffy" else edge_rounded(unrounded)), unrounded


def taffy_case(name: str, scene: dict, rounding: str) -> dict:
    expected, unrounded = taffy_frames(scene, rounding)
    return {"name": name, "scene": scene, "expected": expected, "unrounded": unrounded}


def random_cases(seed: int, count: int, rounding: str) -> list[dict]:
    return [taffy_case(f"random-{seed}-{index}", random_scene(seed, index), rounding) for index in range(count)]


def emit(header: dict, cases: list[dict], output: Path | None) -> None:
    if output is None:
        sys.stdout.write(format_cases(header, cases))
    else:
        write_cases(output, header, cases)


def with_expected(case: dict, rounding: str) -> dict:
    """The case with expected frames: Taffy's when it has none, re-rounded from its unrounded frames for edges."""
    if "expected" not in case:
        return taffy_case(case.get("name", "scene"), case["scene"], rounding)
    if rounding == "edges" and "unrounded" in case:
        return {**case, "expected": edge_rounded(case["unrounded"])}
    return case


def load_cases(args) -> list[dict]:
    if args.file is not None:
        if args.seed is not None or args.count is not None:
            raise SystemExit("give either FILE or --seed/--count, not both")
        return [with_expected(case, args.rounding) for case in read_cases(args.file)[1]]
    if args.seed is None or args.count is None:
        raise SystemExit("give FILE, or --seed and --count")
    return random_cases(args.seed, args.count, args.rounding)


# Commands


def command_generate(args) -> int:
    header = {**HEADER, "seed": args.seed, "rounding": args.rounding}
    emit(header, random_cases(args.seed, args.count, args.rounding), args.output)
    return 0


def command_layout(args) -> int:
    _, cases = read_cases(args.file)
    header = {**HEADER, "rounding": args.rounding}
    emit(header, [taffy_case(case.get("name", "scene"), case["scene"], args.rounding) for case in cases], args.output)
    return 0


def describe(difference) -> str:
    node_id, expected, actual = difference
    return f"first differing id {node_id!r}: expected {expected}, got {actual}"


def report(results: list[tuple[str, str | None]], what: str) -> int:
    failures = [(name, problem) for name, problem in results if problem is not None]
    print(f"{len(results) - len(failures)} of {len(results)} cases agree within 0.5 pt ({what})")
    for name, problem in failures:
        print(f"  {name}: {problem}")
    return 1 if failures else 0


def command_check(args) -> int:
    _, cases = read_cases(args.file)
    results = []
    for case in cases:
        try:
            rounded, unrounded = layout_scene(case["scene"])
        except SceneError as error:
            results.append((case["name"], f"not mapped: {error}"))
            continue
        actual = rounded if case.get("rounded", True) else unrounded
        difference = first_difference(case["expected"], actual)
        results.append((case["name"], describe(difference) if difference else None))
    return report(results, "Taffy against the expected frames")


def render_problem(render: str, case: dict) -> str | None:
    try:
        actual = render_layout(render, case["scene"])
    except RenderError as error:
        return f"render error: {error}"
    difference = first_difference(case["expected"], actual, case.get("unrounded"))
    return describe(difference) if difference else None


def command_compare(args) -> int:
    cases = load_cases(args)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        problems = list(pool.map(lambda case: render_problem(args.render, case), cases))
    results = [(case["name"], problem) for case, problem in zip(cases, problems)]
    return report(results, f"{args.render} against the expected frames")


def pick_case(cases: list[dict], name: str | None) -> dict:
    if name is not None:
        for case in cases:
            if case.get("name") == name:
                return case
        raise SystemExit(f"no case named {name!r}")
    if len(cases) != 1:
        raise SystemExit(f"{len(cases)} cases in the file; choose one with --name")
    return cases[0]


def disagrees(render: str, scene: dict, rounding: str) -> bool:
    """True when render lays the scene out and some frame differs from Taffy's."""
    try:
        expected, unrounded = taffy_frames(scene, rounding)
        actual = render_layout(render, scene)
    except (SceneError, RenderError):
        return False
    return first_difference(expected, actual, unrounded) is not None


def command_shrink(args) -> int:
    _, cases = read_cases(args.case_file)
    case = pick_case(cases, args.name)
    if not disagrees(args.render, case["scene"], args.rounding):
        print(f"{case.get('name', 'scene')}: render and Taffy agree (or render fails); nothing to shrink")
        return 1
    log = (lambda line: print(line, file=sys.stderr)) if args.verbose else None
    scene = shrink(case["scene"], lambda variant: disagrees(args.render, variant, args.rounding), log)
    minimal = taffy_case(case.get("name", "scene"), scene, args.rounding)
    write_cases(args.output, {**HEADER, "rounding": args.rounding}, [minimal])
    difference = first_difference(minimal["expected"], render_layout(args.render, scene), minimal["unrounded"])
    print(f"wrote {args.output}: {describe(difference)}")
    return 0


# Arguments


def add_rounding(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rounding",
        choices=ROUNDINGS,
        default="taffy",
        help="taffy: Taffy's own rounding (positions rounded relative to the parent, sizes from absolute edges); "
        "edges: every absolute edge rounded (default: taffy)",
    )


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = root.add_subparsers(dest="command", required=True)

    generate = commands.add_parser("generate", help="random scenes with Taffy's frames")
    generate.add_argument("--seed", type=int, required=True)
    generate.add_argument("--count", type=int, required=True)
    generate.add_argument("-o", "--output", type=Path)
    add_rounding(generate)
    generate.set_defaults(run=command_generate)

    layout = commands.add_parser("layout", help="Taffy's frames for the scenes in a file")
    layout.add_argument("file", type=Path)
    layout.add_argument("-o", "--output", type=Path)
    add_rounding(layout)
    layout.set_defaults(run=command_layout)

    check = commands.add_parser("check", help="Taffy's frames against a case file's expected frames")
    check.add_argument("file", type=Path)
    check.set_defaults(run=command_check)

    compare = commands.add_parser("compare", help="render's frames against the expected frames")
    compare.add_argument("--render", required=True, help="path of the render binary")
    compare.add_argument("--seed", type=int)
    compare.add_argument("--count", type=int)
    compare.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    compare.add_argument("file", type=Path, nargs="?")
    add_rounding(compare)
    compare.set_defaults(run=command_compare)

    shrink_command = commands.add_parser("shrink", help="minimise a case where render and Taffy disagree")
    shrink_command.add_argument("--render", required=True, help="path of the render binary")
    shrink_command.add_argument("case_file", type=Path)
    shrink_command.add_argument("--name", help="the case to shrink when the file holds several")
    shrink_command.add_argument("-o", "--output", type=Path, required=True)
    shrink_command.add_argument("-v", "--verbose", action="store_true", help="log each step to stderr")
    add_rounding(shrink_command)
    shrink_command.set_defaults(run=command_shrink)
    return root


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
