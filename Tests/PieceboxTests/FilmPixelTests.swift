import Foundation
import Testing

/// The pictures as a browser draws them: `piecebox film` and `diff --html` rendered by headless Chromium and checked
/// by the pixels of the screenshot (or, for text that must not overlap, by the boxes Chromium lays the text out in).
/// Skipped, saying why, where Chromium is not installed; `scripts/test` installs it (`scripts/browser`).
@Suite(.enabled(if: FilmTests.chromium != nil, "Chromium is not installed (scripts/browser installs Debian's chromium)"))
struct FilmPixelTests {
    // A filmstrip of one frame of a 400 × 800 stage: the cell is 300 pixels tall, so a stage point is 300 / 800 =
    // 0.375 pixels, and the cell's corner is at (18, 44) (the strip's gap and its header). The picture is 186 × 410.
    static func pixel(_ x: Double, _ y: Double) -> (Int, Int) { (Int(18 + x * 0.375), Int(44 + y * 0.375)) }

    /// A log of one frame (t = 0.1) of a 400 × 800 stage holding one piece with these elements, in this order.
    static func log(_ piece: String, _ elements: [(name: String, fields: String)]) -> String {
        let body = elements.map { "\"\($0.name)\":{\($0.fields)}" }.joined(separator: ",")
        return #"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"one frame","fps":10,"stage":{"width":400,"height":800}}"#
            + "\n" + #"{"frame":1,"t":0.1,"pieces":{"\#(piece)":{\#(body)}},"events":[]}"# + "\n"
    }

