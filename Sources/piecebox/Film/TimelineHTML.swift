import Foundation
import LuaHost
import PieceKit

/// The timeline page: one self-contained HTML file (no network) with a scrubber over every frame that draws the
/// stage as the filmstrip does, the events on a time axis, and the plots with a cursor at the scrubbed time.
/// `#frame=N` in the address opens it at frame N (through the scrubber's own input event, as a drag would), `#play`
/// plays it. A play/pause button (and Space) plays the frames at the log's own times, at 1, ½, ¼ or ⅒ speed; the
/// element under the pointer is named; a key gives each element's colour.
struct TimelineHTML {
    var logs: [FilmLog]
    var plots: [String]
    /// Screen pixels per stage point: a phone's 852-point height is about 770 pixels, big enough to see a letter.
    static let stageScale = 0.9
    /// A phone's screen height (points): the size the stage is drawn at, whatever room a log shows.
    static let phoneHeight = 852.0

    func html() -> String {
        let base = logs[0]
        // The stage is drawn at 0.9 of its points; a piece's room (`--piece`) is blown up to a phone's size.
        let scale = base.isRoom ? Self.stageScale * Self.phoneHeight / max(base.width, base.height, 1) : Self.stageScale
        let title = (base.test.map { "\"\($0)\"" } ?? "the file's top level") + " — " + base.name
        var plotSVG = ""
        for (i, path) in plots.enumerated() {
            let plot = PlotSVG(path: path, series: logs.map { ($0.name, $0.series(path)) })
            plotSVG += "<svg class=\"plot\" width=\"560\" height=\"240\" viewBox=\"0 0 560 240\">" + plot.svg(x: 0, y: 0, id: "plot\(i)") + "</svg>"
        }
        let data = "{\"width\":\(n(base.width)),\"height\":\(n(base.height)),\"logs\":[" + logs.map { Self.logJSON($0, stage: base) }.joined(separator: ",") + "]}"
        // A script element's text ends at "</script" and changes how it ends after "<!--", so no "<" may be in it:
        // every one is inside a JSON string (the data's structure has none), where \u003c is the same character.
        let safe = data.replacingOccurrences(of: "<", with: "\\u003c")
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(SVGText.escape(title))</title>
        <style>
        body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 16px; color: #222; background: #f7f7f8; }
        #top { display: flex; gap: 24px; align-items: flex-start; }
        #stage { background: #fff; border: 1px solid #999; border-radius: \(n(base.screenRadius * scale))px; flex: none; }
        #stage g[data-element]:hover rect { stroke-width: 4; }
        #controls { min-width: 560px; }
        #scrub { width: 560px; }
        #buttons { display: flex; gap: 8px; align-items: center; margin-top: 6px; font-size: 14px; }
        #readout { font-size: 14px; margin: 6px 0 4px; }
        #name { font-size: 14px; margin: 0 0 10px; min-height: 1.3em; color: #2b6cb0; }
        #events { background: #fff; border: 1px solid #ddd; }
        .legend { font-size: 12px; color: #555; }
        #key { display: flex; flex-wrap: wrap; gap: 4px 14px; max-width: 560px; margin: 8px 0; }
        #key span { display: inline-flex; align-items: center; gap: 4px; }
        \(SVGText.style)
        </style></head><body>
        <h3>\(SVGText.escape(title))</h3>
        \(logs.count > 1 ? "<div class=\"legend\">filled: \(SVGText.escape(logs[0].name)); dashed orange outlines: \(SVGText.escape(logs[1].name))</div>" : "")
        <div id="top">
        <svg id="stage" width="\(n(base.width * scale))" height="\(n(base.height * scale))" viewBox="0 0 \(n(base.width)) \(n(base.height))">\(FilmSVG.definitions(width: base.width, height: base.height, radius: base.screenRadius))<g id="drawn" clip-path="url(#screen)"></g></svg>
        <div id="controls">
        <input id="scrub" type="range" min="0" max="\(base.frames.count - 1)" value="0" step="1" aria-label="frame">
        <div id="buttons"><button id="play" type="button">play</button>
        <label>speed <select id="speed"><option value="1">1×</option><option value="0.5">½×</option><option value="0.25">¼×</option><option value="0.1">⅒×</option></select></label>
        <span class="legend">space plays and pauses; ← → step a frame</span></div>
        <div id="readout"></div>
        <div id="name" aria-live="polite"></div>
        \(colourKey(base))
        \(eventsSVG(base))
        <div id="plots">\(plotSVG)</div>
        </div></div>
        <script id="data" type="application/json">\(safe)</script>
        <script>
        \(Self.script)
        </script>
        </body></html>

        """
    }

    /// The events on a time axis, one row per kind, with a cursor line.
    func eventsSVG(_ log: FilmLog) -> String {
        let t0 = log.frames.first?.time ?? 0, t1 = max(log.frames.last?.time ?? 1, t0 + 1e-6)
        var kinds: [String] = []
        for f in log.frames { for e in f.events where !kinds.contains(e.kind) { kinds.append(e.kind) } }
        let height = 34.0 + Double(max(kinds.count, 1)) * 18
        // The plots' margins, so the cursors line up.
        let left = PlotSVG.left, width = 560.0 - left - PlotSVG.right
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * width }
        var out = "<svg id=\"events\" width=\"560\" height=\"\(n(height))\" data-t0=\"\(n(t0))\" data-t1=\"\(n(t1))\" data-left=\"\(n(left))\" data-width=\"\(n(width))\">"
        out += "<text x=\"8\" y=\"14\" class=\"title\">events</text>"
        // The plots' tick rule: each label at the time it names.
        let times = PlotTicks(low: t0, high: t1)
        for t in times.values {
            out += "<text x=\"\(n(x(t)))\" y=\"\(n(height - 4))\" text-anchor=\"middle\" class=\"tick tick-t\">\(times.label(t)) s</text>"
        }
        for (row, kind) in kinds.enumerated() {
            let y = 28.0 + Double(row) * 18
            out += "<text x=\"8\" y=\"\(n(y + 4))\" class=\"tick\">\(SVGText.escape(SVGText.clip(kind, 9)))</text>"
            out += "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + width))\" y2=\"\(n(y))\" stroke=\"#eee\"/>"
            for f in log.frames {
                for e in f.events where e.kind == kind {
                    let tip = "\(e.kind) \(e.piece) at \(JSONNumberFormat(decimals: 6).format(f.time)) s" + (e.detail.isEmpty ? "" : ": \(e.detail)")
                    out += "<circle class=\"event\" cx=\"\(n(x(f.time)))\" cy=\"\(n(y))\" r=\"4\" fill=\"#805ad5\" data-frame=\"\(f.index)\"><title>\(SVGText.escape(SVGText.clip(tip, 200)))</title></circle>"
                }
            }
        }
        out += "<line class=\"cursor\" x1=\"\(n(left))\" y1=\"20\" x2=\"\(n(left))\" y2=\"\(n(height - 16))\" stroke=\"#c53030\"/>"
        return out + "</svg>"
    }

    /// One log's frames, each frame's elements back to front as `FilmLog.Frame.layers()` orders them (the same
    /// order as the filmstrip): [index, time, [[path, x, y, w, h, radius, opacity, scale, text, glass, merging,
    /// backdrop], ...]].
    static func logJSON(_ log: FilmLog, stage: FilmLog) -> String {
        var out = "{\"name\":" + JSONString.quoted(log.name) + ",\"frames\":["
        out += log.frames.map { f in
            let names = Set(f.elements.map(\.path))
            let elements = f.layers(width: stage.width, height: stage.height).map { layer -> String in
                let e = layer.element
                let text = names.contains(e.path + ".letter.1") ? "" : (e.text ?? "")
                let merging = e.glass && f.merging.contains(e.piece) ? 1 : 0
                return "[" + [JSONString.quoted(e.path), n(e.x), n(e.y), n(e.w), n(e.h), n(e.radius), n(e.opacity), n(e.scale),
                              JSONString.quoted(text), e.glass ? "1" : "0", String(merging), layer.backdrop ? "1" : "0"].joined(separator: ",") + "]"
            }
            return "[\(f.index),\(JSONNumberFormat(decimals: 6).format(f.time)),[" + elements.joined(separator: ",") + "]]"
        }.joined(separator: ",")
        return out + "]}"
    }

    /// The key to the stage's colours: each element's name with its hue (a name's letters share one entry), glass,
    /// the backdrop, and the second log's outlines. Names in the order they first appear.
    func colourKey(_ log: FilmLog) -> String {
        var names: [String] = [], glass: Set<String> = [], seen: Set<String> = []
        for f in log.frames {
            for e in f.elements where e.hasRect {
                let name = Self.keyName(e.name)
                if e.glass { glass.insert(name) }
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        let limit = 60
        var out = "<div id=\"key\" class=\"legend\"><b>key</b>"
        func swatch(_ fill: String, _ stroke: String, _ opacity: Double, dashed: Bool = false) -> String {
            "<svg width=\"14\" height=\"14\"><rect x=\"1\" y=\"1\" width=\"12\" height=\"12\" rx=\"3\" fill=\"\(fill)\" fill-opacity=\"\(n(opacity))\" stroke=\"\(stroke)\" stroke-width=\"1.5\"\(dashed ? " stroke-dasharray=\"3 2\"" : "")/></svg>"
        }
        out += "<span>" + swatch("#9cc3ff", "#3b73c4", FilmSVG.fillOpacity(glass: true, backdrop: false)) + "glass</span>"
        out += "<span>" + swatch("#888", "#555", FilmSVG.fillOpacity(glass: false, backdrop: true)) + "the screen's backdrop, faint (every container is drawn behind what it holds)</span>"
        if logs.count > 1 { out += "<span>" + swatch("none", "#dd6b20", 0, dashed: true) + SVGText.escape(SVGText.clip(logs[1].name, 40)) + "</span>" }
        for name in names.prefix(limit) {
            let hue = FilmSVG.hue(name.hasSuffix(".letter.*") ? String(name.dropLast()) + "1" : name)
            let entry = glass.contains(name) ? swatch("#9cc3ff", "#3b73c4", 0.55)
                : swatch("hsl(\(hue),55%,62%)", "hsl(\(hue),45%,40%)", 0.5)
            out += "<span data-key=\"\(SVGText.escape(name))\">" + entry + SVGText.escape(SVGText.clip(name, 40))
                + (name.hasSuffix(".letter.*") ? " (each letter its own hue; this is the first's)" : "") + "</span>"
        }
        if names.count > limit { out += "<span>and \(names.count - limit) more</span>" }
        return out + "</div>"
    }

    /// `title.letter.3` → `title.letter.*`: a morphing line's letters are one entry of the key.
    static func keyName(_ name: String) -> String {
        guard let range = name.range(of: ".letter.", options: .backwards),
              !name[range.upperBound...].isEmpty, name[range.upperBound...].allSatisfy(\.isNumber) else { return name }
        return name[..<range.upperBound] + "*"
    }

    static func n(_ x: Double) -> String { JSONNumberFormat(decimals: 3).format(x.isFinite ? x : 0) }
    func n(_ x: Double) -> String { Self.n(x) }

    /// Draws a frame the way `FilmSVG` does (the elements come in its order, back to front), names the element under
    /// the pointer, plays and pauses at a chosen speed (in the log's own time), moves the cursors, and opens at
    /// `#frame=N`, playing at once with `#play` (`#frame=N&play`).
    static let script = #"""
    const data = JSON.parse(document.getElementById('data').textContent);
    const FILL = { glass: \#(FilmSVG.fillOpacity(glass: true, backdrop: false)), backdrop: \#(FilmSVG.fillOpacity(glass: false, backdrop: true)), plain: \#(FilmSVG.fillOpacity(glass: false, backdrop: false)) };
    const NS = 'http://www.w3.org/2000/svg';
    const scrub = document.getElementById('scrub');
    const drawn = document.getElementById('drawn');
    const readout = document.getElementById('readout');
    const nameLine = document.getElementById('name');
    const playButton = document.getElementById('play');
    const speed = document.getElementById('speed');
    const frames = data.logs[0].frames;
    function hue(name) {
      let h = 2166136261;
      for (const b of new TextEncoder().encode(name)) { h = Math.imul(h ^ b, 16777619) >>> 0; }
      return h % 360;
    }
    function frameAt(log, t) {
      for (const f of log.frames) { if (f[1] >= t - 1e-9) return f; }
      return log.frames[log.frames.length - 1];
    }
    function el(tag, attrs, parent) {
      const e = document.createElementNS(NS, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      parent.appendChild(e);
      return e;
    }
    function drawElements(frame, outline, parent) {
      const groups = {};
      for (const [path, x, y, w, h, r, op, scale, text, glass, merging, backdrop] of frame[2]) {
        if (!(w > 0 && h > 0 && op > 0.01)) continue;
        let into = parent;
        if (merging && !outline) {
          const piece = path.split('.')[0];
          if (!groups[piece]) groups[piece] = el('g', { filter: 'url(#merge)', 'data-merging': piece }, parent);
          into = groups[piece];
        }
        const cx = x + w / 2, cy = y + h / 2;
        const g = el('g', { opacity: Math.min(Math.max(op, 0), 1), 'data-element': path }, into);
        if (Math.abs(scale - 1) > 1e-6) g.setAttribute('transform', `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})`);
        el('title', {}, g).textContent = path;
        const name = path.slice(path.indexOf('.') + 1), hh = hue(name);
        el('rect', { x, y, width: w, height: h, rx: Math.max(0, Math.min(r, w / 2, h / 2)),
          fill: outline ? 'none' : (glass ? '#9cc3ff' : `hsl(${hh},55%,62%)`),
          'fill-opacity': glass ? FILL.glass : (backdrop ? FILL.backdrop : FILL.plain),
          stroke: outline ? '#dd6b20' : (glass ? '#3b73c4' : `hsl(${hh},45%,40%)`), 'stroke-width': outline ? 2.5 : 1.5,
          'stroke-dasharray': outline ? '8 5' : 'none' }, g);
        if (!outline && text.trim() !== '') {
          const size = Math.max(5, Math.min(h * 0.62, 30, w / (0.62 * Math.max([...text].length, 1))));
          const t = el('text', { x: cx, y: cy + size * 0.35, 'text-anchor': 'middle', 'font-size': size }, g);
          t.textContent = text.length > 40 ? text.slice(0, 39) + '…' : text;
        }
      }
    }
    function moveCursor(svg, t) {
      const t0 = +svg.dataset.t0, t1 = +svg.dataset.t1, left = +svg.dataset.left, width = +svg.dataset.width;
      const x = left + (t1 > t0 ? (t - t0) / (t1 - t0) : 0) * width;
      const line = svg.querySelector('.cursor');
      line.setAttribute('x1', x); line.setAttribute('x2', x); line.setAttribute('visibility', 'visible');
    }
    function show(i) {
      const frame = frames[i];
      drawn.replaceChildren();
      drawElements(frame, false, drawn);
      if (data.logs.length > 1) drawElements(frameAt(data.logs[1], frame[1]), true, drawn);
      readout.textContent = `frame ${frame[0]} · t = ${frame[1].toFixed(6)} s · ${i + 1} of ${frames.length}`;
      readout.dataset.frame = frame[0];
      moveCursor(document.getElementById('events'), frame[1]);
      for (const plot of document.querySelectorAll('g.plot')) moveCursor(plot, frame[1]);
    }
    // The name of the element under the pointer (the topmost one), the way a tooltip would say it.
    drawn.addEventListener('pointerover', e => {
      const g = e.target.closest('[data-element]');
      nameLine.textContent = g ? g.getAttribute('data-element') : '';
    });
    drawn.addEventListener('pointerleave', () => { nameLine.textContent = ''; });
    // Playing walks the log's own times: frame i is shown once (now - start) × speed reaches its time. A timer of
    // 60 a second rather than animation frames, which a page in the background (or a headless one) never gets.
    const tick = 1000 / 60;
    let playing = null;
    function pause() {
      if (playing) clearTimeout(playing.request);
      playing = null;
      playButton.textContent = 'play';
    }
    function play() {
      let i = +scrub.value;
      if (i >= frames.length - 1) i = 0;
      playing = { from: frames[i][1], start: performance.now(), request: 0 };
      playButton.textContent = 'pause';
      const step = now => {
        if (!playing) return;
        const t = playing.from + (now - playing.start) / 1000 * +speed.value;
        let j = +scrub.value;
        while (j < frames.length - 1 && frames[j + 1][1] <= t + 1e-9) j++;
        if (j !== +scrub.value) { scrub.value = j; show(j); }
        if (j >= frames.length - 1) { pause(); return; }
        playing.request = setTimeout(() => step(performance.now()), tick);
      };
      scrub.value = i; show(i);
      playing.request = setTimeout(() => step(performance.now()), tick);
    }
    playButton.addEventListener('click', () => { if (playing) pause(); else play(); });
    speed.addEventListener('change', () => { if (playing) { pause(); play(); } });
    scrub.addEventListener('input', () => { pause(); show(+scrub.value); });
    document.addEventListener('keydown', e => {
      if (e.target.closest && e.target.closest('select')) return;
      if (e.key === ' ') { e.preventDefault(); if (playing) pause(); else play(); }
      else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        if (e.target === scrub) return;
        e.preventDefault();
        pause();
        scrub.value = Math.min(Math.max(+scrub.value + (e.key === 'ArrowRight' ? 1 : -1), 0), frames.length - 1);
        show(+scrub.value);
      }
    });
    const asked = /frame=(\d+)/.exec(location.hash);
    if (asked) {
      const index = frames.findIndex(f => f[0] >= +asked[1]);
      scrub.value = index < 0 ? frames.length - 1 : index;
      scrub.dispatchEvent(new Event('input'));
    } else {
      show(0);
    }
    if (/(^#|&)play(&|$)/.test(location.hash)) play();
    """#
}
