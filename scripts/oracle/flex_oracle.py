#!/usr/bin/env python3
"""Flexbox layout oracle: Taffy's frames for Flex scenes, and comparisons with `render`.

    flex_oracle.py generate --seed S --count N [-o FILE] [--rounding taffy|edges]
    flex_oracle.py layout FILE [-o FILE] [--rounding taffy|edges]
    flex_oracle.py check FILE [--reference taffy|chrome]
    flex_oracle.py compare --render PATH (--seed S --count N | FILE) [--jobs J] [--rounding taffy|edges]
                           [--tolerance T]
    flex_oracle.py shrink --render PATH CASE_FILE [--name NAME] -o OUT [--rounding taffy|edges]
                          [--reference taffy|chrome] [--tolerance T] [-v]
    flex_oracle.py chrome FILE [-o FILE] [--jobs J]
    flex_oracle.py triage --render PATH FILE [--jobs J] [--rounding taffy|edges]
    flex_oracle.py chrome-generate --profile text --seed S --count N [-o FILE] [--jobs J]
    flex_oracle.py explain --render PATH FILE [--name NAME] [--tolerance T] [--texts differing|all]

generate  random scenes with Taffy's frames (rounded as Taffy rounds, and unrounded)
layout    Taffy's frames for the scenes of a case file, one case, or one scene
check     Taffy's (or Chrome's) frames against a case file's expected frames
compare   `render layout` against the expected frames (Taffy's when a case has none)
shrink    the smallest variant of a case on which `render` and Taffy (or Chrome) still disagree
chrome    Chrome's frames for the scenes of a case file (headless Chromium, chrome_map.py)
triage    for each case where `render` and the file's Taffy frames disagree, which of them Chrome agrees with
chrome-generate  random scenes of a profile ("text": Flex trees with Text leaves) with Chrome's frames
explain   for each case where `render` disagrees with the expected frames: every frame that differs, and
          for Text nodes their font, line height, measured widths and lines in Chrome and in `render`

A frame agrees when it is within 0.5 pt of the expected one, or when each of its absolute
edges is within 0.5 pt of Taffy's unrounded edge (any correct rounding of the exact frame).
Chrome's `expected` frames have every absolute edge rounded half away from zero (as `render`
rounds); its `unrounded` frames are Chrome's exact ones (multiples of 1/64 pt). With
`--tolerance T` (compare, explain), a frame agrees when each of its absolute edges is within
T pt of the unrounded one (of the expected one when the case has no unrounded frames).
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import chrome_map  # noqa: E402
from case_io import format_cases, read_cases, write_cases  # noqa: E402
import chrome_text  # noqa: E402
from render_cli import TIE_SLACK, RenderError, edges, first_difference, render_layout  # noqa: E402
import scene_random  # noqa: E402
from scene_random import random_scene  # noqa: E402
from shrinker import shrink  # noqa: E402
from taffy_map import TAFFY_VERSION, SceneError, edge_rounded, layout_scene, tidy  # noqa: E402

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


def report(results: list[tuple[str, str | None]], what: str, rule: str = "0.5 pt") -> int:
    failures = [(name, problem) for name, problem in results if problem is not None]
    print(f"{len(results) - len(failures)} of {len(results)} cases agree within {rule} ({what})")
    for name, problem in failures:
        print(f"  {name}: {problem}")
    return 1 if failures else 0


def command_check(args) -> int:
    _, cases = read_cases(args.file)
    if args.reference == "chrome":
        return check_chrome(cases, args.jobs)
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


def render_problem(render: str, case: dict, tolerance: float | None = None) -> str | None:
    try:
        actual = render_layout(render, case["scene"])
    except RenderError as error:
        return f"render error: {error}"
    if tolerance is not None:
        difference = edge_difference(case, actual, tolerance)
    else:
        difference = first_difference(case["expected"], actual, case.get("unrounded"))
    return describe(difference) if difference else None


def command_compare(args) -> int:
    cases = load_cases(args)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        problems = list(pool.map(lambda case: render_problem(args.render, case, args.tolerance), cases))
    results = [(case["name"], problem) for case, problem in zip(cases, problems)]
    rule = "0.5 pt" if args.tolerance is None else f"{args.tolerance:g} pt on every edge"
    return report(results, f"{args.render} against the expected frames", rule)


# Chrome


def chrome_header() -> dict:
    return {"generator": "flex_oracle", "chrome": chrome_map.chromium_version(), "rounding": "edges"}


def chrome_answers(scenes: list[dict], jobs: int) -> list[tuple[dict, dict] | Exception]:
    """(expected, unrounded) Chrome frames per scene, or the error that kept the scene out."""
    answers = []
    for answer in chrome_map.layout_scenes(scenes, jobs=jobs):
        if isinstance(answer, Exception):
            answers.append(answer)
        else:
            answers.append((edge_rounded(answer), tidy(answer, 6)))
    return answers


def chrome_case(case: dict, answer) -> dict:
    expected, unrounded = answer
    return {"name": case.get("name", "scene"), "scene": case["scene"], "expected": expected, "unrounded": unrounded}


def command_chrome(args) -> int:
    _, cases = read_cases(args.file)
    answers = chrome_answers([case["scene"] for case in cases], args.jobs)
    out, failed = [], 0
    for case, answer in zip(cases, answers):
        if isinstance(answer, Exception):
            failed += 1
            print(f"{case.get('name', 'scene')}: not laid out: {answer}", file=sys.stderr)
            continue
        out.append(chrome_case(case, answer))
    emit(chrome_header(), out, args.output)
    return 1 if failed else 0


def check_chrome(cases: list[dict], jobs: int) -> int:
    answers = chrome_answers([case["scene"] for case in cases], jobs)
    results = []
    for case, answer in zip(cases, answers):
        if isinstance(answer, Exception):
            results.append((case["name"], f"not mapped: {answer}"))
            continue
        rounded, unrounded = answer
        if case.get("rounded", True):
            difference = first_difference(rounded, case["expected"], unrounded)
        else:
            difference = first_difference(case["expected"], unrounded)
        results.append((case["name"], describe(difference) if difference else None))
    return report(results, "Chrome against the expected frames")


VERDICTS = ("render=Chrome", "Taffy=Chrome", "both", "neither", "render error", "Chrome error")


def taffy_answers(case: dict) -> list[dict]:
    """Taffy's frames from the case: as stored, and with every absolute edge rounded."""
    answers = [case["expected"]]
    if "unrounded" in case:
        answers.append(edge_rounded(case["unrounded"]))
    return answers


