#!/usr/bin/env python3
"""Hostile inputs against a render binary: each case must end within 2 s with status 0
or 1, use under 2 GB, and leave no partial output file (nor a temporary one).

usage: scripts/hostile.py [PATH/TO/render]   (default .build/release/render)
HOSTILE_SECONDS sets the time bound (default 2; CI allows more for a busy machine).
Prints one line per case (time, peak memory, status, first line of stderr) and exits 1
when any case breaks a rule. Run as root, it also writes to a full and to a read-only
file system (small tmpfs mounts in a private mount namespace).
"""
import glob, json, os, shutil, subprocess, sys, tempfile, time

RENDER = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/render")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
work = tempfile.mkdtemp(prefix="render-hostile-")
SECONDS = float(os.environ.get("HOSTILE_SECONDS", "2"))


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


def noise_png(size):
    """An opaque PNG of random pixels: it does not compress, so its copy is as large."""
    import random, struct, zlib
    rng = random.Random(7)
    rows = b"".join(b"\0" + bytes(rng.getrandbits(8) if i % 4 != 3 else 255 for i in range(size * 4)) for _ in range(size))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def noisy_scene(size):
    """A scene whose PNG is far larger than 64 KB."""
    return scene({"type": "Image", "src": write("noise.png", noise_png(size))}, {"width": size, "height": size})


def jpeg_bomb():
    """A small JPEG whose frame header claims 65,000 x 65,000 pixels."""
    data = bytearray(open(os.path.join(ROOT, "Fixtures/images/buttons.jpg"), "rb").read())
    i = 2
    while i < len(data) - 9:
        marker = data[i + 1]
        length = data[i + 2] << 8 | data[i + 3]
        if marker in (0xC0, 0xC2):
            data[i + 5:i + 9] = bytes([0xFD, 0xE8, 0xFD, 0xE8])
            break
        i += 2 + length
    return bytes(data)