    /// Draws `log` as a one-frame filmstrip and screenshots it in Chromium.
    static func filmstrip(_ log: String, in folder: TestFolder, name: String) throws -> PNGPixels {
        try folder.write("\(name).jsonl", log)
        let run = try piecebox(["film", "\(name).jsonl", "--at", "0.1", "--out", "\(name).svg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        return try screenshot("\(folder.path)/\(name).svg", to: "\(folder.path)/\(name).png", width: 220, height: 440)
    }

    static func screenshot(_ page: String, to png: String, width: Int, height: Int) throws -> PNGPixels {
        _ = try FilmTests.browse(["--screenshot=\(png)", "--window-size=\(width),\(height)", "--force-device-scale-factor=1"],
                                 "file://\(page)")
        return try PNGPixels(contentsOf: png)
    }

    /// How far apart two colours are: the sum of the channels' differences.
    static func distance(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int)) -> Int {
        abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
    }

    // NowPlaying's closed bar, as the piece writes it: the surface (the glass) with `shown` false, which says the
    // surface is heading for the bar's layout, not that it is hidden; its opacity is 1.
    static func bar(shown: Bool) -> String {
        log("nowPlaying", [
            ("surface", #""x":20,"y":700,"w":360,"h":64,"radius":32,"scale":1,"opacity":1,"shown":\#(shown)"#),
            ("art", #""x":30,"y":710,"w":44,"h":44,"radius":12,"opacity":1"#),
        ])
    }

    @Test func theClosedBarsGlassIsDrawn() throws {
        let folder = try TestFolder()
        let closed = try Self.filmstrip(Self.bar(shown: false), in: folder, name: "closed")
        let open = try Self.filmstrip(Self.bar(shown: true), in: folder, name: "open")
        // A point of the bar away from the art: stage (300, 732) is pixel (18 + 112.5, 44 + 274.5).
        let (x, y) = Self.pixel(300, 732)
        let white = (r: 255, g: 255, b: 255)
        #expect(closed.rgb(Self.pixel(200, 300).0, Self.pixel(200, 300).1) == white, "the empty screen is the cell's white")
        // Drawn: a 0.22 tint of a colour at 62 % lightness and 55 % saturation has a channel at most
        // 255 - 0.22 × (255 - 104.8) ≈ 222 (the smallest channel of such a colour is (0.62 - 0.418 / 2) × 255 ≈ 104.8).
        let bar = closed.rgb(x, y)
        #expect(min(bar.r, bar.g, bar.b) <= 230, "the closed bar's glass is drawn at (\(x), \(y)): \(bar)")
        // And drawn as the same surface is drawn when `shown` is true: the flag changes nothing on screen.
        #expect(Self.distance(bar, open.rgb(x, y)) <= 3, "\(bar) against \(open.rgb(x, y))")
    }

    // The mini player closed, as the piece writes it: `content` (the app's content, the whole screen), then the
    // bar's `background`, then the `art` on the bar; and the same elements with the containers given last.
    static let content = ("content", #""x":0,"y":0,"w":400,"h":800,"bottomPadding":80,"accessibilityHidden":false"#)
    static let background = ("background", #""x":12,"y":700,"w":376,"h":64,"radius":18,"shadowOpacity":0.18"#)
    static let art = ("art", #""x":22,"y":710,"w":44,"h":44,"radius":10"#)

    @Test func theArtShowsOverTheMiniPlayersContent() throws {
        let folder = try TestFolder()
        let given = try Self.filmstrip(Self.log("miniPlayer", [Self.content, Self.background, Self.art]), in: folder, name: "given")
        let reversed = try Self.filmstrip(Self.log("miniPlayer", [Self.art, Self.background, Self.content]), in: folder, name: "reversed")
        let noArt = try Self.filmstrip(Self.log("miniPlayer", [Self.content, Self.background]), in: folder, name: "noart")
        // The content is the screen itself: where nothing lies on it (stage (200, 300)) it does not paint a box over
        // the screen. A tint of 0.05 of the palette's darkest channel (104.8) leaves 255 - 0.05 × 150.2 ≈ 247.5;
        // the box that covered the screen (0.22) left about 222.
        let (cx, cy) = Self.pixel(200, 300)
        let screen = given.rgb(cx, cy)
        #expect(min(screen.r, screen.g, screen.b) >= 240, "the content tints the screen: \(screen)")
        // The art is visible: its centre (stage (44, 732)) differs from the same picture without the art.
        let (ax, ay) = Self.pixel(44, 732)
        #expect(Self.distance(given.rgb(ax, ay), noArt.rgb(ax, ay)) >= 15, "\(given.rgb(ax, ay)) against \(noArt.rgb(ax, ay))")
        // Containers are drawn behind what they hold whatever order the piece gives: the same pixels either way,
        // at the art, on the bar beside it (stage (200, 732)) and on the screen.
        for (x, y) in [(ax, ay), Self.pixel(200, 732), (cx, cy)] {
            #expect(Self.distance(given.rgb(x, y), reversed.rgb(x, y)) <= 3, "at (\(x), \(y)): \(given.rgb(x, y)) against \(reversed.rgb(x, y))")
        }
    }

    /// A property that rests at 0, jumps past 100 to 108 and settles at 100 early in a 3-second log: its settle mark
    /// and its overshoot mark fall close together near the plot's top, where their labels used to be drawn over
    /// each other.
    static func overshootLog() -> String {
        var lines = [#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"jumps","fps":10,"stage":{"width":400,"height":800}}"#]
        for frame in 1...30 {
            let t = Double(frame) / 10
            let h: Double = [6: 60, 7: 108, 8: 103][frame] ?? (frame <= 5 ? 0 : 100)
            lines.append(#"{"frame":\#(frame),"t":\#(t),"pieces":{"card":{"surface":{"x":0,"y":0,"w":10,"h":\#(h)}}},"events":[]}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func plotLabelsDoNotOverlap() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.overshootLog())
        try folder.write("b.jsonl", Self.overshootLog().replacingOccurrences(of: #""h":108"#, with: #""h":110"#))
        let run = try piecebox(["film", "a.jsonl", "b.jsonl", "--at", "0.1", "--plot", "card.surface.h", "--out", "f.svg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try #require(folder.read("f.svg"))
        // The SVG inside a page whose script asks Chromium for every mark label's laid-out box and writes down each
        // pair that intersects.
        let page = """
        <!doctype html><html><body>\(svg)<pre id="out"></pre><script>
        const boxes = [...document.querySelectorAll('text.mark')].map(t => { const b = t.getBoundingClientRect(); return [t.textContent, b.left, b.top, b.right, b.bottom]; });
        const overlaps = [];
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
          const [p, a, b, c, d] = boxes[i], [q, e, f, g, h] = boxes[j];
          if (a < g && e < c && b < h && f < d) overlaps.push(p + ' / ' + q);
        }
        document.getElementById('out').textContent = 'labels ' + boxes.length + '; overlapping: ' + (overlaps.join(', ') || 'none');
        </script></body></html>
        """
        try folder.write("labels.html", page)
        let dom = try FilmTests.browse(["--dump-dom"], "file://\(folder.path)/labels.html")
        // Two logs, one movement each: a settle label and an overshoot label apiece.
        #expect(dom.contains("labels 4; overlapping: none"), "\(dom.suffix(300))")
    }

    @Test func theDiffPageKeepsEachSummarysLines() throws {
        let folder = try TestFolder()
        try folder.write("before.jsonl", FilmTests.log())
        try folder.write("after.jsonl", FilmTests.log(heights: [100, 250, 300]))
        let text = try piecebox(["diff", "after.jsonl", "before.jsonl"], in: folder.path)
        // The summary is the text report less its first line ("the frame logs differ in 1 test").
        let summaryLines = text.stdout.split(separator: "\n").count - 1
        #expect(summaryLines == 5, "\(text.stdout)")
        let run = try piecebox(["diff", "--html", "--out", "diff.html", "after.jsonl", "before.jsonl"], in: folder.path)
        #expect(run.status == 1)
        let shot = try Self.screenshot("\(folder.path)/diff.html", to: "\(folder.path)/diff.png", width: 1200, height: 700)
        // The summary's box is the page's first white (the page is #f7f7f8): down the column x = 20, inside the box's
        // 8-pixel padding (the body's margin is 16, the border 1), where no text is.
        let white = (r: 255, g: 255, b: 255)
        let rows = (0..<shot.height).filter { shot.rgb(20, $0) == white }
        let top = try #require(rows.first)
        let bottom = rows.drop { $0 < top }.enumerated().prefix { $0.element == top + $0.offset }.last?.element ?? top
        // Text lines are runs of rows holding a dark pixel.
        var bands = 0, inText = false
        for y in top...bottom {
            let dark = (24..<shot.width - 24).contains { x in shot.rgb(x, y).r < 160 }
            if dark && !inText { bands += 1 }
            inText = dark
        }
        #expect(bands == summaryLines, "the summary's box (rows \(top)–\(bottom)) shows \(bands) lines of text")
    }

    @Test func theTimelinePagePlaysNamesAndKeys() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", FilmTests.log())
        let run = try piecebox(["film", "a.jsonl", "--out", "t.html"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        // Playing from the first frame (t = 0.1) at the log's own speed reaches the last (t = 0.3) after 0.2 s of the
        // page's time; Chromium's virtual time runs 2 s.
        let dom = try FilmTests.browse(["--dump-dom", "--virtual-time-budget=2000"], "file://\(folder.path)/t.html#play")
        #expect(dom.contains("frame 3 · t = 0.300000 s · 3 of 3"), "played to the end: \(dom.suffix(600))")
        #expect(dom.contains(">play</button>"), "paused again at the end")
        // The stage: 0.9 of the stage's points, 360 × 720.
        #expect(dom.contains("<svg id=\"stage\" width=\"360\" height=\"720\""))
        // Every drawn element names itself on hover.
        let stage = FilmTests.svgElements(in: dom, id: "drawn")
        #expect(stage.contains("<title>card.surface</title>"), "\(stage.prefix(400))")
        // The key names each element's colour, and glass.
        for entry in ["data-key=\"surface\"", "data-key=\"shape.a\"", "glass</span>"] {
            #expect(dom.contains(entry), "the key has \(entry)")
        }
    }
}
