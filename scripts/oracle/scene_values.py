"""What the scene mappings share: the error for a scene outside their subset, and
the edges of insets, margins and padding as scenes write them."""

from __future__ import annotations

EDGES = ("top", "left", "bottom", "right")


class SceneError(ValueError):
    """A scene outside the subset a mapping handles."""


def edge_values(value, what: str, missing) -> dict:
    """Reads a number, [top, left, bottom, right] or an edges object."""
    if isinstance(value, dict):
        unknown = set(value) - set(EDGES)
        if unknown:
            raise SceneError(f"{what}: unknown edge {sorted(unknown)[0]!r}")
        return {edge: value.get(edge, missing) for edge in EDGES}
    if isinstance(value, list):
        if len(value) != 4:
            raise SceneError(f"{what}: expected [top, left, bottom, right]")
        return dict(zip(EDGES, value))
    return {edge: value for edge in EDGES}
