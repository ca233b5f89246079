#!/usr/bin/env python3
"""Hostile inputs against a render binary: each case must end within 2 s with status 0
or 1, use under 2 GB, and leave no partial output file.

usage: scripts/hostile.py [PATH/TO/render]   (default .build/release/render)
Prints one line per case (time, peak memory, status, first line of stderr) and exits 1
when any case breaks a rule.
"""
import json, os, subprocess, sys, tempfile, time

RENDER = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/render")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
work = tempfile.mkdtemp(prefix="render-hostile-")


def write(name, data):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def scene(root, canvas=None, **extra):
    d = {"canvas": canvas or {"width": 100, "height": 100}, "root": root}
    d.update(extra)
    return json.dumps(d)


def leaves(n, t="Rectangle"):
    return [{"type": t, "width": 1, "height": 1} for _ in range(n)]


def deep(n):
    return '{"canvas": {"width": 10, "height": 10}, "root": ' + '{"type": "ZStack", "children": [' * n + \
        '{"type": "Circle"}' + ']}' * n + '}'


def png_bomb():
    import struct, zlib
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    ihdr = struct.pack(">IIBBBBB", 1, 268_000_000, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\0" * 5_000_000, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


out = os.path.join(work, "out.png")
bomb = write("bomb.png", png_bomb())
font = os.path.join(ROOT, "Sources/Raster/Resources/Fonts/NotoSansHebrew-Regular.ttf")
cases = [
    ("deep nesting (5,000 levels)", [write("deep.json", deep(5000)), "-o", out]),
    ("10^6 nodes", [write("million.json", scene({"type": "VStack", "children": leaves(1_000_000)})), "-o", out]),
    ("200,001 nodes", [write("over.json", scene({"type": "VStack", "children": leaves(200_001)})), "-o", out]),
    ("huge canvas", [write("canvas.json", scene({"type": "Rectangle"}, {"width": 1e5, "height": 1e5})), "-o", out]),
    ("huge layer", [write("layer.json", scene({"type": "Circle", "frame": {"width": 1e5, "height": 1e5}})), "-o", out]),
    ("199,999 circles", [write("circles.json", scene({"type": "ZStack", "children": [{"type": "Circle"} for _ in range(199_999)]})), "-o", out]),
    ("PNG bomb in a scene", [write("img.json", scene({"type": "Image", "src": bomb})), "-o", out]),
    ("PNG bomb in diff", ["diff", bomb, bomb]),
    ("font bomb (truncated)", [write("font.json", scene({"type": "Text", "text": "x", "font": {"family": "F"}}, fonts={"F": write("f.ttf", open(font, "rb").read()[:4000])})), "-o", out]),
    ("NaN and infinity (YAML)", [write("nan.yaml", "canvas: {width: .nan, height: .inf}\nroot: {type: Rectangle, opacity: .nan}\n"), "-o", out]),
    ("alias expansion bomb", [write("bomb.yaml", "".join(f"{c}: &{c} [{', '.join(['*' + p] * 10) if p else ', '.join(['x'] * 10)}]\n" for p, c in zip([None, 'a', 'b', 'c', 'd', 'e', 'f', 'g'], 'abcdefgh')) + "canvas: {width: 10, height: 10}\nroot: {type: Rectangle}\n"), "-o", out]),
    ("1 MB of text", [write("text.json", scene({"type": "Text", "text": ("Text שלום مرحبا नमस्ते 漢字 👍🏽 " * 40000)[:1_000_000]}, {"width": 400, "height": 600}, fontSet="bundled")), "-o", out]),
    ("output in a missing folder", [os.path.join(ROOT, "Fixtures/scenes/buttons.json"), "-o", "/nonexistent/out.png"]),
    ("output to /dev/full", [os.path.join(ROOT, "Fixtures/scenes/buttons.json"), "-o", "/dev/full"]),
]
if os.getuid() != 0:  # root reads any file
    locked = write("locked.json", "{}")
    os.chmod(locked, 0)
    cases.append(("unreadable scene", [locked, "-o", out]))
failures = 0
for name, args in cases:
    if os.path.exists(out):
        os.remove(out)
    start = time.time()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "peak %M", RENDER] + args, capture_output=True, text=True, timeout=30)
        lines = p.stderr.strip().split("\n")
        peak = int(lines[-1].split()[-1]) if lines and lines[-1].startswith("peak") else 0  # KB
        lines = [l for l in lines if not l.startswith("peak") and not l.startswith("Command exited")]
        status, err = p.returncode, (lines[0] if lines else "")
    except subprocess.TimeoutExpired:
        status, err, peak = "timeout", "", 0
    seconds = time.time() - start
    partial = os.path.exists(out) and status != 0
    bad = status not in (0, 1) or seconds > 2 or partial or peak > 2 * 1024 * 1024
    failures += bad
    print(f"{'FAIL' if bad else 'ok  '} {name}: {seconds:.2f} s, peak {peak // 1024} MB, status {status}: {err[:150]}")
sys.exit(1 if failures else 0)