def agrees_with_chrome(answer: dict, chrome) -> bool:
    expected, unrounded = chrome
    return first_difference(expected, answer, unrounded) is None


def classify(actual: dict, case: dict, chrome) -> str:
    """Which of render's frames and the case's Taffy frames agree with Chrome's."""
    render_ok = agrees_with_chrome(actual, chrome)
    taffy_ok = any(agrees_with_chrome(answer, chrome) for answer in taffy_answers(case))
    return {
        (True, False): "render=Chrome",
        (False, True): "Taffy=Chrome",
        (True, True): "both",
        (False, False): "neither",
    }[(render_ok, taffy_ok)]


def frame_text(frame) -> str:
    if frame is None:
        return "missing"
    return "[" + ", ".join(f"{v:g}" for v in frame) + "]"


def command_triage(args) -> int:
    cases = [with_expected(case, args.rounding) for case in read_cases(args.file)[1]]

    def run(case):
        try:
            return render_layout(args.render, case["scene"])
        except RenderError as error:
            return error

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        renders = list(pool.map(run, cases))
    disputed = []
    for case, actual in zip(cases, renders):
        if isinstance(actual, RenderError):
            disputed.append((case, actual, None))
            continue
        difference = first_difference(case["expected"], actual, case.get("unrounded"))
        if difference is not None:
            disputed.append((case, actual, difference))
    print(f"{len(cases) - len(disputed)} of {len(cases)} cases: render agrees with Taffy")
    answers = chrome_answers([case["scene"] for case, _, _ in disputed], args.chrome_jobs)
    totals = {verdict: [] for verdict in VERDICTS}
    for (case, actual, difference), chrome in zip(disputed, answers):
        name = case["name"]
        if isinstance(actual, RenderError):
            totals["render error"].append(name)
            print(f"{name}: render error: {actual}")
            continue
        if isinstance(chrome, Exception):
            totals["Chrome error"].append(name)
            print(f"{name}: Chrome error: {chrome}")
            continue
        verdict = classify(actual, case, chrome)
        render_ok = verdict in ("render=Chrome", "both")
        totals[verdict].append(name)
        node_id = difference[0]
        print(
            f"{name}: {verdict}; first differing id {node_id!r}: render {frame_text(actual.get(node_id))}, "
            f"Taffy {frame_text(case['expected'].get(node_id))}, Chrome {frame_text(chrome[0].get(node_id))}"
        )
        if not render_ok:
            render_difference = first_difference(chrome[0], actual, chrome[1])
            if render_difference[0] != node_id:
                other = render_difference[0]
                print(
                    f"    first id where render differs from Chrome {other!r}: render {frame_text(actual.get(other))}, "
                    f"Taffy {frame_text(case['expected'].get(other))}, Chrome {frame_text(chrome[0].get(other))}"
                )
    print(f"{len(disputed)} disputed cases:")
    for verdict in VERDICTS:
        names = totals[verdict]
        if names or verdict in VERDICTS[:4]:
            print(f"  {verdict:14s} {len(names):4d}" + (f"  {' '.join(names)}" if names else ""))
    return 0


