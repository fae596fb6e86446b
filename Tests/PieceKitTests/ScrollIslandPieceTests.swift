import Testing
@testable import PieceKit

@Suite struct ScrollIslandPieceTests {
    @Test func theClosedIslandHugsItsBarOverThePage() throws {
        let rig = try IslandRig()
        // "Overview" 68 + fixed 140 = 208 → 209 wide, centred on 196.5, bottom edge 810
        #expect(rig.element("glass")?.rect == Rect(x: 92, y: 762, width: 209, height: 48))
        #expect(rig.number("glass", "radius") == 24)
        #expect(rig.text("title", "text") == "Overview")
        #expect(rig.text("position", "text") == "1 of 6")
        #expect(rig.number("ring", "arc") == 0)
        #expect(rig.element("bubble") == nil)
        #expect(rig.number("rows", "opacity") == 0)
    }

    @Test func noSectionsDrawNothingAndOneShowsItsTitleAlone() throws {
        let empty = try IslandRig(page: ScrollPage(sections: [], containerSize: Size(width: 393, height: 852)))
        #expect(empty.stage.latestFrame?.piece("scrollIsland")?.elements.isEmpty == true)
        let one = try IslandRig(page: sixSectionPage(heights: [400]).withSections(1))
        #expect(one.element("chevron") == nil && one.element("position") == nil)
        // ring, gap, title, gap, spacer: 11 + 26 + 10 + 10 + 16 = 73, + 68 = 141 → 142
        #expect(one.element("glass")?.rect?.width == 142)
        // one section never opens
        try one.stage.tap(on: one.island, at: one.center("bar"))
        #expect(!one.island.isOpen)
    }

    @Test func scrollingThePageTracksTheRingAndMorphsTheTitle() throws {
        let rig = try IslandRig()
        let start = rig.stage.history.count
        // 420 points up over a second: the anchor passes the top of "Ingredients" (at 400) on the way
        try rig.stage.drag(on: rig.page, from: Point(x: 196, y: 400), dx: 0, dy: -420, duration: 1)
        let frames = rig.stage.history[start...]
        for f in frames {
            // the arc tracks the page's reading frame by frame: no step is bigger than 0.06
            #expect(f["scrollIsland", "ring"]?["arc"] == f["page", "content"]?["read"])
        }
        #expect(rig.page.selection == "ingredients")
        #expect(rig.text("title", "text") == "Ingredients")
        // the glass resizes on the morph spring: 209 → "Ingredients" 93.5 + 140 = 233.5 → 235
        let change = try #require(frames.first { $0["scrollIsland", "title"]?.attribute("text") == .text("Ingredients") })
        let later = try #require(rig.stage.frame(at: change.index + 6))
        let expected = reference(from: 209, to: 235, rig.stage.tokens.morph, begin: change.time, at: later.time)
        #expect(abs((later["scrollIsland", "glass"]?["w"] ?? 0) - expected) < 1e-9)
        #expect(expected > 209 && expected < 235)
    }

    @Test func theBubbleBudsOnceTheReaderLeavesTheFirstSection() throws {
        let rig = try IslandRig()
        rig.page.scroll(toOffset: 341)   // the anchor at 400: "Ingredients"
        let t0 = rig.stage.now
        try rig.stage.frames(1)
        // added home at once, sent out 24 ms later on the split spring
        #expect(rig.element("bubble")?.attribute("out") == .bool(false))
        #expect(rig.number("bubble", "scale") == 0.72)
        try rig.stage.runUntil({ $0["scrollIsland", "bubble"]?.attribute("out") == .bool(true) }, timeout: 1)
        #expect(abs(rig.stage.now - (t0 + 1.0 / 120 + 0.024)) < 1.0 / 120 + 1e-9)
        try rig.stage.settle()
        // "Ingredients" 235 wide, less nothing (widest 308); the pair centres: x = 196.5 − 117.5 + 26
        #expect(rig.element("glass")?.rect == Rect(x: 105, y: 762, width: 235, height: 48))
        #expect(rig.element("bubble")?.rect == Rect(x: 53, y: 762, width: 48, height: 48))   // 105 − 48 − 4
        #expect(rig.number("bubble", "scale") == 1)
        #expect(rig.number("bubble", "opacity") == 1)
        // back at the top it melts home and is gone 0.56 s later
        rig.page.scroll(toOffset: -59)
        try rig.stage.frames(2)
        #expect(rig.element("bubble")?.attribute("out") == .bool(false))
        try rig.stage.advance(0.54)
        #expect(rig.element("bubble") != nil)
        try rig.stage.advance(0.03)
        #expect(rig.element("bubble") == nil)
    }

    @Test func showsTopButtonFalseNeverBudsTheBubble() throws {
        let rig = try IslandRig(showsTopButton: false)
        rig.page.select("method")
        try rig.stage.settle()
        #expect(rig.element("bubble") == nil)
        #expect(rig.element("glass")?.rect?.midX == 196.5)
    }

