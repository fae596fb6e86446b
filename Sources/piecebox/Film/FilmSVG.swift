import Foundation
import LuaHost

/// A filmstrip as SVG: chosen frames side by side, each the stage with every element's rect (radius, opacity and
/// scale applied), glass shapes in glass blue and flowing together while their group merges, text as labels; a
/// second log drawn over the first as dashed outlines; plots below.
struct FilmSVG {
    var logs: [FilmLog]
    var times: [Double]
    var plots: [String]
    var cellHeight = 300.0
    static let gap = 18.0, labelHeight = 30.0, headerHeight = 44.0, perRow = 8

    func svg() -> String {
        let base = logs[0]
        let scale = cellHeight / base.height
        let cellWidth = base.width * scale
        let columns = min(max(times.count, 1), Self.perRow)
        let rows = (times.count + Self.perRow - 1) / Self.perRow
        let stripWidth = Double(columns) * (cellWidth + Self.gap) + Self.gap
        let plotHeight = 240.0
        let width = max(stripWidth, plots.isEmpty ? 0 : 560 + 2 * Self.gap)
        let stripHeight = Double(rows) * (cellHeight + Self.labelHeight + Self.gap)
        let height = Self.headerHeight + stripHeight + Double(plots.count) * (plotHeight + Self.gap) + Self.gap
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">"
        out += "<style>\(SVGText.style)</style>"
        out += Self.definitions(width: base.width, height: base.height, radius: base.screenRadius)
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#f7f7f8\"/>"
        let title = (base.test.map { "\"\($0)\"" } ?? "the file's top level") + " — " + base.name
        out += "<text x=\"\(n(Self.gap))\" y=\"22\" class=\"title\">\(SVGText.escape(SVGText.clip(title, 110)))</text>"
        if logs.count > 1 {
            out += "<text x=\"\(n(Self.gap))\" y=\"38\" class=\"tick\">filled: \(SVGText.escape(logs[0].name)); dashed orange outlines: \(SVGText.escape(logs[1].name))</text>"
        }
        for (i, t) in times.enumerated() {
            let col = i % Self.perRow, row = i / Self.perRow
            let x = Self.gap + Double(col) * (cellWidth + Self.gap)
            let y = Self.headerHeight + Double(row) * (cellHeight + Self.labelHeight + Self.gap)
            guard let frame = base.frames(at: [t]).first else { continue }
            out += "<g transform=\"translate(\(n(x)) \(n(y)))\" class=\"cell\" data-frame=\"\(frame.index)\" data-t=\"\(n(frame.time))\">"
            out += "<rect x=\"0\" y=\"0\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\" rx=\"\(n(base.screenRadius * scale))\" fill=\"#fff\" stroke=\"#999\"/>"
            out += "<g transform=\"scale(\(Self.number(scale)))\" clip-path=\"url(#screen)\">"
            out += Self.elements(frame, outline: false, stage: base)
            if logs.count > 1, let other = logs[1].frames(at: [t]).first {
                out += Self.elements(other, outline: true, stage: base)
            }
            out += "</g>"
            out += "<text x=\"\(n(cellWidth / 2))\" y=\"\(n(cellHeight + 18))\" text-anchor=\"middle\" class=\"label\">t = \(String(format: "%.3f", frame.time)) s · frame \(frame.index)</text>"
            out += "</g>"
        }
        for (i, path) in plots.enumerated() {
            let plot = PlotSVG(path: path, series: logs.map { ($0.name, $0.series(path)) })
            out += plot.svg(x: Self.gap, y: Self.headerHeight + stripHeight + Double(i) * (plotHeight + Self.gap))
        }
        return out + "</svg>\n"
    }

    /// The corner radius of the screen the stage stands for (a phone's), in stage points.
    static let screenRadius = 44.0

