"""Reading and writing case files: {header..., "cases": [{"name", "scene", "expected", ...}]}.

Cases are written one per line so the files diff well and stay byte-stable.
"""

from __future__ import annotations

import json
from pathlib import Path


def dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def format_cases(header: dict, cases: list[dict]) -> str:
    lines = ["{"]
    for key, value in header.items():
        lines.append(f"{json.dumps(key)}: {dumps(value)},")
    lines.append('"cases": [')
    if cases:
        lines.append(",\n".join(dumps(case) for case in cases))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def write_cases(path: Path, header: dict, cases: list[dict]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_cases(header, cases), encoding="utf-8")


def read_cases(path: Path) -> tuple[dict, list[dict]]:
    """A case file, a single case, or a single scene, as (header, cases)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, dict) and isinstance(data.get("cases"), list):
        header = {k: v for k, v in data.items() if k != "cases"}
        return header, data["cases"]
    if isinstance(data, dict) and "scene" in data:
        return {}, [data]
    if isinstance(data, dict) and "root" in data:
        return {}, [{"name": Path(path).stem, "scene": data}]
    raise ValueError(f"{path}: expected a case file, a case or a scene")
