#!/usr/bin/env python3
"""End-to-end test of `render serve` in a real headless browser.

Starts `render serve` on scenes in a scratch folder (port 0), opens the page in Debian's
Chromium through chromedriver (selenium), and checks, against the command line as the
reference for pixels and error text:

- the image the page shows has the bytes `render SCENE -o OUT.png` writes;
- saving the scene, and saving an image it names, updates the page to the new render;
- a broken scene shows the command line's error line (with line and column) in the page,
  and the next good save recovers;
- a frame of a version since replaced is refused with 409;
- the timeline slider moved with the keyboard shows frame N as
  `render frames --compact --frames N` writes it;
- the layout-bounds toggle draws one box per node of `render layout`, at its frame;
- hovering a node shows its id, type and props;
- `--fps` and `--scale` give `render frames`' frames; `--host ::1` serves on IPv6;
- the server listens on 127.0.0.1 only, answers 404 outside the page, its images and
  JSON and the scene's files (other files beside the scene, traversal), survives malformed
  and oversized requests (408 for a head that never ends), answers HEAD as GET without
  the body, refuses connections beyond 32 at once with 503, waits without
  spinning when it runs out of file descriptors, and exits with status 0 on Ctrl-C
  (SIGINT) and SIGTERM.

Usage: scripts/serve_test.py [--render PATH]   (default: .build/debug/render, built
when missing). Prints one line per failed check and ends with 'N passed, N failed';
exits with status 1 when a check fails or something it needs is missing
(scripts/deps.sh installs Chromium, chromedriver and selenium).
"""
import argparse
import http.client
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
passed = 0
failed = []


def check(condition, what):
    global passed
    if condition:
        passed += 1
    else:
        failed.append(what)
        print(f"FAIL: {what}", flush=True)
    return condition


