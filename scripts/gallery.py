#!/usr/bin/env python3
"""Makes the README's pictures of what a scene file alone does not show, in docs/gallery/:

- timeline-strip.png: five frames of Fixtures/scenes/timeline.json from `render frames`,
  side by side (ffmpeg's hstack filter);
- golden-diff.png: a golden check that fails, as the report shows it: the reference,
  the actual render after a change, and `render diff`'s image of what changed;
- golden-report.png: the same failure on the report page (`render diff --report`) in
  headless Chromium, the wipe slider half way;
- live-preview.png: `render serve` on Fixtures/scenes/profile-card.json in headless
  Chromium, with the layout bounds on and the pointer over the Follow button;
- components-strip.png: components written in Swift (the seed articles' ComponentFlow,
  styling, Workflow and DCFlight examples) as the library renders them: their golden
  images from Fixtures/golden/seeds, side by side.

Usage: scripts/gallery.py [--render PATH]   (default .build/release/render)
Needs what scripts/deps.sh installs (ffmpeg, Chromium, chromedriver, selenium).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "gallery")


def run(*arguments, **options):
    return subprocess.run(arguments, check=True, capture_output=True, text=True, **options)


def timeline_strip(render, work):
    frames = os.path.join(work, "frames")
    run(render, "frames", os.path.join(ROOT, "Fixtures/scenes/timeline.json"), "-o", frames, "--quiet")
    names = sorted(n for n in os.listdir(frames) if n.startswith("frame_") and n.endswith(".png"))
    picked = [names[round(i * (len(names) - 1) / 4)] for i in range(5)]
    inputs = []
    for name in picked:
        inputs += ["-i", os.path.join(frames, name)]
    run("ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex",
        "".join(f"[{i}]pad=iw+16:ih+16:8:8:color=0xE9ECF2[p{i}];" for i in range(5))
        + "".join(f"[p{i}]" for i in range(5)) + "hstack=inputs=5", os.path.join(OUT, "timeline-strip.png"))


def golden_diff(render, work):
    scene_path = os.path.join(ROOT, "Fixtures/scenes/profile-card.json")
    with open(scene_path, encoding="utf-8") as f:
        text = f.read()
    changed = text.replace('"Follow"', '"Following"').replace("#34C759", "#FF9500")
    changed_path = os.path.join(ROOT, "Fixtures/scenes", ".gallery-changed.json")
    try:
        with open(changed_path, "w", encoding="utf-8") as f:
            f.write(changed)
        run(render, scene_path, "-o", os.path.join(work, "expected.png"))
        run(render, changed_path, "-o", os.path.join(work, "actual.png"))
    finally:
        os.remove(changed_path)
    status = subprocess.run([render, "diff", os.path.join(work, "expected.png"), os.path.join(work, "actual.png"),
                             "-o", os.path.join(work, "diff.png")], capture_output=True, text=True)
    if status.returncode != 1:
        sys.exit(f"gallery: render diff should report the change: {status.stdout} {status.stderr}")
    run("ffmpeg", "-v", "error", "-y", "-i", os.path.join(work, "expected.png"), "-i", os.path.join(work, "actual.png"),
        "-i", os.path.join(work, "diff.png"), "-filter_complex",
        "[0][1][2]hstack=inputs=3,pad=iw+16:ih+16:8:8:color=0xE9ECF2", os.path.join(OUT, "golden-diff.png"))
    report = os.path.join(work, "report")
    subprocess.run([render, "diff", os.path.join(work, "expected.png"), os.path.join(work, "actual.png"),
                    "--report", report], capture_output=True, text=True)
    return os.path.join(report, "index.html")


def browser(width, height):
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=shutil.which("chromedriver")))


def golden_report(page):
    from selenium.webdriver.common.by import By

    driver = browser(1400, 1600)
    try:
        driver.get("file://" + page)
        wipe = driver.find_element(By.CSS_SELECTOR, "input[type=range]")
        driver.execute_script("arguments[0].value = 50; arguments[0].dispatchEvent(new Event('input'));", wipe)
        driver.find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
        time.sleep(0.5)
        # The failure's section: its figures, the three images, the slider and the box.
        driver.find_element(By.CSS_SELECTOR, "section").screenshot(os.path.join(OUT, "golden-report.png"))
    finally:
        driver.quit()


def components_strip():
    seeds = os.path.join(ROOT, "Fixtures/golden/seeds")
    names = ["dcflight-tree@2x.png", "componentflow-vstack@2x.png", "workflow-welcome-flow-login@2x.png",
             "styling-inferred-badge@2x.png"]
    inputs = []
    for name in names:
        inputs += ["-i", os.path.join(seeds, name)]
    n = len(names)
    # Each image on a 500 x 340 tile, centred, so pictures of different sizes line up.
    run("ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex",
        "".join(f"[{i}]scale='min(480,iw)':-1,pad=500:340:(ow-iw)/2:(oh-ih)/2:color=0xE9ECF2[p{i}];" for i in range(n))
        + "".join(f"[p{i}]" for i in range(n)) + f"hstack=inputs={n}", os.path.join(OUT, "components-strip.png"))


def live_preview(render):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    scene = os.path.join(ROOT, "Fixtures/scenes/profile-card.json")
    server = subprocess.Popen([render, "serve", scene, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().split(" at ", 1)[1].split(" ", 1)[0]
        driver = browser(1100, 760)
        try:
            driver.get(url)
            deadline = time.monotonic() + 20
            while driver.find_element(By.ID, "frame").get_attribute("data-version") is None:
                if time.monotonic() > deadline:
                    sys.exit("gallery: the preview page showed no image")
                time.sleep(0.1)
            driver.find_element(By.ID, "show-bounds").click()
            layout = json.loads(run(render, "layout", scene).stdout)
            x, y, w, h = layout["follow"]
            canvas_w, canvas_h = 340, 300
            img = driver.find_element(By.ID, "frame")
            box = driver.execute_script("const r = document.getElementById('frame').getBoundingClientRect(); return [r.width, r.height];")
            ActionChains(driver).move_to_element_with_offset(
                img, int((x + 14) / canvas_w * box[0] - box[0] / 2), int((y + h / 2) / canvas_h * box[1] - box[1] / 2)).perform()
            deadline = time.monotonic() + 10
            while driver.find_element(By.ID, "node-id").text != "follow":
                if time.monotonic() > deadline:
                    sys.exit("gallery: hovering the button did not select it")
                time.sleep(0.1)
            driver.save_screenshot(os.path.join(OUT, "live-preview.png"))
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--render", default=os.path.join(ROOT, ".build/release/render"))
    render = os.path.abspath(parser.parse_args().render)
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        timeline_strip(render, work)
        golden_report(golden_diff(render, work))
    live_preview(render)
    components_strip()
    for name in ("timeline-strip.png", "golden-diff.png", "golden-report.png", "live-preview.png", "components-strip.png"):
        print(os.path.join("docs/gallery", name))


if __name__ == "__main__":
    main()
