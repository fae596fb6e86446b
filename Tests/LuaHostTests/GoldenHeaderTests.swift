import Foundation
import Testing
@testable import LuaHost
@testable import PieceKit

/// Header keys that differ (a token set, the environment) are said once per golden and fail it only under
/// `--golden-strict`; a text's letters that only moved with it share one row of the summary.
@Suite struct GoldenHeaderTests {
    typealias G = GoldenComparisonTests

    /// `log` with every header's fps at `fps`: two tests, each one stage, frames unchanged.
    static func log(fps: Int) -> String {
        [G.header("one", fps: fps), G.frame(1, h: 1), G.frame(2, h: 2),
         G.header("two", fps: fps), G.frame(1, h: 7)].joined(separator: "\n") + "\n"
    }

    func store(_ folder: ScenarioFolder, strict: Bool) -> GoldenStore {
        GoldenStore(folder: folder.path + "/goldens", record: .never, strictHeaders: strict)
    }

    @Test func aGoldenWhoseFramesMatchPassesWhenOnlyItsHeadersDiffer() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.log(fps: 10))
        let actual = Self.log(fps: 60)
        let outcome = store(folder, strict: false).check(name: "a.jsonl", actual: actual,
                                                         selection: .everything(in: FrameLogParts(text: actual)), what: "a.lua")
        #expect(outcome.status == .matched, "\(outcome.message)")
        // Two tests' headers differ in one key, fps, the same way: one line for it, not one per test.
        #expect(outcome.headerLines == ["the headers differ from the golden's in 1 key (not a failure: frames are compared, headers only with --golden-strict):",
                                        "  fps is 60, golden 10"])
        #expect(outcome.headerLine.hasPrefix("its frame log's headers differ from the golden's in 1 key (fps is 60, golden 10)"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/goldens/a.actual.jsonl"))
    }

    @Test func strictHeadersFailTheGoldenAndSayEachKeyOnce() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.log(fps: 10))
        let actual = Self.log(fps: 60)
        let outcome = store(folder, strict: true).check(name: "a.jsonl", actual: actual,
                                                        selection: .everything(in: FrameLogParts(text: actual)), what: "a.lua")
        #expect(outcome.status == .failed)
        #expect(Set(outcome.failing.keys) == [TestKey("one"), TestKey("two")])
        // The key is said once for the golden, in its message; each test's summary points there.
        #expect(outcome.message.components(separatedBy: "fps is 60, golden 10").count == 2, "\(outcome.message)")
        #expect(outcome.failing[TestKey("one")]?.contains("its header differs from the golden's") == true)
        #expect(outcome.failing[TestKey("one")]?.contains("fps is 60") == false)
    }

    @Test func aFrameThatDiffersStillFailsAndItsHeaderKeysAreSaidOnce() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.log(fps: 10))
        let actual = [G.header("one", fps: 60), G.frame(1, h: 1), G.frame(2, h: 3),
                      G.header("two", fps: 60), G.frame(1, h: 7)].joined(separator: "\n") + "\n"
        let outcome = store(folder, strict: false).check(name: "a.jsonl", actual: actual,
                                                         selection: .everything(in: FrameLogParts(text: actual)), what: "a.lua")
        #expect(outcome.status == .failed)
        #expect(Array(outcome.failing.keys) == [TestKey("one")], "two's frames match")
        #expect(outcome.message.components(separatedBy: "fps is 60, golden 10").count == 2, "\(outcome.message)")
    }

    // MARK: Letters

    /// One frame of a text `np.title` at `y` with letters a, b, c at x = 10, 20, 30 (+ `spacing` per letter) and y.
    static func textFrame(_ index: Int, y: Double, spacing: Double = 0, text: String = "abc") -> String {
        let letters = Array(text).enumerated().map { i, ch in
            #""title.letter.\#(i + 1)":{"x":\#(G.fmt(Double(10 * (i + 1)) + spacing * Double(i))),"y":\#(G.fmt(y)),"text":"\#(ch)"}"#
        }
        return #"{"frame":\#(index),"t":\#(G.fmt(Double(index) / 10)),"pieces":{"np":{"title":{"x":10,"y":\#(G.fmt(y)),"text":"\#(text)"},\#(letters.joined(separator: ","))}},"events":[]}"#
    }

    static func summary(_ golden: [String], _ actual: [String]) -> String {
        let g = ([G.header("t")] + golden).joined(separator: "\n"), a = ([G.header("t")] + actual).joined(separator: "\n")
        return GoldenComparison().compare(actual: FrameLogParts(text: a), golden: FrameLogParts(text: g)).first?.summary() ?? ""
    }

    @Test func lettersThatMovedWithTheirTextAddNoRows() {
        // The title and its 3 letters all sit 5 lower in frame 2 (y 105 against 100): one row, the title's.
        let text = Self.summary([Self.textFrame(1, y: 100), Self.textFrame(2, y: 100)],
                                [Self.textFrame(1, y: 100), Self.textFrame(2, y: 105)])
        #expect(text.contains("    np.title.y: by 5 at frame 2, t = 0.2: 105, golden 100 (its 3 letters alike)"), "\(text)")
        #expect(!text.contains("letter."), "\(text)")
    }

    @Test func lettersThatMovedApartFromTheirTextShareOneRow() {
        // Spacing 2 more per letter: letter 1 stays at 10, letter 2 moves 20 → 22 (by 2), letter 3 30 → 34 (by 4).
        // The title's own x does not move, so one row for the letters, the largest (letter 3, by 4), 2 letters.
        let text = Self.summary([Self.textFrame(1, y: 100)], [Self.textFrame(1, y: 100, spacing: 2)])
        #expect(text.contains("    np.title.letter.*.x: by 4 at frame 1, t = 0.1: 34, golden 30 (in 2 letters)"), "\(text)")
        #expect(!text.contains("letter.2"), "\(text)")
    }

    @Test func aTextWhoseTextChangedKeepsARowPerLetter() {
        // "abc" → "abd": the letter that changed is the news, so letters keep their rows.
        let text = Self.summary([Self.textFrame(1, y: 100)], [Self.textFrame(1, y: 105, text: "abd")])
        #expect(text.contains("np.title.letter.3.text"), "\(text)")
        #expect(text.contains("np.title.letter.1.y"), "\(text)")
        #expect(!text.contains("letter.*"), "\(text)")
    }
}
