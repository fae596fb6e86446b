import Foundation
import LuaHost
import PieceKit

/// `piecebox diff --html`: a page with each differing test's summary and its differing properties plotted, the two
/// logs overlaid (the first solid, the second dashed), each movement's settle time and overshoot marked.
struct DiffHTML {
    var names: (String, String)
    var texts: (String, String)
    var tolerance: Double
    /// Properties plotted per test.
    var plotsPerTest = 6

    /// The page, and whether the logs differ.
    func html() -> (page: String, differ: Bool) {
        let a = FrameLogParts(text: texts.0), b = FrameLogParts(text: texts.1)
        let differences = GoldenComparison(tolerance: .init(tolerance)).compare(actual: a, golden: b)
        var body = ""
        for d in differences {
            body += "<section><pre>" + SVGText.escapeLines(d.summary()) + "</pre>"
            let paths = d.properties.filter { $0.largest != nil }.map(\.path).prefix(plotsPerTest)
            let first = try? FilmLog.parse(texts.0, name: names.0, test: d.test.name, stage: 1)
            let second = try? FilmLog.parse(texts.1, name: names.1, test: d.test.name, stage: 1)
            for path in paths {
                var series: [(label: String, samples: [(time: Double, value: Double)])] = []
                if let first { series.append((names.0, first.series(path))) }
                if let second { series.append((names.1, second.series(path))) }
                let plot = PlotSVG(path: path, series: series)
                body += "<svg width=\"560\" height=\"240\" viewBox=\"0 0 560 240\">" + plot.svg(x: 0, y: 0) + "</svg>"
            }
            body += "</section>"
        }
        if differences.isEmpty { body = "<p>The frame logs agree.</p>" }
        let title = "\(names.0) against \(names.1)"
        let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(SVGText.escape(title))</title>
        <style>
        body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 16px; color: #222; background: #f7f7f8; }
        section { margin-bottom: 24px; } svg { margin: 4px; }
        pre { background: #fff; border: 1px solid #ddd; padding: 8px; white-space: pre-wrap; }
        \(SVGText.style)
        </style></head><body>
        <h3>\(SVGText.escape(title))</h3>
        <div class="tick">solid: \(SVGText.escape(names.0)); dashed: \(SVGText.escape(names.1))</div>
        \(body)
        </body></html>

        """
        return (page, !differences.isEmpty)
    }
}
