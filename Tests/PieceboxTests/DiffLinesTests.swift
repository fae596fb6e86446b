import Foundation
import Testing

/// `piecebox diff --lines` is a view of the one comparison `piecebox diff` and the goldens use: both name the same
/// properties, and a frame a test gains shifts nothing after it.
@Suite struct DiffLinesTests {
    /// Test "one" with `one` as its card's heights (width 10), then test "two" with widths 5, 6, 7 and `twoX`
    /// (height 7), 10 fps.
    static func log(_ one: [Int], twoX: [Int] = [0, 0, 0]) -> String {
        var lines = [#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"one","fps":10}"#]
        for (i, h) in one.enumerated() {
            lines.append(#"{"frame":\#(i + 1),"t":\#(Double(i + 1) / 10),"pieces":{"c":{"s":{"h":\#(h),"w":10}}},"events":[]}"#)
        }
        lines.append(#"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"two","fps":10}"#)
        for (i, x) in twoX.enumerated() {
            lines.append(#"{"frame":\#(i + 1),"t":\#(Double(i + 1) / 10),"pieces":{"c":{"s":{"h":7,"w":\#(5 + i),"x":\#(x)}}},"events":[]}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The property paths of a summary's "largest difference per property" lines ("    c.s.h: by 50 at …").
    static func summaryProperties(_ text: String) -> Set<String> {
        var out = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("    ") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let colon = trimmed.range(of: ": ") else { continue }
            let rest = trimmed[colon.upperBound...]
            if rest.hasPrefix("by ") || rest.hasPrefix("at frame") { out.insert(String(trimmed[..<colon.lowerBound])) }
        }
        return out
    }

    /// The property paths of `--lines` output ("line 3 (frame 2, t = 0.2): pieces.c.s.h is 0, expected 50"),
    /// without the `pieces.` the summary leaves out.
    static func lineProperties(_ text: String) -> Set<String> {
        var out = Set<String>()
        for line in text.split(separator: "\n") {
            guard let colon = line.range(of: "): pieces.") else { continue }
            let rest = line[colon.upperBound...]
            guard let isWord = rest.range(of: " is ") else { continue }
            out.insert(String(rest[..<isWord.lowerBound]))
        }
        return out
    }

    @Test func diffLinesAndTheGoldenComparisonAgreeOnWhichPropertiesDiffer() throws {
        let folder = try TestFolder()
        // "one" gains a frame of height 0 at its start: its frames 2 and 3 are now 0 and 50 against 50 and 100, and
        // frame 4 is new. Every later line of the file is one lower, so line by line "two"'s frames would meet
        // the golden's next ones (width 5 against 6); by index only its frame 2 differs, at x = 1 against 0.
        try folder.write("golden.jsonl", Self.log([0, 50, 100]))
        try folder.write("now.jsonl", Self.log([0, 0, 50, 100], twoX: [0, 1, 0]))
        let summary = try piecebox(["diff", "--limit", "40", "now.jsonl", "golden.jsonl"], in: folder.path)
        let lines = try piecebox(["diff", "--lines", "--limit", "40", "now.jsonl", "golden.jsonl"], in: folder.path)
        #expect(summary.status == 1 && lines.status == 1, "\(summary.stderr)\(lines.stderr)")
        #expect(Self.summaryProperties(summary.stdout) == ["c.s.h", "c.s.x"], "\(summary.stdout)")
        #expect(Self.lineProperties(lines.stdout) == Self.summaryProperties(summary.stdout), "\(lines.stdout)")
        // The log's lines: 1 header "one", 2–5 its frames 1–4, 6 header "two", 7–9 its frames 1–3.
        #expect(lines.stdout == """
            line 3 (frame 2, t = 0.2): pieces.c.s.h is 0, expected 50
            line 4 (frame 3, t = 0.3): pieces.c.s.h is 50, expected 100
            line 5 (frame 4, t = 0.4): the line is {"frame":4,"t":0.4,"pieces":{"c":{"s":{"h":100,"w":10}}},"events":[]}, expected absent
            line 8 (frame 2, t = 0.2): pieces.c.s.x is 1, expected 0

            """, "\(lines.stdout)")
    }

    @Test func logsThatAgreeAgreeInBothViews() throws {
        let folder = try TestFolder()
        // The same two tests in the other order ("two" first): every line has moved, no test has changed.
        let golden = Self.log([0, 50, 100])
        let lines = golden.split(separator: "\n")
        let reordered = (lines[4...] + lines[..<4]).joined(separator: "\n") + "\n"
        try folder.write("golden.jsonl", golden)
        try folder.write("now.jsonl", reordered)
        for mode in [[String](), ["--lines"]] {
            let run = try piecebox(["diff"] + mode + ["now.jsonl", "golden.jsonl"], in: folder.path)
            #expect(run.status == 0, "diff \(mode): \(run.stdout)")
            #expect(run.stdout == "the frame logs agree\n", "diff \(mode): \(run.stdout)")
        }
    }
}
