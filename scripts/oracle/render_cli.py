"""Runs `render layout` on scenes and compares frames."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile

TOLERANCE = 0.5


class RenderError(Exception):
    """`render layout` failed; the message is its first line of output."""


def render_layout(render: str, scene: dict, timeout: float = 60.0) -> dict:
    """The frames `render layout` prints for a scene, by id."""
    handle, path = tempfile.mkstemp(prefix="flex-oracle-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(scene, file)
        try:
            result = subprocess.run(
                [render, "layout", path], capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            raise RenderError(f"timed out after {timeout:g} s") from None
    finally:
        os.unlink(path)
    if result.returncode != 0:
        message = (result.stderr or result.stdout).strip().splitlines()
        text = message[0] if message else f"exit status {result.returncode}"
        raise RenderError(text.replace(path, "scene.json"))
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise RenderError(f"unreadable output: {error}") from None


TIE_SLACK = 0.002


def edges(frame) -> tuple[float, float, float, float]:
    x, y, width, height = frame
    return x, y, x + width, y + height


def frame_agrees(expected, actual, unrounded=None, tolerance: float = TOLERANCE) -> bool:
    """Within tolerance of the expected frame, or every absolute edge within tolerance of the unrounded one.

    The second test accepts any correct rounding of the exact frame: one that rounds each
    absolute edge (where Taffy rounds positions relative to the parent) or that breaks a tie
    at half a point the other way.
    """
    if actual is None or len(actual) != 4:
        return False
    if all(abs(a - b) <= tolerance for a, b in zip(expected, actual)):
        return True
    if unrounded is None:
        return False
    return all(abs(a - b) <= tolerance + TIE_SLACK for a, b in zip(edges(unrounded), edges(actual)))


def first_difference(expected: dict, actual: dict, unrounded: dict | None = None, tolerance: float = TOLERANCE):
    """(id, expected frame, actual frame or None) of the first frame that does not agree, or None."""
    for node_id, frame in expected.items():
        got = actual.get(node_id)
        exact = unrounded.get(node_id) if unrounded else None
        if not frame_agrees(frame, got, exact, tolerance):
            return node_id, frame, got
    return None