def verdicts_many(render: str, scenes: list[dict], jobs: int, rounding: str) -> list[str | None]:
    """For each scene: None when render or Chrome cannot lay it out; "agree" when render agrees
    with Chrome and with Taffy; else the triage verdict, with "render=Taffy" for a scene where
    render agrees with Taffy but not with Chrome (Taffy's verdict when Taffy cannot lay it out)."""

    def run(scene):
        try:
            return render_layout(render, scene)
        except RenderError:
            return None

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        renders = list(pool.map(run, scenes))
    answers = chrome_answers(scenes, jobs=1)
    results = []
    for scene, actual, chrome in zip(scenes, renders, answers):
        if actual is None or isinstance(chrome, Exception):
            results.append(None)
            continue
        try:
            taffy = taffy_case("scene", scene, rounding)
        except SceneError:
            results.append("render=Chrome" if agrees_with_chrome(actual, chrome) else "neither")
            continue
        if first_difference(taffy["expected"], actual, taffy["unrounded"]) is None:
            results.append("agree" if agrees_with_chrome(actual, chrome) else "render=Taffy")
        else:
            results.append(classify(actual, taffy, chrome))
    return results


RENDER_WRONG = ("Taffy=Chrome", "neither", "render=Taffy")


def shrink_against_chrome(args, case: dict) -> int:
    name = case.get("name", "scene")
    first = verdicts_many(args.render, [case["scene"]], args.jobs, args.rounding)[0]
    if first not in RENDER_WRONG:
        print(f"{name}: render and Chrome agree (or render or Chrome fails); nothing to shrink")
        return 1
    if args.keep_verdict:
        wanted = (first,)
        print(f"{name}: {first}; keeping that verdict while shrinking")
    else:
        wanted = RENDER_WRONG
    judge_many = lambda scenes: [  # noqa: E731
        verdict in wanted for verdict in verdicts_many(args.render, scenes, args.jobs, args.rounding)
    ]
    log = (lambda line: print(line, file=sys.stderr)) if args.verbose else None
    scene = shrink(case["scene"], lambda variant: judge_many([variant])[0], log, judge_many=judge_many)
    answer = chrome_answers([scene], jobs=1)[0]
    minimal = chrome_case({**case, "scene": scene}, answer)
    write_cases(args.output, chrome_header(), [minimal])
    actual = render_layout(args.render, scene)
    difference = first_difference(minimal["expected"], actual, minimal["unrounded"])
    verdict = verdicts_many(args.render, [scene], 1, args.rounding)[0]
    node_id = difference[0]
    try:
        taffy = frame_text(layout_scene(scene)[0].get(node_id))
    except SceneError as error:
        taffy = f"not mapped ({error})"
    print(
        f"wrote {args.output}: {verdict}; first id where render differs from Chrome {node_id!r}: "
        f"render {frame_text(difference[2])}, Taffy {taffy}, Chrome {frame_text(difference[1])}"
    )
    return 0


