import Foundation
import Testing
@testable import piecebox

/// A plot's gridlines and their labels come from one list of tick values: each label names the value its line is
/// drawn at, and a value is drawn on the line that names it.
@Suite struct PlotAxisTests {
    /// One test, `card.surface.h` at 10 fps: at rest at 1, snapped to 0.6, up past 1 to 1.1, at rest at 1 again.
    static func log() -> String {
        let heights = [1, 1, 0.6, 0.8, 1.1, 1.05, 1, 1, 1]
        var lines = [#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"pop","fps":10,"stage":{"width":400,"height":800}}"#]
        for (i, h) in heights.enumerated() {
            lines.append(#"{"frame":\#(i + 1),"t":\#(Double(i + 1) / 10),"pieces":{"card":{"surface":{"x":0,"y":0,"w":10,"h":\#(h)}}},"events":[]}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The plot's value axis, worked out by hand. Values 0.6 to 1.1, padded by 8 % of the 0.5 span (0.04) each way:
    /// 0.56 to 1.14, a span of 0.58. The step is the smallest round one at least 0.58 / 6 = 0.0967: 0.1, so the ticks
    /// are 0.6, 0.7, 0.8, 0.9, 1 and 1.1. The plot is 240 tall with 30 above and 34 below: 176 for the values, and
    /// y(v) = 30 + (1 − (v − 0.56) / 0.58) · 176:
    ///   y(0.6) = 30 + 0.54 / 0.58 · 176 = 193.86     y(0.7) = 30 + 0.44 / 0.58 · 176 = 163.52
    ///   y(0.8) = 30 + 0.34 / 0.58 · 176 = 133.17     y(0.9) = 30 + 0.24 / 0.58 · 176 = 102.83
    ///   y(1)   = 30 + 0.14 / 0.58 · 176 =  72.48     y(1.1) = 30 + 0.04 / 0.58 · 176 =  42.14
    static let ticks: [(label: String, y: String)] = [
        ("0.6", "193.86"), ("0.7", "163.52"), ("0.8", "133.17"), ("0.9", "102.83"), ("1", "72.48"), ("1.1", "42.14"),
    ]

    @Test(arguments: ["f.svg", "t.html"])
    func eachValueLabelSitsOnTheGridlineOfItsValue(out: String) throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.log())
        let run = try piecebox(["film", "a.jsonl", "--plot", "card.surface.h", "--out", out], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(folder.read(out))
        let lines = Self.matches(##"<line x1="64" y1="([0-9.]+)" x2="544" y2="\1" stroke="#eee" class="grid-v"/>"##, in: page)
        let labels = Self.matches(#"<text x="58" y="([0-9.]+)" text-anchor="end" class="tick tick-v">([^<]*)</text>"#, in: page)
        #expect(lines.map { $0[0] } == Self.ticks.map(\.y), "\(lines)")
        // Each label's middle (3.5 px above its 10 px text's baseline) on its line.
        #expect(labels.map { $0[1] } == Self.ticks.map(\.label), "\(labels)")
        for (label, tick) in zip(labels, Self.ticks) {
            #expect(abs((Double(label[0]) ?? 0) - 3.5 - (Double(tick.y) ?? 0)) < 0.006, "\(label)")
        }
        // The value resting at 1 is drawn on the line labelled 1 (the points are at x for t = 0.1 … 0.9).
        let points = try #require(Self.matches(#"<polyline points="([^"]*)""#, in: page).first?.first)
        let ys = points.split(separator: " ").map { $0.split(separator: ",")[1] }
        #expect(ys.first == "72.48" && ys.last == "72.48", "\(points)")
        #expect(ys.contains("193.86") && ys.contains("42.14"), "0.6 and 1.1 on their lines: \(points)")
    }

    @Test(.enabled(if: FilmTests.chromium != nil, "Chromium is not installed (scripts/browser installs Debian's chromium)"))
    func theTimelinesValueLabelsAreDrawnOnTheirLinesInChromium() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.log())
        let run = try piecebox(["film", "a.jsonl", "--plot", "card.surface.h", "--out", "t.html"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(folder.read("t.html"))
        // The page as written, with a script that asks Chromium where it laid out each value label's text and each
        // gridline, and writes down each label with how far its text's middle is from its line, in pixels.
        let probe = """
        <pre id="probe"></pre><script>
        const rows = document.querySelectorAll('line.grid-v'), texts = document.querySelectorAll('text.tick-v');
        const said = [...texts].map((t, i) => { const b = t.getBoundingClientRect(), l = rows[i].getBoundingClientRect();
          return t.textContent + '@' + Math.round(Math.abs((b.top + b.bottom) / 2 - l.top)); });
        document.getElementById('probe').textContent = 'labels ' + said.join(' ');
        </script>
        """
        try folder.write("probe.html", page.replacingOccurrences(of: "</body>", with: probe + "</body>"))
        let dom = try FilmTests.browse(["--dump-dom"], "file://\(folder.path)/probe.html")
        // Every label of the hand-worked list, each drawn within a pixel of its line.
        let said = try #require(Self.matches(#"labels ([^<]*)<"#, in: dom).first?.first, "\(dom.suffix(300))")
        let pairs = said.split(separator: " ").map { $0.split(separator: "@").map(String.init) }
        #expect(pairs.map { $0.first ?? "" } == Self.ticks.map(\.label), "\(said)")
        #expect(pairs.allSatisfy { (Int($0.last ?? "") ?? 99) <= 1 }, "\(said)")
        // A picture of the page, to look at.
        _ = try FilmTests.browse(["--screenshot=\(folder.path)/page.png", "--window-size=900,1000"], "file://\(folder.path)/t.html")
        #expect(FileManager.default.contents(atPath: folder.path + "/page.png")?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (1..<m.numberOfRanges).map { ns.substring(with: m.range(at: $0)) }
        }
    }
}

/// The tick rule on its own: round steps, every tick inside the axis, labels with the step's decimals.
@Suite struct PlotTicksTests {
    @Test func ticksAreRoundMultiplesInsideTheAxis() {
        // −0.3 to 0.3: span 0.6, at least 0.1 a step: −0.3, −0.2, −0.1, 0, 0.1, 0.2, 0.3 (0 never "-0").
        let around = PlotTicks(low: -0.3, high: 0.3)
        #expect(around.values.map(around.label) == ["-0.3", "-0.2", "-0.1", "0", "0.1", "0.2", "0.3"])
        // 84 to 316: span 232, at least 38.7 a step: 50; 100 … 300.
        let heights = PlotTicks(low: 84, high: 316)
        #expect(heights.values == [100, 150, 200, 250, 300])
        // 0 to 1.5 s: at least 0.25: 0.25 with two decimals.
        let times = PlotTicks(low: 0, high: 1.5)
        #expect(times.values.map(times.label) == ["0", "0.25", "0.5", "0.75", "1", "1.25", "1.5"])
        // Nothing to divide, or a span lost in its numbers' precision: one tick or none, never a loop.
        #expect(PlotTicks(low: 5, high: 5).values == [5])
        #expect(PlotTicks(low: 1e17, high: 1e17 + 16).values.count <= 7)
        #expect(PlotTicks(low: -.infinity, high: 1).values.isEmpty)
    }
}