def fatal(message):
    print(f"error: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def wait_for(what, condition, timeout=15.0):
    """Polls `condition` until it returns a true value; fails the check after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as e:  # the page may be between states
            last_error = e
        time.sleep(0.05)
    check(False, f"timed out waiting for {what}" + (f" ({last_error})" if last_error else ""))
    return None


SCENE = {
    "canvas": {"width": 200, "height": 180, "scale": 2, "background": "#ffffff"},
    "root": {
        "type": "VStack", "id": "card", "spacing": 8, "padding": 12, "alignment": "leading",
        "children": [
            {"type": "Text", "id": "title", "text": "Hello", "font": {"size": 20, "weight": "bold"}},
            {"type": "Rectangle", "id": "swatch", "width": 90, "height": 30, "fill": "#3478f6"},
            {"type": "Image", "id": "logo", "src": "logo.png", "width": 40, "height": 40},
            {"type": "HStack", "spacing": 6, "children": [
                {"type": "Circle", "width": 14, "height": 14, "fill": "#34c759"},
                {"type": "Text", "text": "no id", "font": {"size": 12}}]},
        ],
    },
}


def write_scene(path, scene):
    # Written to a temporary file and renamed, as editors save.
    with open(path + ".tmp", "w") as f:
        json.dump(scene, f, indent=2)
    os.replace(path + ".tmp", path)


class Server:
    """`render serve SCENE --port 0`, its URL read from the first line it prints."""

    def __init__(self, render, scene, *options, max_files=None):
        def limit():
            if max_files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (max_files, max_files))
        self.process = subprocess.Popen([render, "serve", scene, "--port", "0", "--interval", "0.05", *options],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit)
        self.stderr = []
        threading.Thread(target=lambda: self.stderr.extend(self.process.stderr), daemon=True).start()
        line = self.process.stdout.readline()
        if not line.startswith("Serving "):
            fatal(f"render serve did not start: {line!r} {''.join(self.stderr)}")
        self.url = line.split(" at ", 1)[1].split(" ", 1)[0]
        host, port = self.url[len("http://"):].rstrip("/").rsplit(":", 1)
        self.host = host.strip("[]")
        self.port = int(port)

    def get(self, path, host_header=None, method="GET"):
        """Status and body of `method` `path`, sent as it is (no normalisation)."""
        return self.request(path, host_header, method)[::2]

    def request(self, path, host_header=None, method="GET"):
        """Status, header fields (names lowercased) and body of `method` `path`."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=20)
        connection.putrequest(method, path, skip_host=host_header is not None, skip_accept_encoding=True)
        if host_header is not None:
            connection.putheader("Host", host_header)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def raw(self, data, finished=True, wait=10):
        """The status line the server answers `data` with ('' when it closed without one).
        With `finished` false the connection's sending side stays open, as a client that
        stopped halfway through a head leaves it."""
        with socket.create_connection((self.host, self.port), timeout=wait) as s:
            try:
                s.sendall(data)
                if finished:
                    s.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            answer = b""
            try:
                while chunk := s.recv(65536):
                    answer += chunk
            except OSError:
                pass
        return answer.split(b"\r\n", 1)[0].decode("latin-1")

    def stop(self, number=signal.SIGTERM):
        """Sends the signal; returns the exit status (None when it did not exit in 5 s)."""
        self.process.send_signal(number)
        try:
            return self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def local_sockets(port, *states):
    """The local addresses of TCP sockets on local `port` in one of `states` (kernel codes:
    "0A" listening, "01" established, "04"/"05" FIN-WAIT, "08" CLOSE-WAIT, "09" LAST-ACK,
    "0B" closing), from /proc/net/tcp and tcp6."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            address, port_hex = fields[1].split(":")
            if fields[3] in states and int(port_hex, 16) == port:
                if len(address) == 8:
                    found.append(socket.inet_ntop(socket.AF_INET, bytes.fromhex(address)[::-1]))
                else:
                    raw = bytes.fromhex(address)
                    found.append(socket.inet_ntop(socket.AF_INET6, b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))))
    return found


def listening_addresses(port):
    return local_sockets(port, "0A")


def process_seconds(pid):
    """User and system CPU time of process `pid` so far, in seconds (from /proc/PID/stat)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cli(render, *arguments):
    return subprocess.run([render, *arguments], capture_output=True, text=True)


def cli_png(render, scene, folder, name):
    out = os.path.join(folder, name)
    run = cli(render, scene, "-o", out)
    if run.returncode != 0:
        fatal(f"render {scene} failed: {run.stderr}")
    return open(out, "rb").read()


def main():
    parser = argparse.ArgumentParser(description="Browser test of render serve.")
    parser.add_argument("--render", default=os.path.join(ROOT, ".build/debug/render"))
    args = parser.parse_args()
    render = os.path.abspath(args.render)
    if not os.access(render, os.X_OK):
        subprocess.run(["swift", "build", "--product", "render"], cwd=ROOT, check=True)
    for tool in ("chromium", "chromedriver"):
        if shutil.which(tool) is None:
            fatal(f"{tool} is not installed (scripts/deps.sh installs it: apt-get install chromium chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
    except ImportError:
        fatal("selenium is not installed (scripts/deps.sh installs it: python3 -m pip install selenium==4.51.0)")

    started = time.monotonic()
    folder = tempfile.mkdtemp(prefix="render-serve-test-")
    servers = []
    driver = None
    try:
        scene = os.path.join(folder, "scene.json")
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/assets/avatar.png"), os.path.join(folder, "logo.png"))
        with open(os.path.join(folder, "secret.txt"), "w") as f:
            f.write("not for the page\n")
        write_scene(scene, SCENE)

        server = Server(render, scene)
        servers.append(server)
        check(server.host == "127.0.0.1", f"serves on 127.0.0.1 by default, printed {server.url}")
        check(listening_addresses(server.port) == ["127.0.0.1"],
              f"the listening socket is bound to 127.0.0.1 only: {listening_addresses(server.port)}")

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,900", "--force-device-scale-factor=1"):
            options.add_argument(flag)
        service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
        driver = webdriver.Chrome(options=options, service=service)
        driver.get(server.url)

        def shown(version=None, frame=None):
            """The image's (version, frame) once it shows them (any version when None)."""
            img = driver.find_element(By.ID, "frame")
            v, f = img.get_attribute("data-version"), img.get_attribute("data-frame")
            if v is None or (version is not None and int(v) != version) or (frame is not None and int(f) != frame):
                return None
            return int(v), int(f)

        def shown_png():
            src = driver.find_element(By.ID, "frame").get_attribute("src")
            with urllib.request.urlopen(src, timeout=20) as response:
                return response.read()

        def state_version():
            return json.loads(server.get("/state?after=-1")[1])["version"]

        # 1. The first render: the page's image is the command line's PNG.
        wait_for("the first image", lambda: shown(version=1, frame=0))
        natural = driver.execute_script("const i = document.getElementById('frame'); return [i.naturalWidth, i.naturalHeight];")
        check(natural == [400, 360], f"the image is 400x360 pixels, found {natural}")
        check(shown_png() == cli_png(render, scene, folder, "expected-1.png"),
              "the page's PNG has the bytes of `render scene.json -o out.png`")

        # 2. Saving the scene updates the page.
        edited = json.loads(json.dumps(SCENE))
        edited["root"]["children"][0]["text"] = "Saved again"
        edited["root"]["children"][1]["fill"] = "#ff9500"
        write_scene(scene, edited)
        wait_for("the page to show the edited scene", lambda: shown(version=2))
        check(shown_png() == cli_png(render, scene, folder, "expected-2.png"), "after a save, the page shows the new render")

        # 3. Saving a file the scene names (its image) updates the page too.
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/assets/star-template.png"), os.path.join(folder, "logo.tmp"))
        os.replace(os.path.join(folder, "logo.tmp"), os.path.join(folder, "logo.png"))
        wait_for("the page to show the new image file", lambda: shown(version=3))
        check(shown_png() == cli_png(render, scene, folder, "expected-3.png"), "after saving the image, the page shows the new render")

        # 4. A broken scene shows the command line's error line in place.
        broken = json.dumps(edited, indent=2).replace('"Saved again",', '"Saved again"', 1)
        with open(scene, "w") as f:
            f.write(broken)
        expected_error = cli(render, scene, "-o", os.path.join(folder, "never.png")).stderr.strip()
        check("line " in expected_error and "column " in expected_error, f"the CLI names line and column: {expected_error}")
        error = wait_for("the error line in the page",
                         lambda: driver.find_element(By.ID, "error").is_displayed() and driver.find_element(By.ID, "error").text)
        check(error == expected_error, f"the page shows the CLI's error line: {error!r} vs {expected_error!r}")
        check(driver.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "error", "the page is in its error state")
        check(server.get("/frame.png?frame=0")[0] == 500, "no frame is served while the scene is broken")

        # 5. The next good save recovers.
        edited["root"]["children"][0]["text"] = "Fixed"
        write_scene(scene, edited)
        version = wait_for("a good load after the fix", lambda: state_version() if json.loads(server.get("/state?after=-1")[1])["ok"] else None)
        wait_for("the page to recover", lambda: shown(version=version) and not driver.find_element(By.ID, "error").is_displayed())
        check(shown_png() == cli_png(render, scene, folder, "expected-4.png"), "after the fix, the page shows the new render")

        # 6. Layout bounds: one box per node of `render layout`, at its frame.
        layout = json.loads(cli(render, "layout", scene).stdout)
        check(not driver.find_element(By.ID, "bounds").is_displayed(), "layout bounds are off at first")
        driver.find_element(By.ID, "show-bounds").click()
        check(driver.find_element(By.ID, "bounds").is_displayed(), "the toggle shows the layout bounds")
        boxes = driver.execute_script("""
            return [...document.querySelectorAll('#bounds rect')].map(r =>
              [r.dataset.id, r.dataset.path, ['x', 'y', 'width', 'height'].map(a => Number(r.getAttribute(a)))]);""")
        with_id = {i: f for i, _, f in boxes if i}
        check(with_id == layout, f"the bounds of nodes with ids are `render layout`'s frames: {with_id} vs {layout}")
        # Nodes without an id: their frames are `render layout`'s once the scene names them.
        unnamed = {p: f for i, p, f in boxes if not i}
        named = json.loads(json.dumps(edited))
        row = named["root"]["children"][3]
        row["id"], row["children"][0]["id"], row["children"][1]["id"] = "row", "dot", "label"
        probe = os.path.join(folder, "named.json")
        write_scene(probe, named)
        oracle = json.loads(cli(render, "layout", probe).stdout)
        expected_unnamed = {"root.children[3]": oracle["row"], "root.children[3].children[0]": oracle["dot"],
                            "root.children[3].children[1]": oracle["label"]}
        check(unnamed == expected_unnamed, f"the bounds of nodes without ids: {unnamed} vs {expected_unnamed}")
        driver.find_element(By.ID, "show-bounds").click()
        check(not driver.find_element(By.ID, "bounds").is_displayed(), "the toggle hides them again")

        # 7. The node under the pointer: the swatch, with its type and props.
        img = driver.find_element(By.ID, "frame")
        box = driver.execute_script("const r = document.getElementById('frame').getBoundingClientRect(); return [r.width, r.height];")
        def hover(frame):
            x, y, w, h = frame
            dx = (x + w / 2) / 200 * box[0] - box[0] / 2
            dy = (y + h / 2) / 180 * box[1] - box[1] / 2
            ActionChains(driver).move_to_element_with_offset(img, int(dx), int(dy)).perform()
        hover(layout["swatch"])
        wait_for("the hovered node's id", lambda: driver.find_element(By.ID, "node-id").text == "swatch")
        check(driver.find_element(By.ID, "node-type").text == "Rectangle", "the hovered node's type is shown")
        props = json.loads(driver.find_element(By.ID, "node-props").text)
        check(props.get("fill") == "#ff9500" and props.get("width") == 90, f"the hovered node's props are the scene's: {props}")
        check(driver.find_element(By.ID, "node-frame").text == "[" + ", ".join(f"{v:g}" for v in layout["swatch"]) + "]",
              f"the hovered node's frame is its layout frame: {driver.find_element(By.ID, 'node-frame').text}")
        hover(expected_unnamed["root.children[3].children[0]"])
        wait_for("the hovered node without an id", lambda: driver.find_element(By.ID, "node-path").text == "root.children[3].children[0]")
        check(driver.find_element(By.ID, "node-type").text == "Circle" and driver.find_element(By.ID, "node-id").text == "(none)",
              "a node without an id shows its type and no id")

        # 8. Frames of a version since replaced are refused with 409 (the page drops them);
        # the current version's are served.
        now = state_version()
        for path in ("/frame.png", "/layout.json"):
            check(server.get(f"{path}?v={now}&frame=0")[0] == 200, f"{path} of the current version is served")
            check(server.get(f"{path}?v={now - 1}&frame=0")[0] == 409, f"{path} of version {now - 1}, replaced, is 409")
            check(server.get(f"{path}?v=x&frame=0")[0] == 404, f"{path} of version x is 404")

        # 8b. Only the page, its images and JSON, and the scene's files are served.
        status, body = server.get("/files/1/logo.png")
        check(status == 200 and body == open(os.path.join(folder, "logo.png"), "rb").read(), "a file the scene names is served")
        check(server.get("/files/0/scene.json")[0] == 200, "the scene file is served")
        for path in ("/etc/passwd", "/files/../../etc/passwd", "/files/0/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                     "/files/0/secret.txt", "/files/2/secret.txt", "/files/-1/scene.json", "/files/1/scene.json",
                     "/secret.txt", "/scene.json", "/logo.png", "/files/1/logo.png/..", "/frame.png?frame=1",
                     "/frame.png?frame=x", "/favicon.ico"):
            status = server.get(path)[0]
            check(status == 404, f"GET {path} is 404, found {status}")
        check(server.get("/", host_header="evil.example:%d" % server.port)[0] == 403, "a request for another Host is refused")

        # 9. Malformed and oversized requests get an error status; the server goes on.
        for data, expected in ((b"GARBAGE\r\n\r\n", "400"), (b"GET / HTTP/9.9\r\n\r\n", "505"),
                               (b"GET noslash HTTP/1.1\r\nHost: x\r\n\r\n", "400"),
                               (b"POST / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 5\r\n\r\nhello" % server.port, "405"),
                               (b"GET / HTTP/1.1\r\nX: " + b"a" * 100_000 + b"\r\n\r\n", "431"),
                               (b"\xff\xfe\x00\x01\r\n\r\n", "400"), (b"GET /%ff HTTP/1.1\r\n\r\n", "400"),
                               (b"GET / HTTP/1.1\r\nHost: 127.0.0.1", "400"), (b"", "")):
            line = server.raw(data)
            check(line.split(" ")[1:2] == [expected] if expected else line == "",
                  f"{data[:40]!r} is answered {expected or 'with nothing'}, found {line!r}")
        check(server.get("/")[0] == 200, "the server still answers after malformed requests")
        # A head that never ends is answered 408 after the 5 s read timeout.
        started_head = time.monotonic()
        line = server.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % server.port, finished=False, wait=12)
        took = time.monotonic() - started_head
        check(line.split(" ")[1:2] == ["408"] and 4.5 <= took <= 9, f"an unfinished head is answered 408 after 5 s: {line!r} after {took:.1f} s")
        # HEAD: GET's status and header fields, no body.
        for path in ("/", "/frame.png?frame=0", "/layout.json?frame=0", "/files/1/logo.png"):
            get_status, get_fields, get_body = server.request(path)
            head_status, head_fields, head_body = server.request(path, method="HEAD")
            check(head_status == get_status == 200 and head_body == b""
                  and head_fields.get("content-length") == str(len(get_body)) == get_fields.get("content-length")
                  and head_fields.get("content-type") == get_fields.get("content-type"),
                  f"HEAD {path} has GET's status and fields and no body: {head_status} {head_fields} {len(head_body)} bytes")

        # 10. At most 32 connections at once: the rest get 503 at once; a save answers every
        # long poll, and the server takes requests again. The browser holds its long poll
        # and may hold more (a preconnected socket waits out the read timeout), so the
        # connections the server may hold already (any state short of closed) are counted first.
        current = state_version()
        held = len(local_sockets(server.port, "01", "04", "05", "08", "09", "0B"))
        polls = []
        for _ in range(40):
            s = socket.create_connection((server.host, server.port), timeout=10)
            s.sendall(b"GET /state?after=%d HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % (current, server.port))
            polls.append(s)
        time.sleep(0.5)
        refused = 0
        for s in polls:
            s.setblocking(False)
            try:
                refused += s.recv(100).startswith(b"HTTP/1.1 503")
            except BlockingIOError:
                pass
        established = len(local_sockets(server.port, "01"))
        check(8 <= refused <= 8 + held, f"connections beyond 32 get 503 at once: {refused} of 40 did, with {held} held before")
        check(established <= 32, f"the server holds at most 32 connections: {established}")
        edited["root"]["children"][0]["text"] = "Fixed again"
        write_scene(scene, edited)
        answered = 0
        for s in polls:
            s.setblocking(True)
            try:
                answered += s.recv(100).startswith(b"HTTP/1.1 200")
            except OSError:
                pass
            s.close()
        check(answered == 40 - refused, f"a save answers every waiting long poll: {answered} of {40 - refused}")
        wait_for("the server to take requests again", lambda: server.get("/")[0] == 200)

        # 10b. Out of file descriptors (a limit of 24, about 10 in use at rest), queued
        # connections wait: the server does not spin on them, and serves again once
        # connections end.
        starved = Server(render, scene, max_files=24)
        servers.append(starved)
        idle = [socket.create_connection((starved.host, starved.port), timeout=10) for _ in range(40)]
        time.sleep(0.3)
        before = process_seconds(starved.process.pid)
        time.sleep(1.5)
        spent = process_seconds(starved.process.pid) - before
        check(spent < 0.3, f"a server out of descriptors waits: {spent:.2f} s of CPU in 1.5 s")
        for s in idle:
            s.close()
        wait_for("the server out of descriptors to serve again", lambda: starved.get("/")[0] == 200)
        servers.remove(starved)
        status = starved.stop()
        check(status == 0, f"the server out of descriptors exits with status 0, found {status}: {''.join(starved.stderr)[-300:]}")

        # 11. The timeline: frame N of an animated scene as `render frames` draws it.
        animated = os.path.join(folder, "timeline.json")
        shutil.copy(os.path.join(ROOT, "Fixtures/scenes/timeline.json"), animated)
        moving = Server(render, animated)
        servers.append(moving)
        driver.get(moving.url)
        wait_for("the animated scene's first frame", lambda: shown(version=1, frame=0))
        first = shown_png()
        slider = driver.find_element(By.ID, "timeline")
        check(slider.is_displayed() and slider.get_attribute("max") == "45", f"the slider covers frames 0...45, max {slider.get_attribute('max')}")
        slider.send_keys(*([Keys.ARROW_RIGHT] * 18))
        wait_for("frame 18", lambda: shown(version=1, frame=18))
        frames = os.path.join(folder, "frames")
        run = cli(render, "frames", animated, "-o", frames, "--compact", "--frames", "18", "--quiet")
        check(run.returncode == 0, f"render frames ran: {run.stderr}")
        expected = open(os.path.join(frames, "frame_00018.png"), "rb").read()
        png = shown_png()
        check(png == expected, "the slider's frame 18 has the bytes of `render frames --compact --frames 18`")
        check(png != first, "frame 18 differs from frame 0")
        check("0.600 s" in driver.find_element(By.ID, "time").text, f"the time of frame 18 is shown: {driver.find_element(By.ID, 'time').text}")

        # 11b. --fps and --scale: the timeline has `render frames --fps 10`'s frames, each
        # with the bytes `render frames --fps 10 --scale 2` writes.
        options = ("--fps", "10", "--scale", "2")
        tuned = Server(render, animated, *options)
        servers.append(tuned)
        tuned_state = json.loads(tuned.get("/state?after=-1")[1])
        exported = os.path.join(folder, "frames-10fps")
        run = cli(render, "frames", animated, "-o", exported, "--compact", "--quiet", *options)
        check(run.returncode == 0, f"render frames --fps 10 --scale 2 ran: {run.stderr}")
        names = sorted(n for n in os.listdir(exported) if n.endswith(".png")) if run.returncode == 0 else []
        check(tuned_state["frameCount"] == len(names) and len(names) > 1,
              f"with --fps 10 the timeline has render frames' {len(names)} frames: {tuned_state['frameCount']}")
        for index in (0, len(names) // 2, len(names) - 1):
            status, png = tuned.get(f"/frame.png?frame={index}")
            expected = open(os.path.join(exported, f"frame_{index:05d}.png"), "rb").read() if names else b""
            check(status == 200 and png == expected, f"frame {index} with --fps 10 --scale 2 has render frames' bytes")
        servers.remove(tuned)
        tuned.stop()

        # 11c. --host ::1 listens on the IPv6 loopback only, and the page answers there;
        # without IPv6 the command says it cannot listen, with status 1.
        has_ipv6_loopback = any(line.split()[0] == "0" * 31 + "1" for line in open("/proc/net/if_inet6")) \
            if os.path.exists("/proc/net/if_inet6") else False
        if has_ipv6_loopback:
            six = Server(render, scene, "--host", "::1")
            servers.append(six)
            check(six.url == f"http://[::1]:{six.port}/", f"the IPv6 address is shown in brackets: {six.url}")
            check(listening_addresses(six.port) == ["::1"], f"--host ::1 binds ::1 only: {listening_addresses(six.port)}")
            check(six.get("/")[0] == 200, "the page is served on ::1")
            check(six.get("/", host_header="localhost:%d" % six.port)[0] == 200, "localhost is an accepted Host on ::1")
            check(six.get("/", host_header="evil.example:%d" % six.port)[0] == 403, "a foreign Host is refused on ::1")
            servers.remove(six)
            six.stop()
        else:
            run = cli(render, "serve", scene, "--host", "::1", "--port", "0")
            check(run.returncode == 1 and "cannot listen on ::1 port 0" in run.stderr,
                  f"without IPv6, --host ::1 fails with a line naming it: {run.returncode} {run.stderr!r}")

        # 12. Ctrl-C (SIGINT) and SIGTERM end a server with status 0.
        driver.quit()
        driver = None
        for s, number in zip(servers, (signal.SIGINT, signal.SIGTERM)):
            status = s.stop(number)
            check(status == 0, f"render serve exits with status 0 on {number.name}, found {status}: {''.join(s.stderr)[-300:]}")
        servers = []
    finally:
        if driver is not None:
            driver.quit()
        for s in servers:
            s.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"serve_test: {time.monotonic() - started:.1f} s")
    print(f"{passed} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
