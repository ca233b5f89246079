/// The page `render serve` shows, in one piece (no files of its own to serve).
///
/// It long-polls `/state?after=VERSION` for the next load of the scene; for a good load it
/// fetches `/layout.json` and then `/frame.png` of the chosen frame, and marks the image
/// with `data-version` and `data-frame` once it has loaded. A broken scene shows its error
/// line in `#error` and dims the last good image. The layout bounds are an SVG over the
/// image in canvas points; the node under the pointer is the smallest frame containing it.
enum PreviewPage {
    static let html = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>render serve</title>
    <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #1d1d1f; background: #f5f5f7; }
      header { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
      h1 { font-size: 16px; margin: 0; }
      #status { color: #6e6e73; }
      #error { font: 13px/1.4 ui-monospace, monospace; color: #b00020; background: #fdecee; border: 1px solid #f5c2c7;
               padding: 8px 10px; border-radius: 6px; margin: 10px 0; white-space: pre-wrap; }
      main { display: flex; gap: 20px; align-items: flex-start; flex-wrap: wrap; margin-top: 10px; }
      #stage { position: relative; display: inline-block; line-height: 0; max-width: 100%;
               background: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
      #stage.stale #frame { opacity: 0.35; }
      #frame { max-width: 100%; height: auto; }
      #stage svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
      #bounds rect { fill: none; stroke: #ff2d55; stroke-opacity: 0.8; stroke-width: 1; }
      #highlight rect { fill: #0a84ff; fill-opacity: 0.12; stroke: #0a84ff; stroke-width: 2; }
      .controls { display: flex; gap: 12px; align-items: center; margin: 10px 0; flex-wrap: wrap; }
      #timeline { width: 320px; }
      aside { min-width: 260px; max-width: 420px; }
      aside h2, footer h2 { font-size: 13px; margin: 0 0 6px; color: #6e6e73; font-weight: 600; }
      #node-props { font: 12px/1.4 ui-monospace, monospace; background: #fff; border: 1px solid #ddd; border-radius: 6px;
                    padding: 8px; white-space: pre-wrap; word-break: break-all; max-height: 420px; overflow: auto; }
      #node-props:empty { display: none; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0 0 8px; }
      dt { color: #6e6e73; } dd { margin: 0; font-family: ui-monospace, monospace; }
      footer { margin-top: 16px; }
      footer ul { margin: 0; padding-left: 18px; }
    </style>
    </head>
    <body data-state="loading">
    <header>
      <h1 id="scene-name">render serve</h1>
      <span id="status">connecting…</span>
    </header>
    <div id="error" role="alert" hidden></div>
    <div class="controls">
      <label><input type="checkbox" id="show-bounds"> Layout bounds</label>
      <span id="timeline-row" hidden>
        <input type="range" id="timeline" min="0" max="0" step="1" value="0" aria-label="Frame">
        <span id="time"></span>
      </span>
    </div>
    <main>
      <div id="stage">
        <img id="frame" alt="The scene as rendered">
        <svg id="bounds" style="display: none"></svg>
        <svg id="highlight"></svg>
      </div>
      <aside>
        <h2>Node under the pointer</h2>
        <dl>
          <dt>type</dt><dd id="node-type">–</dd>
          <dt>id</dt><dd id="node-id">–</dd>
          <dt>path</dt><dd id="node-path">–</dd>
          <dt>frame</dt><dd id="node-frame">–</dd>
        </dl>
        <pre id="node-props"></pre>
      </aside>
    </main>
    <footer>
      <h2>Files (saving any of them draws the scene again)</h2>
      <ul id="files"></ul>
    </footer>
    <script>
    "use strict";
    const $ = (id) => document.getElementById(id);
    const svgNS = "http://www.w3.org/2000/svg";
    let version = 0, state = null, frame = 0, nodes = [], canvas = null, loading = false, again = false;

    function showError(line) {
      $("error").textContent = line;
      $("error").hidden = false;
      $("stage").classList.add("stale");
      document.body.dataset.state = "error";
    }

    function clearError() {
      $("error").hidden = true;
      $("error").textContent = "";
      $("stage").classList.remove("stale");
      document.body.dataset.state = "ok";
    }

    function apply(s) {
      state = s;
      $("scene-name").textContent = s.scene;
      document.title = s.scene + " – render serve";
      $("status").textContent = "version " + s.version + (s.ok ? "" : " (broken)");
      const list = $("files");
      list.replaceChildren(...s.files.map((f) => {
        const li = document.createElement("li"), a = document.createElement("a");
        a.href = f.url; a.textContent = f.name; li.append(a); return li;
      }));
      if (!s.ok) { showError(s.error); return; }
      const last = Math.max(0, s.frameCount - 1);
      if (frame > last) frame = last;
      const slider = $("timeline");
      slider.max = String(last);
      slider.value = String(frame);
      $("timeline-row").hidden = s.frameCount <= 1;
      show();
    }

    // One frame in flight at a time: a frame wanted while one loads (a slider being
    // dragged) is loaded when it ends, as the frame and version wanted by then, so the
    // server draws no frame nobody waits for. Frames of a version since replaced are
    // dropped (the server answers 409 for them once it has moved on).
    async function show() {
      if (loading) { again = true; return; }
      loading = true;
      try {
        await load(version, frame);
      } finally {
        loading = false;
        if (again) { again = false; show(); }
      }
    }

    async function load(v, f) {
      let body, response;
      try {
        response = await fetch("/layout.json?v=" + v + "&frame=" + f, { cache: "no-store" });
        if (response.status === 409) return;
        body = await response.json();
      } catch (e) {
        if (v === version) showError("the preview server did not answer");
        return;
      }
      if (v !== version) return;
      if (!response.ok) { showError(body.error); return; }
      const img = $("frame"), src = "/frame.png?v=" + v + "&frame=" + f;
      const loaded = await new Promise((resolve) => {
        img.onload = () => resolve(true);
        img.onerror = () => resolve(false);
        img.src = src;
      });
      if (v !== version) return;
      if (!loaded) {
        // A version replaced between the two requests is not an error to show.
        const probe = await fetch(src, { method: "HEAD", cache: "no-store" }).catch(() => null);
        if (probe === null || probe.status !== 409) showError("the frame did not load");
        return;
      }
      nodes = body.nodes; canvas = body.canvas;
      img.style.width = canvas.width + "px";
      img.dataset.version = String(v);
      img.dataset.frame = String(f);
      clearError();
      $("time").textContent = "frame " + f + " of " + (state.frameCount - 1) + " · " + body.time.toFixed(3) + " s";
      drawBounds();
      highlight(null);
    }

    function rect(n) {
      const r = document.createElementNS(svgNS, "rect");
      const [x, y, w, h] = n.frame;
      r.setAttribute("x", x); r.setAttribute("y", y); r.setAttribute("width", w); r.setAttribute("height", h);
      r.setAttribute("vector-effect", "non-scaling-stroke");
      r.dataset.id = n.id === null ? "" : n.id;
      r.dataset.path = n.path === null ? "" : n.path;
      return r;
    }

    function drawBounds() {
      for (const id of ["bounds", "highlight"]) {
        $(id).setAttribute("viewBox", "0 0 " + canvas.width + " " + canvas.height);
        $(id).setAttribute("preserveAspectRatio", "none");
      }
      $("bounds").replaceChildren(...nodes.map(rect));
    }

    function nodeAt(x, y) {
      let best = null;
      for (const n of nodes) {
        const [nx, ny, w, h] = n.frame;
        if (x >= nx && x < nx + w && y >= ny && y < ny + h && (best === null || w * h <= best.frame[2] * best.frame[3])) best = n;
      }
      return best;
    }

    function highlight(n) {
      $("highlight").replaceChildren(...(n ? [rect(n)] : []));
      $("node-type").textContent = n ? n.type : "–";
      $("node-id").textContent = n ? (n.id === null ? "(none)" : n.id) : "–";
      $("node-path").textContent = n && n.path !== null ? n.path : "–";
      $("node-frame").textContent = n ? "[" + n.frame.join(", ") + "]" : "–";
      $("node-props").textContent = n ? JSON.stringify(n.props, null, 2) : "";
    }

    $("stage").addEventListener("mousemove", (e) => {
      if (!canvas) return;
      const box = $("frame").getBoundingClientRect();
      const x = (e.clientX - box.left) / box.width * canvas.width, y = (e.clientY - box.top) / box.height * canvas.height;
      highlight(nodeAt(x, y));
    });
    $("stage").addEventListener("mouseleave", () => highlight(null));
    $("show-bounds").addEventListener("change", (e) => { $("bounds").style.display = e.target.checked ? "" : "none"; });
    $("timeline").addEventListener("input", (e) => { frame = Number(e.target.value); show(); });

    async function poll() {
      for (;;) {
        try {
          const response = await fetch("/state?after=" + version, { cache: "no-store" });
          if (!response.ok) throw new Error("status " + response.status);
          const s = await response.json();
          if (s.version !== version) { version = s.version; apply(s); }
        } catch (e) {
          $("status").textContent = "the preview server stopped; trying again";
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
    poll();
    </script>
    </body>
    </html>
    """#
}