def chrome_disagreements(render: str, scenes: list[dict], jobs: int, tolerance: float) -> list:
    """For each scene: (Chrome's case, render's frames, the first difference beyond `tolerance` on an
    edge, or None), or None when Chrome or render cannot lay the scene out."""

    def run(scene):
        try:
            return render_layout(render, scene)
        except RenderError:
            return None

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        renders = list(pool.map(run, scenes))
    results = []
    for scene, actual, answer in zip(scenes, renders, chrome_answers(scenes, jobs=1)):
        if actual is None or isinstance(answer, Exception):
            results.append(None)
            continue
        chrome = chrome_case({"scene": scene}, answer)
        results.append((chrome, actual, edge_difference(chrome, actual, tolerance)))
    return results


def shrink_against_chrome_edges(args, case: dict) -> int:
    """Shrinks while some edge of render's frames lies more than --tolerance from Chrome's (Taffy not asked)."""
    name = case.get("name", "scene")
    first = chrome_disagreements(args.render, [case["scene"]], args.jobs, args.tolerance)[0]
    if first is None or first[2] is None:
        print(f"{name}: render and Chrome agree within {args.tolerance:g} pt (or one fails); nothing to shrink")
        return 1
    judge_many = lambda scenes: [  # noqa: E731
        result is not None and result[2] is not None
        for result in chrome_disagreements(args.render, scenes, args.jobs, args.tolerance)
    ]
    log = (lambda line: print(line, file=sys.stderr)) if args.verbose else None
    scene = shrink(case["scene"], lambda variant: judge_many([variant])[0], log, judge_many=judge_many)
    chrome, actual, difference = chrome_disagreements(args.render, [scene], 1, args.tolerance)[0]
    write_cases(args.output, chrome_header(), [{**chrome, "name": name}])
    node_id = difference[0]
    print(
        f"wrote {args.output}: first id where render differs from Chrome by more than {args.tolerance:g} pt "
        f"{node_id!r}: render {frame_text(actual.get(node_id))}, Chrome {frame_text(chrome['unrounded'][node_id])}"
    )
    return 0


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
    if args.reference == "chrome" and args.tolerance is not None:
        return shrink_against_chrome_edges(args, case)
    if args.reference == "chrome":
        return shrink_against_chrome(args, case)
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


# Text trees (and other profiles) against Chrome


def edge_difference(case: dict, actual: dict, tolerance: float):
    """(id, expected frame, actual frame or None) of the first frame with an absolute edge more than
    `tolerance` from the case's unrounded edge (expected edge without unrounded frames), or None."""
    reference = case.get("unrounded") or case["expected"]
    for node_id, frame in reference.items():
        got = actual.get(node_id)
        if got is None or len(got) != 4 or edge_excess(frame, got, tolerance) > 0:
            return node_id, case["expected"].get(node_id, frame), got
    return None


def edge_excess(reference, actual, tolerance: float) -> float:
    """How far the farthest absolute edge of `actual` lies beyond `tolerance` of `reference` (<= 0: agrees)."""
    return max(abs(a - b) for a, b in zip(edges(reference), edges(actual))) - tolerance - TIE_SLACK


def profile_names() -> tuple[str, ...]:
    return ("text",) + tuple(getattr(scene_random, "PROFILES", ("taffy",)))


def profile_scene(profile: str, seed: int, index: int) -> dict:
    if profile == "text":
        return scene_random.random_text_scene(seed, index)
    if profile == "taffy":
        return random_scene(seed, index)
    return random_scene(seed, index, profile)


