import Foundation
import LuaHost
import PieceKit

/// A property against time as SVG: one line per log (the first solid, the second dashed), with each movement's
/// settle time (a dashed vertical at the moment it stays within its settle band) and overshoot (a dotted line at the
/// peak past the resting value) marked and labelled. Used by `piecebox film`, the timeline page and `diff --html`.
struct PlotSVG {
    static let colors = ["#2b6cb0", "#dd6b20"]
    var path: String
    /// (label, samples) per log, at most two.
    var series: [(label: String, samples: [(time: Double, value: Double)])]
    var width = 560.0
    var height = 240.0

    static let left = 64.0, right = 16.0, top = 30.0, bottom = 34.0

    /// The plot as an SVG group placed at (x, y); `id` lets a page find the time axis (`data-t0`, `data-t1`).
    func svg(x: Double, y: Double, id: String = "") -> String {
        let all = series.flatMap(\.samples)
        var out = "<g transform=\"translate(\(f(x)) \(f(y)))\" class=\"plot\"\(id.isEmpty ? "" : " id=\"\(id)\"")"
        guard let t0 = all.map(\.time).min(), let t1 = all.map(\.time).max(),
              var v0 = all.map(\.value).min(), var v1 = all.map(\.value).max() else {
            return out + ">" + "<text x=\"0\" y=\"16\" class=\"title\">\(SVGText.escape(path)): no values in the log</text></g>"
        }
        if v1 - v0 < 1e-9 { v0 -= 1; v1 += 1 }
        let pad = (v1 - v0) * 0.08
        v0 -= pad; v1 += pad
        let span = max(t1 - t0, 1e-9)
        let plotW = width - Self.left - Self.right, plotH = height - Self.top - Self.bottom
        func px(_ t: Double) -> Double { Self.left + (t - t0) / span * plotW }
        func py(_ v: Double) -> Double { Self.top + (1 - (v - v0) / (v1 - v0)) * plotH }
        out += " data-t0=\"\(f(t0))\" data-t1=\"\(f(t1))\" data-left=\"\(f(Self.left))\" data-width=\"\(f(plotW))\">"
        out += "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#fff\" stroke=\"#ddd\"/>"
        out += "<text x=\"\(f(Self.left))\" y=\"18\" class=\"title\">\(SVGText.escape(path))</text>"
        // Each gridline and its label come from one tick value, so a label names the value its line is drawn at.
        let times = PlotTicks(low: t0, high: t1), values = PlotTicks(low: v0, high: v1)
        for t in times.values {
            out += "<line x1=\"\(f(px(t)))\" y1=\"\(f(Self.top))\" x2=\"\(f(px(t)))\" y2=\"\(f(Self.top + plotH))\" stroke=\"#eee\" class=\"grid-t\"/>"
            out += "<text x=\"\(f(px(t)))\" y=\"\(f(height - 14))\" text-anchor=\"middle\" class=\"tick tick-t\">\(times.label(t)) s</text>"
        }
        for v in values.values {
            out += "<line x1=\"\(f(Self.left))\" y1=\"\(f(py(v)))\" x2=\"\(f(Self.left + plotW))\" y2=\"\(f(py(v)))\" stroke=\"#eee\" class=\"grid-v\"/>"
            // 10 px text: its middle sits 3.5 px above its baseline.
            out += "<text x=\"\(f(Self.left - 6))\" y=\"\(f(py(v) + 3.5))\" text-anchor=\"end\" class=\"tick tick-v\">\(values.label(v))</text>"
        }
        var labels = PlotLabels(left: Self.left, right: width - Self.right, top: Self.top + 3, bottom: Self.top + plotH - 2)
        for (n, s) in series.enumerated() {
            let color = Self.colors[n % Self.colors.count]
            let points = s.samples.map { "\(f(px($0.time))),\(f(py($0.value)))" }.joined(separator: " ")
            out += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(n == 1 ? " stroke-dasharray=\"6 4\"" : "") class=\"series\" data-log=\"\(n + 1)\"/>"
            for move in MotionSummary.movements(s.samples).prefix(4) {
                let settledAt = move.start + move.settleTime
                out += "<line x1=\"\(f(px(settledAt)))\" y1=\"\(f(Self.top))\" x2=\"\(f(px(settledAt)))\" y2=\"\(f(Self.top + plotH))\" stroke=\"\(color)\" stroke-dasharray=\"3 3\" class=\"settle\"/>"
                labels.add("settles \(num(move.settleTime, 3)) s", x: px(settledAt) + 3, y: Self.top + 12, color: color)
                if let over = move.overshoot, over > 0.0005 {
                    // Past the rest by the fraction of the animated segment's travel (see `Movement`).
                    let peak = move.to + over * (move.to - move.segmentFrom)
                    let end = s.samples.last { $0.time <= settledAt + 1e-9 }?.time ?? settledAt
                    out += "<line x1=\"\(f(px(move.segmentStart)))\" y1=\"\(f(py(peak)))\" x2=\"\(f(px(max(end, move.segmentStart))))\" y2=\"\(f(py(peak)))\" stroke=\"\(color)\" stroke-dasharray=\"1 3\" class=\"overshoot\"/>"
                    labels.add("overshoot \(num(over * 100, 2)) %", x: px(move.segmentStart) + 3, y: py(peak) + (move.to >= move.segmentFrom ? -4 : 12), color: color)
                }
            }
        }
        out += labels.svg()
        // Legend, in the title row at the right.
        for (n, s) in series.enumerated() {
            let color = Self.colors[n % Self.colors.count]
            let ly = 12 + Double(n) * 12
            out += "<line x1=\"\(f(width - 190))\" y1=\"\(f(ly - 4))\" x2=\"\(f(width - 170))\" y2=\"\(f(ly - 4))\" stroke=\"\(color)\" stroke-width=\"2\"\(n == 1 ? " stroke-dasharray=\"6 4\"" : "")/>"
            out += "<text x=\"\(f(width - 166))\" y=\"\(f(ly))\" class=\"tick\">\(SVGText.escape(SVGText.clip(s.label, 28)))</text>"
        }
        out += "<line class=\"cursor\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" y2=\"\(f(Self.top + plotH))\" stroke=\"#c53030\" visibility=\"hidden\"/>"
        return out + "</g>"
    }

    func f(_ x: Double) -> String { SVGText.number(x) }
    func num(_ x: Double, _ decimals: Int) -> String { JSONNumberFormat(decimals: decimals).format(x) }
}

