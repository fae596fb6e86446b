import Foundation
import LuaHost
import PieceKit

/// The timeline page: one self-contained HTML file (no network) with a scrubber over every frame that draws the
/// stage as the filmstrip does, the events on a time axis, and the plots with a cursor at the scrubbed time.
/// `#frame=N` in the address opens it at frame N (through the scrubber's own input event, as a drag would).
struct TimelineHTML {
    var logs: [FilmLog]
    var plots: [String]

    func html() -> String {
        let base = logs[0]
        let title = (base.test.map { "\"\($0)\"" } ?? "the file's top level") + " — " + base.name
        var plotSVG = ""
        for (i, path) in plots.enumerated() {
            let plot = PlotSVG(path: path, series: logs.map { ($0.name, $0.series(path)) })
            plotSVG += "<svg class=\"plot\" width=\"560\" height=\"240\" viewBox=\"0 0 560 240\">" + plot.svg(x: 0, y: 0, id: "plot\(i)") + "</svg>"
        }
        let data = "{\"width\":\(n(base.width)),\"height\":\(n(base.height)),\"logs\":[" + logs.map(Self.logJSON).joined(separator: ",") + "]}"
        // A script element's text ends at "</script" and changes how it ends after "<!--", so no "<" may be in it:
        // every one is inside a JSON string (the data's structure has none), where \u003c is the same character.
        let safe = data.replacingOccurrences(of: "<", with: "\\u003c")
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(SVGText.escape(title))</title>
        <style>
        body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 16px; color: #222; background: #f7f7f8; }
        #top { display: flex; gap: 24px; align-items: flex-start; }
        #stage { background: #fff; border: 1px solid #999; border-radius: 18px; }
        #controls { min-width: 560px; }
        #scrub { width: 560px; }
        #readout { font-size: 14px; margin: 6px 0 10px; }
        #events { background: #fff; border: 1px solid #ddd; }
        .legend { font-size: 12px; color: #555; }
        \(SVGText.style)
        </style></head><body>
        <h3>\(SVGText.escape(title))</h3>
        \(logs.count > 1 ? "<div class=\"legend\">filled: \(SVGText.escape(logs[0].name)); dashed orange outlines: \(SVGText.escape(logs[1].name))</div>" : "")
        <div id="top">
        <svg id="stage" width="\(n(base.width * 0.6))" height="\(n(base.height * 0.6))" viewBox="0 0 \(n(base.width)) \(n(base.height))">\(FilmSVG.definitions)<g id="drawn"></g></svg>
        <div id="controls">
        <input id="scrub" type="range" min="0" max="\(base.frames.count - 1)" value="0" step="1" aria-label="frame">
        <div id="readout"></div>
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
        for i in 0...4 {
            let t = t0 + (t1 - t0) * Double(i) / 4
            out += "<text x=\"\(n(x(t)))\" y=\"\(n(height - 4))\" text-anchor=\"middle\" class=\"tick\">\(JSONNumberFormat(decimals: 2).format(t)) s</text>"
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

    /// One log's frames: [index, time, [[path, x, y, w, h, radius, opacity, scale, text, glass, merging], ...]].
    static func logJSON(_ log: FilmLog) -> String {
        var out = "{\"name\":" + JSONString.quoted(log.name) + ",\"frames\":["
        out += log.frames.map { f in
            let names = Set(f.elements.map(\.path))
            let elements = f.elements.filter { $0.hasRect }.map { e -> String in
                let text = names.contains(e.path + ".letter.1") ? "" : (e.text ?? "")
                let merging = e.glass && f.merging.contains(e.piece) ? 1 : 0
                return "[" + [JSONString.quoted(e.path), n(e.x), n(e.y), n(e.w), n(e.h), n(e.radius), n(e.opacity), n(e.scale),
                              JSONString.quoted(text), e.glass ? "1" : "0", String(merging)].joined(separator: ",") + "]"
            }
            return "[\(f.index),\(JSONNumberFormat(decimals: 6).format(f.time)),[" + elements.joined(separator: ",") + "]]"
        }.joined(separator: ",")
        return out + "]}"
    }

    static func n(_ x: Double) -> String { JSONNumberFormat(decimals: 3).format(x.isFinite ? x : 0) }
    func n(_ x: Double) -> String { Self.n(x) }

    /// Draws a frame the way `FilmSVG` does, moves the cursors, and opens at `#frame=N`.
    static let script = #"""
    const data = JSON.parse(document.getElementById('data').textContent);
    const NS = 'http://www.w3.org/2000/svg';
    const scrub = document.getElementById('scrub');
    const drawn = document.getElementById('drawn');
    const readout = document.getElementById('readout');
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
      for (const [path, x, y, w, h, r, op, scale, text, glass, merging] of frame[2]) {
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
        const name = path.slice(path.indexOf('.') + 1), hh = hue(name);
        el('rect', { x, y, width: w, height: h, rx: Math.max(0, Math.min(r, w / 2, h / 2)),
          fill: outline ? 'none' : (glass ? '#9cc3ff' : `hsl(${hh},55%,62%)`), 'fill-opacity': glass ? 0.55 : 0.22,
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
      const frame = data.logs[0].frames[i];
      drawn.replaceChildren();
      drawElements(frame, false, drawn);
      if (data.logs.length > 1) drawElements(frameAt(data.logs[1], frame[1]), true, drawn);
      readout.textContent = `frame ${frame[0]} · t = ${frame[1].toFixed(6)} s · ${i + 1} of ${data.logs[0].frames.length}`;
      readout.dataset.frame = frame[0];
      moveCursor(document.getElementById('events'), frame[1]);
      for (const plot of document.querySelectorAll('g.plot')) moveCursor(plot, frame[1]);
    }
    scrub.addEventListener('input', () => show(+scrub.value));
    const asked = /frame=(\d+)/.exec(location.hash);
    if (asked) {
      const index = data.logs[0].frames.findIndex(f => f[0] >= +asked[1]);
      scrub.value = index < 0 ? data.logs[0].frames.length - 1 : index;
      scrub.dispatchEvent(new Event('input'));
    } else {
      show(0);
    }
    """#
}