out = os.path.join(work, "out.png")
bomb = write("bomb.png", png_bomb())
jbomb = write("bomb.jpg", jpeg_bomb())
font = os.path.join(ROOT, "Sources/CEmbeddedFonts/Fonts/NotoSansHebrew-Regular.ttf")
cases = [
    ("deep nesting (5,000 levels)", [write("deep.json", deep(5000)), "-o", out]),
    ("10^6 nodes", [write("million.json", scene({"type": "VStack", "children": leaves(1_000_000)})), "-o", out]),
    ("200,001 nodes", [write("over.json", scene({"type": "VStack", "children": leaves(200_001)})), "-o", out]),
    ("199,999 Flex items", [write("flex.json", scene({"type": "Flex", "children": [{"type": "Rectangle", "frame": {"width": 1, "height": 1}} for _ in range(199_999)]})), "-o", out]),
    ("29,999 Flex items (at the node limit)", [write("flex30k.json", scene({"type": "Flex", "children": [{"type": "Rectangle", "frame": {"width": 1, "height": 1}} for _ in range(29_999)]})), "-o", out]),
    ("100,000 dashes on a circle (at the dash limit)", [write("dashes.json", scene({"type": "Circle", "frame": {"width": 600, "height": 600}, "stroke": {"paint": "#000000", "width": 2, "dash": [0.0095, 0.0095]}}, {"width": 620, "height": 620})), "-o", out]),
    ("huge canvas", [write("canvas.json", scene({"type": "Rectangle"}, {"width": 1e5, "height": 1e5})), "-o", out]),
    ("huge layer", [write("layer.json", scene({"type": "Circle", "frame": {"width": 1e5, "height": 1e5}})), "-o", out]),
    ("199,999 circles", [write("circles.json", scene({"type": "ZStack", "children": [{"type": "Circle"} for _ in range(199_999)]})), "-o", out]),
    ("29,999 full-canvas circles (at the node limit)", [write("circles30k.json", scene({"type": "ZStack", "children": [{"type": "Circle"} for _ in range(29_999)]})), "-o", out]),
    ("2,000 full-canvas circles on 2000 x 2000", [write("bigcircles.json", scene({"type": "ZStack", "children": [{"type": "Circle"} for _ in range(2_000)]}, {"width": 2000, "height": 2000})), "-o", out]),
    ("PNG bomb in a scene", [write("img.json", scene({"type": "Image", "src": bomb})), "-o", out]),
    ("PNG bomb in diff", ["diff", bomb, bomb]),
    ("SVG claiming 10^9 x 10^9", [write("bigsvg.json", scene({"type": "Image", "src": write("big.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9"><circle cx="5e8" cy="5e8" r="5e8"/></svg>')})), "-o", out]),
    ("SVG entity expansion bomb", [write("lolsvg.json", scene({"type": "Image", "src": write("lol.svg", '<?xml version="1.0"?><!DOCTYPE svg [' + '<!ENTITY a "aaaaaaaaaa">' + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8)) + ']><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&i;</text></svg>')})), "-o", out]),
    ("JPEG bomb in a scene", [write("jimg.json", scene({"type": "Image", "src": jbomb})), "-o", out]),
    ("JPEG bomb in diff", ["diff", jbomb, jbomb]),
    ("font bomb (truncated)", [write("font.json", scene({"type": "Text", "text": "x", "font": {"family": "F"}}, fonts={"F": write("f.ttf", open(font, "rb").read()[:4000])})), "-o", out]),
    ("NaN and infinity (YAML)", [write("nan.yaml", "canvas: {width: .nan, height: .inf}\nroot: {type: Rectangle, opacity: .nan}\n"), "-o", out]),
    ("alias expansion bomb", [write("bomb.yaml", "".join(f"{c}: &{c} [{', '.join(['*' + p] * 10) if p else ', '.join(['x'] * 10)}]\n" for p, c in zip([None, 'a', 'b', 'c', 'd', 'e', 'f', 'g'], 'abcdefgh')) + "canvas: {width: 10, height: 10}\nroot: {type: Rectangle}\n"), "-o", out]),
    ("1 MB of text", [write("text.json", scene({"type": "Text", "text": ("Text שלום مرحبا नमस्ते 漢字 👍🏽 " * 40000)[:1_000_000]}, {"width": 400, "height": 600}, fontSet="bundled")), "-o", out]),
    ("250,000 characters of text (at the limit)", [write("text250k.json", scene({"type": "Text", "text": ("Text שלום مرحبا नमस्ते 漢字 👍🏽 " * 10000)[:250_000]}, {"width": 400, "height": 600}, fontSet="bundled")), "-o", out]),
    ("output in a missing folder", [os.path.join(ROOT, "Fixtures/scenes/buttons.json"), "-o", "/nonexistent/out.png"]),
    ("output to /dev/full", [os.path.join(ROOT, "Fixtures/scenes/buttons.json"), "-o", "/dev/full"]),
]
buttons = os.path.join(ROOT, "Fixtures/scenes/buttons.json")
timeline = os.path.join(ROOT, "Fixtures/scenes/timeline.json")
cases.append(("closed standard output", [buttons, "-o", "-"], {"close_stdout": True}))
cases.append(("output is a folder", [buttons, "-o", work]))
if os.getuid() != 0:  # root reads any file
    locked = write("locked.json", "{}")
    os.chmod(locked, 0)
    cases.append(("unreadable scene", [locked, "-o", out]))
else:
    full, readonly = os.path.join(work, "full"), os.path.join(work, "readonly")
    os.makedirs(full)
    os.makedirs(readonly)
    noisy = write("noisy.json", noisy_scene(300))
    # Each case runs in its own mount namespace, so nothing stays mounted.
    mount_full = f"mount -t tmpfs -o size=64k tmpfs {full} && "
    mount_ro = f"mount -t tmpfs -o ro,size=64k tmpfs {readonly} && "
    if subprocess.run(["unshare", "-m", "sh", "-c", mount_full + "true"], capture_output=True).returncode == 0:
        cases.append(("full disk (a 64 KB tmpfs)", [noisy, "-o", os.path.join(full, "out.png")],
                      {"wrap": mount_full, "check": os.path.join(full, "out.png")}))
        cases.append(("frames onto a full disk", ["frames", timeline, "-o", os.path.join(full, "frames")],
                      {"wrap": mount_full, "frames": os.path.join(full, "frames")}))
        cases.append(("read-only file system", [buttons, "-o", os.path.join(readonly, "out.png")],
                      {"wrap": mount_ro, "check": os.path.join(readonly, "out.png")}))
    else:
        print("skip full and read-only file systems: tmpfs cannot be mounted here")


def frames_complete(folder):
    """Every file left in a frames folder is a whole PNG; no temporary files."""
    listing = subprocess.run(["ls", "-A", folder], capture_output=True, text=True).stdout.split()
    for name in listing:
        if name == ".render-frames":
            continue
        if not name.endswith(".png"):
            return False, f"left {name}"
    return True, f"{len([n for n in listing if n.endswith('.png')])} frames left"


failures = 0
for case in cases:
    name, args = case[0], case[1]
    options = case[2] if len(case) > 2 else {}
    if os.path.exists(out):
        os.remove(out)
    start = time.time()
    try:
        command = ["/usr/bin/time", "-f", "peak %M", RENDER] + args
        extra = ""
        if "wrap" in options:
            quoted = " ".join("'" + a + "'" for a in command)
            check = ""
            if "check" in options:
                check = f"; s=$?; [ $s -ne 0 ] && test -e '{options['check']}' && echo 'left a partial file' >&2; ls -A $(dirname '{options['check']}') | grep -q . && echo 'left a temporary file' >&2; exit $s"
            if "frames" in options:
                # A whole PNG ends with the IEND chunk; list any that does not, and any other file.
                check = (f"; s=$?; for f in '{options['frames']}'/* '{options['frames']}'/.[!.]*; do [ -e \"$f\" ] || continue; "
                         f"case \"$f\" in */.render-frames) ;; *.png) tail -c 8 \"$f\" | od -An -c | grep -q 'I   E   N   D' || echo \"incomplete frame $f\" >&2 ;; "
                         f"*) echo \"left $f\" >&2 ;; esac; done; exit $s")
            command = ["unshare", "-m", "sh", "-c", options["wrap"] + quoted + check]
        p = subprocess.run(command, capture_output=True, text=True, timeout=30,
                           preexec_fn=(lambda: os.close(1)) if options.get("close_stdout") else None)
        lines = p.stderr.strip().split("\n")
        peaks = [int(l.split()[-1]) for l in lines if l.startswith("peak ")]
        peak = peaks[-1] if peaks else 0  # KB
        lines = [l for l in lines if not l.startswith("peak") and not l.startswith("Command exited")]
        status, err = p.returncode, (lines[0] if lines else "")
    except subprocess.TimeoutExpired:
        status, err, peak = "timeout", "", 0
    seconds = time.time() - start
    partial = (os.path.exists(out) and status != 0) or any(
        l.startswith(("left ", "incomplete frame")) for l in p.stderr.split("\n")) if status != "timeout" else False
    leftovers = glob.glob(os.path.join(work, ".*tmp*")) + glob.glob(os.path.join(work, "*.tmp"))
    bad = status not in (0, 1) or seconds > SECONDS or partial or leftovers or peak > 2 * 1024 * 1024
    failures += bad
    print(f"{'FAIL' if bad else 'ok  '} {name}: {seconds:.2f} s, peak {peak // 1024} MB, status {status}: {err[:150]}"
          + (" (partial output left)" if partial else "") + (f" (left {leftovers})" if leftovers else ""))
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failures else 0)