def command_chrome_generate(args) -> int:
    scenes = [profile_scene(args.profile, args.seed, index) for index in range(args.count)]
    cases = [{"name": f"{args.profile}-{args.seed}-{index}", "scene": scene} for index, scene in enumerate(scenes)]
    answers = chrome_answers(scenes, args.jobs)
    out, failed = [], 0
    for case, answer in zip(cases, answers):
        if isinstance(answer, Exception):
            failed += 1
            print(f"{case['name']}: not laid out: {answer}", file=sys.stderr)
            continue
        out.append(chrome_case(case, answer))
    emit({**chrome_header(), "profile": args.profile, "seed": args.seed}, out, args.output)
    return 1 if failed else 0


def node_list(scene: dict) -> list[dict]:
    """The scene's nodes, parents before children."""
    nodes, pending = [], [scene["root"]]
    while pending:
        node = pending.pop(0)
        nodes.append(node)
        pending[0:0] = [child for child in node.get("children", []) if isinstance(child, dict)]
    return nodes


def content_box(node: dict, frame) -> tuple[float, float]:
    """(width, height) of a frame without the node's padding."""
    padding = {"top": 0, "left": 0, "bottom": 0, "right": 0}
    if "padding" in node:
        padding = chrome_map.edge_values(node["padding"], "padding", 0)
    return frame[2] - padding["left"] - padding["right"], frame[3] - padding["top"] - padding["bottom"]


def frame_row(frame) -> str:
    if frame is None:
        return "missing"
    return "[" + ", ".join(f"{v:.6g}" for v in frame) + "]"


def text_lines_text(node: dict, chrome_frame, actual_frame, chrome_lines) -> list[str]:
    """What a Text measures, how many lines Chrome gave it, how many `render`'s frame holds, and hints."""
    from text_measure import explain

    try:
        facts, hints = explain(
            node,
            None if chrome_frame is None else content_box(node, chrome_frame),
            None if actual_frame is None else content_box(node, actual_frame),
            chrome_lines,
        )
    except (SceneError, ImportError) as error:
        return [f"      (not measured: {error})"]
    return [f"      {fact}" for fact in facts] + [f"      -> {hint}" for hint in hints]


def command_explain(args) -> int:
    _, cases = read_cases(args.file)
    if args.name is not None:
        cases = [pick_case(cases, args.name)]
    cases = [with_expected(case, "edges") for case in cases]

    def run(case):
        try:
            return render_layout(args.render, case["scene"])
        except RenderError as error:
            return error

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        renders = list(pool.map(run, cases))
    tolerance = 0.5 if args.tolerance is None else args.tolerance
    disputed = []
    for case, actual in zip(cases, renders):
        if isinstance(actual, RenderError) or edge_difference(case, actual, tolerance) is not None:
            disputed.append((case, actual))
    print(f"{len(cases) - len(disputed)} of {len(cases)} cases agree within {tolerance:g} pt on every edge")
    lines = chrome_text.scene_lines([case["scene"] for case, _ in disputed]) if disputed else []
    for (case, actual), chrome_lines in zip(disputed, lines):
        print(f"{case['name']}:")
        if isinstance(actual, RenderError):
            print(f"  render error: {actual}")
            continue
        reference = case.get("unrounded") or case["expected"]
        for node in node_list(case["scene"]):
            node_id = node.get("id")
            if node_id not in reference:
                continue
            chrome_frame, actual_frame = reference[node_id], actual.get(node_id)
            excess = edge_excess(chrome_frame, actual_frame, tolerance) if actual_frame else float("inf")
            differs = excess > 0
            if not differs and not (args.texts == "all" and node.get("type") == "Text"):
                continue
            worst = "" if actual_frame is None else (
                "  edges " + " ".join(f"{b - a:+.3g}" for a, b in zip(edges(chrome_frame), edges(actual_frame)))
            )
            mark = "x" if differs else " "
            print(f"  {mark} {node_id} {node.get('type')}: Chrome {frame_row(chrome_frame)}, "
                  f"render {frame_row(actual_frame)}{worst}")
            if node.get("type") == "Text":
                found = chrome_lines.get(node_id, []) if isinstance(chrome_lines, dict) else []
                for line in text_lines_text(node, chrome_frame, actual_frame, found):
                    print(line)
    return 1 if disputed else 0