/// An axis's tick values: the multiples of one round step (1, 2, 2.5 or 5 times a power of ten) inside the axis,
/// the step the smallest round one that gives at most seven, each written with as many decimals as the step needs. A
/// gridline and its label are drawn from the same value, so the label says exactly where its line is.
struct PlotTicks {
    let values: [Double]
    let decimals: Int

    init(low: Double, high: Double) {
        let span = high - low
        guard span.isFinite, span > 0, low.isFinite else { values = low.isFinite ? [low] : []; decimals = 0; return }
        let power = (span / 6).log10Floor
        let unit = pow(10, Double(power))
        let (mantissa, extra) = [(1.0, 0), (2, 0), (2.5, 1), (5, 0), (10, 0)].first { $0.0 * unit >= span / 6 } ?? (10, 0)
        let step = mantissa * unit
        decimals = max(0, -power - (mantissa == 10 ? 1 : 0) + extra)
        // A billionth of a step of slack: −0.3 / 0.1 is −2.9999999999999996, and −0.3 is on the axis.
        let first = (low / step - 1e-9).rounded(.up), last = (high / step + 1e-9).rounded(.down)
        let scale = pow(10, Double(decimals))
        // Multiples by whole numbers, then rounded to the decimals shown: 0.1 · 3 is 0.30000000000000004, drawn at 0.3
        // (and −0 made 0, never labelled "-0").
        // At most seven by the step's choice; a span lost in its numbers' precision (1e17 ± 1) draws none.
        values = first > last || last - first > 10 ? [] : stride(from: first, through: last, by: 1).map { ($0 * step * scale).rounded() / scale + 0 }
    }

    func label(_ value: Double) -> String { JSONNumberFormat(decimals: decimals).format(value) }
}

private extension Double {
    /// ⌊log10(self)⌋ for a positive number.
    var log10Floor: Int { Int(Foundation.log10(self).rounded(.down)) }
}

/// A plot's marks' labels, each placed where it asks to be or, when that would cover a label already placed, at the
/// nearest free row (down first, then up), kept inside the plot and turned to the left of its mark at the right edge.
/// Widths are estimated (10 px DejaVu Sans: at most 6.4 px a character), so the estimate errs wide.
struct PlotLabels {
    var left, right, top, bottom: Double
    private(set) var placed: [(text: String, x: Double, y: Double, w: Double, color: String)] = []
    static let charWidth = 6.4, rowHeight = 12.0, ascent = 9.0, descent = 3.0

    mutating func add(_ text: String, x: Double, y: Double, color: String) {
        let w = Double(text.count) * Self.charWidth
        let x = x + w > right ? max(left, x - 6 - w) : x
        let wanted = min(max(y, top + Self.ascent), bottom)
        var candidates: [Double] = [wanted]
        for k in 1...40 {
            candidates.append(wanted + Double(k) * Self.rowHeight)
            candidates.append(wanted - Double(k) * Self.rowHeight)
        }
        let rows = candidates.filter { $0 >= top + Self.ascent && $0 <= bottom }
        let y = rows.first { row in !placed.contains { Self.overlap(($0.x, $0.y, $0.w), (x, row, w)) } } ?? wanted
        placed.append((text, x, y, w, color))
    }

    static func overlap(_ a: (x: Double, y: Double, w: Double), _ b: (x: Double, y: Double, w: Double)) -> Bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y - ascent < b.y + descent && b.y - ascent < a.y + descent
    }

    func svg() -> String {
        placed.map { "<text x=\"\(SVGText.number($0.x))\" y=\"\(SVGText.number($0.y))\" fill=\"\($0.color)\" class=\"mark\">\(SVGText.escape($0.text))</text>" }.joined()
    }
}

/// Text and numbers for SVG and HTML.
enum SVGText {
    static func escape(_ s: String) -> String { XMLEscape.escape(s, .pictureLabel) }

    /// Text of several lines (a summary in a `<pre>`): line breaks and tabs kept, other control characters spaces.
    static func escapeLines(_ s: String) -> String { XMLEscape.escape(s, lines) }
    static let lines = XMLEscape.Rules(quotes: true, apostrophes: true) { $0 != "\n" && $0 != "\t" && $0.value < 0x20 ? " " : nil }

    static func clip(_ s: String, _ n: Int) -> String { s.count > n ? String(s.prefix(n - 1)) + "…" : s }

    /// Two decimals, no exponent: enough for pixels.
    static func number(_ x: Double) -> String { JSONNumberFormat(decimals: 2).format(x.isFinite ? x : 0) }

    static let style = """
    text { font-family: 'DejaVu Sans', Arial, sans-serif; fill: #222; }
    .title { font-size: 13px; font-weight: bold; }
    .tick { font-size: 10px; fill: #555; }
    .mark { font-size: 10px; }
    .label { font-size: 11px; }
    """
}
