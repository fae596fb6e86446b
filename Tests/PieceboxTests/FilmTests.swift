import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `piecebox film` and `diff --html`: the pictures parsed back (and, where Chromium is installed, drawn and scrubbed).
@Suite struct FilmTests {
    /// A hand-made log: one test, a card whose surface is 100, 200, then 300 points tall (10 fps), a haptic on
    /// frame 2, and a glass piece whose two shapes merge on frame 3.
    static func log(heights: [Double] = [100, 200, 300]) -> String {
        var lines = [#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"grows","fps":10,"stage":{"width":400,"height":800}}"#]
        for (i, h) in heights.enumerated() {
            let frame = i + 1
            let events = frame == 2 ? #"[{"kind":"haptic","piece":"card","detail":{"style":"soft"}}]"# : "[]"
            let merging = frame == 3 ? "true" : "false"
            lines.append(#"{"frame":\#(frame),"t":\#(Double(frame) / 10),"pieces":{"card":{"surface":{"x":20,"y":100,"w":360,"h":\#(Int(h)),"radius":30,"opacity":1,"text":"Hello"}},"#
                         + #""tools":{"group":{"spacing":16,"merging":\#(merging)},"shape.a":{"x":20,"y":700,"w":44,"h":44,"radius":22,"material":"glass"},"shape.b":{"x":70,"y":700,"w":44,"h":44,"radius":22,"material":"glass"}}},"events":\#(events)}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every element's attributes, in document order, from an XML text.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
    }

    static func parse(_ text: String) -> (ok: Bool, elements: [(name: String, attributes: [String: String])]) {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        return (ok, collector.elements)
    }

    @Test func theFilmstripParsesBackWithTheChosenFramesDrawn() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.log())
        let run = try piecebox(["film", "a.jsonl", "--at", "0.1,0.3", "--plot", "card.surface.h", "--out", "film.svg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try #require(folder.read("film.svg"))
        let parsed = Self.parse(svg)
        #expect(parsed.ok, "the SVG is not well-formed XML")
        let cells = parsed.elements.filter { $0.attributes["class"] == "cell" }
        #expect(cells.map { $0.attributes["data-frame"] } == ["1", "3"])
        // The card's rect in each cell has that frame's height: 100 at t = 0.1 and 300 at t = 0.3.
        let heights = parsed.elements.enumerated().filter { $0.element.attributes["data-element"] == "card.surface" }
            .map { parsed.elements[$0.offset + 1].attributes["height"] }
        #expect(heights == ["100", "300"])
        #expect(parsed.elements.contains { $0.attributes["data-merging"] == "tools" }, "frame 3's glass shapes merge")
        // The plot: one line, and its one movement's settle mark (100 → 300 has no rest before the end, so a
        // movement from frame 1 to frame 3).
        #expect(parsed.elements.filter { $0.attributes["class"] == "series" }.count == 1)
        #expect(svg.contains("settles 0.2 s"), "from t = 0.1 (at rest) until t = 0.3 (at 300): \(svg.suffix(800))")
    }

    @Test func twoLogsAreOverlaid() throws {
        let folder = try TestFolder()
        try folder.write("before.jsonl", Self.log())
        try folder.write("after.jsonl", Self.log(heights: [100, 250, 300]))
        let run = try piecebox(["film", "before.jsonl", "after.jsonl", "--at", "0.2", "--plot", "card.surface.h", "--out", "f.svg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let parsed = Self.parse(try #require(folder.read("f.svg")))
        let outlines = parsed.elements.filter { $0.attributes["stroke-dasharray"] == "8 5" }
        #expect(outlines.contains { $0.attributes["height"] == "250" }, "the second log's card, dashed, at frame 2")
        #expect(parsed.elements.filter { $0.attributes["class"] == "series" }.map { $0.attributes["data-log"] } == ["1", "2"])
    }

    @Test func badFilmArgumentsSayWhatIsWrong() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.log())
        let noOut = try piecebox(["film", "a.jsonl"], in: folder.path)
        #expect(noOut.status == 2)
        #expect(noOut.stderr.contains("give --out FILE.svg or --out FILE.html"))
        let badPlot = try piecebox(["film", "a.jsonl", "--out", "x.svg", "--plot", "h"], in: folder.path)
        #expect(badPlot.stderr.contains("--plot needs piece.element.property"))
        let badTest = try piecebox(["film", "a.jsonl", "--out", "x.svg", "--test", "nope"], in: folder.path)
        #expect(badTest.status == 1)
        #expect(badTest.stderr.contains("no test with frames whose name contains \"nope\" (tests with frames: \"grows\")"), "\(badTest.stderr)")
    }

    @Test func theDiffPageOverlaysTheDifferingProperties() throws {
        let folder = try TestFolder()
        try folder.write("before.jsonl", Self.log())
        try folder.write("after.jsonl", Self.log(heights: [100, 250, 300]))
        let run = try piecebox(["diff", "--html", "--out", "diff.html", "after.jsonl", "before.jsonl"], in: folder.path)
        #expect(run.status == 1, "the logs differ: \(run.stdout)\(run.stderr)")
        let html = try #require(folder.read("diff.html"))
        #expect(html.contains("card.surface.h"))
        #expect(!html.contains("<script src"), "self-contained")
        #expect(html.contains("test &quot;grows&quot;: 1 of 3 frames differ"), "\(html.prefix(2000))")
    }

    @Test func diffReportsAOneTestChangeInThatTestOnly() throws {
        let folder = try TestFolder()
        // Test "one" gains a frame at its start, shifting every later line of the file; test "two" is unchanged.
        func log(_ one: [Int]) -> String {
            var lines = [#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"one","fps":10}"#]
            for (i, h) in one.enumerated() { lines.append(#"{"frame":\#(i + 1),"t":\#(Double(i + 1) / 10),"pieces":{"c":{"s":{"h":\#(h)}}},"events":[]}"#) }
            lines.append(#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"two","fps":10}"#)
            for i in 1...3 { lines.append(#"{"frame":\#(i),"t":\#(Double(i) / 10),"pieces":{"c":{"s":{"h":7}}},"events":[]}"#) }
            return lines.joined(separator: "\n") + "\n"
        }
        try folder.write("golden.jsonl", log([0, 50, 100]))
        try folder.write("now.jsonl", log([0, 0, 50, 100]))
        let run = try piecebox(["diff", "now.jsonl", "golden.jsonl"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("the frame logs differ in 1 test\ntest \"one\": 2 of 3 frames differ"), "\(run.stdout)")
        #expect(!run.stdout.contains("\"two\""), "\(run.stdout)")
    }

    // MARK: Chromium

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs headless Chromium on `url` with `arguments`; its standard output.
    static func browse(_ arguments: [String], _ url: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium ?? "/usr/bin/chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: chromium != nil, "Chromium is not installed (scripts/browser installs Debian's chromium)"))
    func theTimelineScrubsInHeadlessChromium() throws {
        let folder = try TestFolder()
        try folder.write("a.jsonl", Self.log())
        let run = try piecebox(["film", "a.jsonl", "--plot", "card.surface.h", "--out", "t.html"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try #require(folder.read("t.html"))
        #expect(!html.contains("src=") && !html.contains("href="), "self-contained: nothing is fetched")
        for (frame, height) in [(2, "200"), (3, "300")] {
            // The page moves its own scrubber to the frame in the address (an input event, as a drag sends).
            let dom = try Self.browse(["--dump-dom"], "file://\(folder.path)/t.html#frame=\(frame)")
            #expect(dom.contains("frame \(frame) · t = 0.\(frame)00000 s"), "\(dom.suffix(400))")
            let stage = Self.svgElements(in: dom, id: "drawn")
            #expect(stage.contains("data-element=\"card.surface\""), "\(stage.prefix(400))")
            #expect(stage.contains("height=\"\(height)\""), "frame \(frame) draws the card \(height) tall: \(stage.prefix(600))")
        }
        // The page and a filmstrip both render to pictures.
        let film = try piecebox(["film", "a.jsonl", "--every", "0.1", "--out", "f.svg"], in: folder.path)
        #expect(film.status == 0, "\(film.stderr)")
        for (page, png) in [("t.html#frame=3", "page.png"), ("f.svg", "film.png")] {
            _ = try Self.browse(["--screenshot=\(folder.path)/\(png)", "--window-size=900,700"], "file://\(folder.path)/\(page)")
            let bytes = try #require(FileManager.default.contents(atPath: folder.path + "/" + png))
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(png) is a PNG")
            // A blank page of this size is about 3.3 KB as a PNG; a drawn stage is several times that.
            #expect(bytes.count > 10_000, "\(png) holds a picture, not an empty page (\(bytes.count) bytes)")
        }
    }

    /// The markup inside the element with this id (the DOM dump is HTML, so it is cut out as text).
    static func svgElements(in dom: String, id: String) -> String {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return "" }
        let rest = dom[start.upperBound...]
        guard let end = rest.range(of: "</g></svg>") else { return String(rest) }
        return String(rest[..<end.lowerBound])
    }
}