    /// The goo that makes merging glass shapes flow into one (blur, then a hard alpha threshold), and the screen's
    /// shape in stage points, which every drawing is cut to: what lies past the screen is not seen.
    static func definitions(width: Double, height: Double, radius: Double = screenRadius) -> String {
        """
        <defs><filter id="merge" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceGraphic" stdDeviation="7" result="b"/>\
        <feColorMatrix in="b" mode="matrix" values="1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 22 -9" result="g"/>\
        <feComposite in="SourceGraphic" in2="g" operator="atop"/></filter>\
        <clipPath id="screen"><rect x="0" y="0" width="\(number(width))" height="\(number(height))" rx="\(number(radius))"/></clipPath></defs>
        """
    }

    /// A frame's elements in stage points, back to front as `FilmLog.Frame.layers()` orders them. A merging glass
    /// group is one layer, where its first shape is. Elements that hold per-letter children show no text of their own.
    static func elements(_ frame: FilmLog.Frame, outline: Bool, stage: FilmLog) -> String {
        var chunks: [String] = []
        var group: [String: Int] = [:]
        let names = Set(frame.elements.map(\.path))
        for layer in frame.layers(width: stage.width, height: stage.height) {
            let e = layer.element
            let shape = rect(e, outline: outline, backdrop: layer.backdrop, showText: !names.contains(e.path + ".letter.1"))
            if e.glass && !outline && frame.merging.contains(e.piece) {
                if let at = group[e.piece] { chunks[at] += shape; continue }
                group[e.piece] = chunks.count
                chunks.append("<g filter=\"url(#merge)\" data-merging=\"\(SVGText.escape(e.piece))\">" + shape)
            } else {
                chunks.append(shape)
            }
        }
        for at in group.values { chunks[at] += "</g>" }
        return chunks.joined()
    }

    /// How strongly an element is filled: glass as glass; a backdrop (the app's content under a mini player) faintly,
    /// so it does not tint the whole screen and what lies on it stands out; anything else a light tint of its own hue.
    static func fillOpacity(glass: Bool, backdrop: Bool) -> Double { glass ? 0.55 : (backdrop ? 0.05 : 0.22) }

    static func rect(_ e: FilmLog.Element, outline: Bool, backdrop: Bool, showText: Bool) -> String {
        let r = max(0, min(e.radius, e.w / 2, e.h / 2))
        let cx = e.x + e.w / 2, cy = e.y + e.h / 2
        var transform = ""
        if abs(e.scale - 1) > 1e-6, e.scale.isFinite {
            transform = " transform=\"translate(\(number(cx)) \(number(cy))) scale(\(number(e.scale))) translate(\(number(-cx)) \(number(-cy)))\""
        }
        let hue = Self.hue(e.name)
        let fill = outline ? "none" : (e.glass ? "#9cc3ff" : "hsl(\(hue),55%,62%)")
        let stroke = outline ? "#dd6b20" : (e.glass ? "#3b73c4" : "hsl(\(hue),45%,40%)")
        let fillOpacity = Self.fillOpacity(glass: e.glass, backdrop: backdrop)
        var out = "<g\(transform) opacity=\"\(number(min(max(e.opacity, 0), 1)))\" data-element=\"\(SVGText.escape(e.path))\">"
        out += "<rect x=\"\(number(e.x))\" y=\"\(number(e.y))\" width=\"\(number(e.w))\" height=\"\(number(e.h))\" rx=\"\(number(r))\""
            + " fill=\"\(fill)\" fill-opacity=\"\(fillOpacity)\" stroke=\"\(stroke)\" stroke-width=\"\(outline ? 2.5 : 1.5)\""
            + (outline ? " stroke-dasharray=\"8 5\"" : "") + "/>"
        if !outline, showText, let text = e.text, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            // As large as the rect allows: its height, and its width for the text's length (about 0.6 em a letter).
            let size = max(5, min(e.h * 0.62, 30, e.w / (0.62 * Double(max(text.count, 1)))))
            out += "<text x=\"\(number(cx))\" y=\"\(number(cy + size * 0.35))\" text-anchor=\"middle\" font-size=\"\(number(size))\">\(SVGText.escape(SVGText.clip(text, 40)))</text>"
        }
        return out + "</g>"
    }

    static func hue(_ name: String) -> Int {
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return Int(h % 360)
    }

    static func number(_ x: Double) -> String { SVGText.number(x) }
    func n(_ x: Double) -> String { SVGText.number(x) }
}