# Arguments


def add_rounding(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rounding",
        choices=ROUNDINGS,
        default="taffy",
        help="taffy: Taffy's own rounding (positions rounded relative to the parent, sizes from absolute edges); "
        "edges: every absolute edge rounded (default: taffy)",
    )


def add_tolerance(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--tolerance",
        type=float,
        help="a frame agrees when each absolute edge is within this many points of the unrounded reference "
        "(default: within 0.5 pt of the expected frame, or of the unrounded one edge by edge)",
    )


def add_reference(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--reference",
        choices=("taffy", "chrome"),
        default="taffy",
        help="the layout to hold the frames against: Taffy 0.7.7 or headless Chromium (default: taffy)",
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
    add_reference(check)
    check.add_argument("--jobs", type=int, default=2, help="Chromium pages laid out at once (default 2)")
    check.set_defaults(run=command_check)

    compare = commands.add_parser("compare", help="render's frames against the expected frames")
    compare.add_argument("--render", required=True, help="path of the render binary")
    compare.add_argument("--seed", type=int)
    compare.add_argument("--count", type=int)
    compare.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    compare.add_argument("file", type=Path, nargs="?")
    add_rounding(compare)
    add_tolerance(compare)
    compare.set_defaults(run=command_compare)

    shrink_command = commands.add_parser("shrink", help="minimise a case where render and Taffy disagree")
    shrink_command.add_argument("--render", required=True, help="path of the render binary")
    shrink_command.add_argument("case_file", type=Path)
    shrink_command.add_argument("--name", help="the case to shrink when the file holds several")
    shrink_command.add_argument("-o", "--output", type=Path, required=True)
    shrink_command.add_argument("-v", "--verbose", action="store_true", help="log each step to stderr")
    add_rounding(shrink_command)
    add_reference(shrink_command)
    add_tolerance(shrink_command)
    shrink_command.add_argument(
        "--keep-verdict",
        action="store_true",
        help="with --reference chrome: keep the case's triage verdict (and render's disagreement with Taffy) "
        "instead of only render's disagreement with Chrome",
    )
    shrink_command.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    shrink_command.set_defaults(run=command_shrink)

    chrome = commands.add_parser("chrome", help="Chrome's frames for the scenes in a file")
    chrome.add_argument("file", type=Path)
    chrome.add_argument("-o", "--output", type=Path)
    chrome.add_argument("--jobs", type=int, default=2, help="Chromium pages laid out at once (default 2)")
    chrome.set_defaults(run=command_chrome)

    triage = commands.add_parser("triage", help="which of render and Taffy Chrome agrees with, where they disagree")
    triage.add_argument("--render", required=True, help="path of the render binary")
    triage.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    triage.add_argument("--chrome-jobs", type=int, default=2, help="Chromium pages laid out at once (default 2)")
    triage.add_argument("file", type=Path)
    add_rounding(triage)
    triage.set_defaults(run=command_triage)

    chrome_generate = commands.add_parser(
        "chrome-generate", help="random scenes of a profile (text: Text leaves) with Chrome's frames"
    )
    chrome_generate.add_argument("--profile", choices=profile_names(), default="text")
    chrome_generate.add_argument("--seed", type=int, required=True)
    chrome_generate.add_argument("--count", type=int, required=True)
    chrome_generate.add_argument("-o", "--output", type=Path)
    chrome_generate.add_argument("--jobs", type=int, default=2, help="Chromium pages laid out at once (default 2)")
    chrome_generate.set_defaults(run=command_chrome_generate)

    explain = commands.add_parser("explain", help="every frame and Text measure of the cases render disagrees on")
    explain.add_argument("--render", required=True, help="path of the render binary")
    explain.add_argument("file", type=Path)
    explain.add_argument("--name", help="only the case of this name")
    explain.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    explain.add_argument(
        "--texts",
        choices=("differing", "all"),
        default="differing",
        help="the Text nodes shown: those whose frames differ, or all of a disagreeing case (default differing)",
    )
    add_tolerance(explain)
    explain.set_defaults(run=command_explain)
    return root


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