    @Test func aJumpSweepsTheRingOnTheValueSpring() throws {
        let rig = try IslandRig()
        rig.page.select("method")          // 1000 − 59 = 941: read (941 + 59)/1941
        let begin = rig.stage.now + 1.0 / 120
        try rig.stage.frames(4)
        let target = 1000.0 / 1941
        let expected = reference(from: 0, to: target, rig.stage.tokens.value, begin: begin, at: rig.stage.now)
        #expect(abs((rig.number("ring", "arc") ?? 0) - expected) < 1e-9)
        #expect(expected < target * 0.5)
        try rig.stage.settle()
        #expect(abs((rig.number("ring", "arc") ?? 0) - target) < 1e-9)
    }

    @Test func progressNilEstimatesFromTheSectionsPlace() throws {
        let rig = try IslandRig(progress: .estimate)
        #expect(abs((rig.number("ring", "arc") ?? 0) - 1.0 / 12) < 1e-12)     // (0 + ½)/6
        rig.page.select("method")
        try rig.stage.settle()
        #expect(abs((rig.number("ring", "arc") ?? 0) - 2.5 / 6) < 1e-12)
        #expect(rig.island.accessibilityElements(on: rig.stage).last?.value == "Method, Section 3 of 6, 42% read")
    }

    @Test func voiceOverReadsTheIslandAsOneAdjustableButton() throws {
        let rig = try IslandRig(page: sixSectionPage(selection: "method"), progress: .fixed(0.62))
        let island = try #require(rig.island.accessibilityElements(on: rig.stage).first { $0.id == "island" })
        #expect(island.label == "Contents")
        #expect(island.value == "Method, Section 3 of 6, 62% read")
        #expect(island.hint == "Shows every section")
        #expect(island.traits == ["button", "adjustable"])
        try rig.island.perform("increment", on: "island", context: rig.stage)
        #expect(rig.page.selection == "serving")
        try rig.island.perform("decrement", on: "island", context: rig.stage)
        try rig.island.perform("decrement", on: "island", context: rig.stage)
        #expect(rig.page.selection == "ingredients")
        #expect(rig.ticks() == 0)   // not rendered yet
        try rig.stage.frames(1)
        #expect(rig.ticks() == 3)
        let bubble = try #require(rig.island.accessibilityElements(on: rig.stage).first { $0.id == "bubble" })
        #expect(bubble.label == "Back to top")
    }
}

extension ScrollPage {
    /// The first `n` sections only.
    func withSections(_ n: Int) -> ScrollPage {
        var copy = self
        copy.sections = Array(sections.prefix(n))
        return copy
    }
}

@Suite struct ScrollIslandRingAndTitleTests {
    @Test func theRingTracksAChangeOf006AndSweepsAnythingMore() throws {
        let rig = try IslandRig(progress: .fixed(0.2))
        rig.island.update { $0.progress = .fixed(0.26) }          // 0.06: tracks, the next frame shows it
        try rig.stage.frames(1)
        #expect(abs((rig.number("ring", "arc") ?? 0) - 0.26) < 1e-12)
        rig.island.update { $0.progress = .fixed(0.3201) }        // 0.0601: sweeps on the value spring
        try rig.stage.frames(2)
        let arc = rig.number("ring", "arc") ?? 0
        #expect(arc > 0.26 && arc < 0.3201)
        try rig.stage.settle()
        #expect(abs((rig.number("ring", "arc") ?? 0) - 0.3201) < 1e-12)
        // out-of-range and non-finite progress are pinned
        rig.island.update { $0.progress = .fixed(7) }
        try rig.stage.settle()
        #expect(rig.number("ring", "arc") == 1)
        rig.island.update { $0.progress = .fixed(.nan) }
        try rig.stage.settle()
        #expect(rig.number("ring", "arc") == 0)
    }

    @Test func theTitleMorphsLetterByLetterOnlyWhenItFits() {
        #expect(ScrollIslandPiece.morphMode("Method", truncated: false, reduceMotion: false) == "letters")
        #expect(ScrollIslandPiece.morphMode("Method", truncated: true, reduceMotion: false) == "truncate")
        #expect(ScrollIslandPiece.morphMode("Method", truncated: false, reduceMotion: true) == "fade")
        #expect(ScrollIslandPiece.morphMode("مقدمة", truncated: false, reduceMotion: false) == "whole")
        #expect(ScrollIslandPiece.morphMode("概要 1.5×", truncated: false, reduceMotion: false) == "letters")
    }

    @Test func aLongTitleTruncatesAtTheWidestTheIslandMayBe() throws {
        var page = sixSectionPage()
        page.sections[0].title = String(repeating: "a", count: 40)
        let rig = try IslandRig(page: page)
        // 40 × 8.5 = 340 + 140 > 360: the capsule stops at 360 and the title gets 220
        #expect(rig.number("glass", "w") == 360)
        #expect(rig.number("title", "w") == 220)
        #expect(rig.element("title")?.attribute("truncated") == .bool(true))
        #expect(rig.text("title", "morph") == "truncate")
    }
}
