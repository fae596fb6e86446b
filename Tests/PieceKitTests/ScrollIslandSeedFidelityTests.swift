import Testing
@testable import PieceKit

/// Behaviours a line-by-line review against the seed found missing or different, each pinned to the seed's numbers.
@Suite struct ScrollIslandSeedFidelityTests {
    /// The island's glass height in the latest frame, and that frame's time.
    private func glassHeight(_ rig: IslandRig) -> (h: Double, t: Double) {
        (rig.number("glass", "h") ?? .nan, rig.stage.latestFrame?.time ?? .nan)
    }

    // MARK: The press animation covers the whole island

    @Test func aTapOpensAndClosesTheGlassOnTheReleaseSpring() throws {
        let rig = try IslandRig()
        let release = rig.stage.tokens.release
        // the lift lets the press go (0.96 back to 1) and opens in the same update: the inner press animation wins
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        let begin = rig.stage.now
        #expect(glassHeight(rig).h == 48)
        try rig.stage.frames(6)
        let opening = glassHeight(rig)
        // panel: 48 + 6 + 6 × 44 + 2 = 320
        #expect(abs(opening.h - reference(from: 48, to: 320, release, begin: begin, at: opening.t)) < 1e-9)
        #expect(abs(opening.h - reference(from: 48, to: 320, rig.stage.tokens.reveal, begin: begin, at: opening.t)) > 1)
        try rig.stage.settle()
        // closing by a tap: the release spring too, with no 0.08 s wait for the rows
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        let closeBegin = rig.stage.now
        try rig.stage.frames(6)
        let closing = glassHeight(rig)
        #expect(abs(closing.h - reference(from: 320, to: 48, release, begin: closeBegin, at: closing.t)) < 1e-9)
    }

    @Test func keysOpenOnRevealAndCloseOnTheDelayedDismiss() throws {
        let rig = try IslandRig()
        try rig.stage.press(.return, on: rig.island)
        try rig.stage.frames(1)
        let begin = rig.stage.now
        try rig.stage.frames(6)
        let opening = glassHeight(rig)
        #expect(abs(opening.h - reference(from: 48, to: 320, rig.stage.tokens.reveal, begin: begin, at: opening.t)) < 1e-9)
        try rig.stage.settle()
        try rig.stage.press(.escape, on: rig.island)
        try rig.stage.frames(1)
        let closeBegin = rig.stage.now
        try rig.stage.frames(6)   // 50 ms: still inside the 0.08 s the rows get to leave first
        #expect(glassHeight(rig).h == 320)
        try rig.stage.frames(10)
        let closing = glassHeight(rig)
        let dismiss = rig.stage.tokens.dismiss.delay(0.08)
        #expect(abs(closing.h - reference(from: 320, to: 48, dismiss, begin: closeBegin, at: closing.t)) < 1e-9)
    }

    @Test func underReduceMotionATapStillOpensOnTheShortEase() throws {
        // the scale never changes under Reduce Motion (a press shades instead), so the open state's ease applies
        let rig = try IslandRig(environment: PieceEnvironment(reduceMotion: true))
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        let begin = rig.stage.now
        try rig.stage.frames(6)
        let opening = glassHeight(rig)
        let ease = Animation.easeOut(duration: 0.2)
        #expect(abs(opening.h - reference(from: 48, to: 320, ease, begin: begin, at: opening.t)) < 1e-9)
    }

    @Test func theScrubsFirstGivePastTheFirstSectionFollowsTheFingerUnanimated() throws {
        let rig = try IslandRig()
        let x = try #require(rig.element("glass")?.rect?.minX)
        let finger = try rig.stage.touchDown(on: rig.island, at: try rig.center("bar"))
        try rig.stage.frames(1)
        // 10 points toward the leading side decides a scrub and pulls 10 past the first section at once
        try finger.move(dx: -10, dy: 0)
        try rig.stage.frames(1)
        let pull = ScrollPagePhysics.rubberBand(-10, dimension: 14)        // ≈ −3.96
        #expect(abs((rig.element("glass")?.rect?.minX ?? .nan) - (x + pull)) < 1e-9)
        #expect(rig.number("glass", "scale") != 1.03)                       // the lift itself springs
        try finger.up()
        try rig.stage.settle()
        #expect(rig.element("glass")?.rect?.minX == x)
    }

    // MARK: The bubble

    @Test func switchingTheTopButtonOffMeltsTheBubbleHomeBeforeItGoes() throws {
        let rig = try IslandRig()
        rig.page.select("method")
        try rig.stage.settle()
        #expect(rig.element("bubble")?.attribute("out") == .bool(true))
        rig.island.update { $0.showsTopButton = false }
        try rig.stage.frames(1)
        let begin = rig.stage.now
        // still there, heading home on the 0.5 s home spring; the island slides back to the centre with it
        #expect(rig.element("bubble")?.attribute("out") == .bool(false))
        try rig.stage.frames(12)
        let home = Liquid.home(reduceMotion: false)
        let scale = try #require(rig.number("bubble", "scale"))
        #expect(abs(scale - reference(from: 1, to: 0.72, home, begin: begin, at: rig.stage.now)) < 1e-9)
        // removed 0.52 + 0.04 s after it was called home
        try rig.stage.advance(0.54 - 12.0 / 120)
        #expect(rig.element("bubble") != nil)
        try rig.stage.advance(0.03)
        #expect(rig.element("bubble") == nil)
        try rig.stage.settle()
        #expect(rig.element("glass")?.rect?.midX == 196.5)
    }

    @Test func pressingTheBubbleSinksItTo092AndLiftingGoesBackToTheTop() throws {
        let rig = try IslandRig()
        rig.page.select("method")
        try rig.stage.settle()
        let finger = try rig.stage.touchDown(on: rig.island, at: try rig.center("bubble"))
        try rig.stage.frames(1)
        let begin = rig.stage.now
        #expect(rig.number("bubble", "press") == 1)
        try rig.stage.frames(5)
        // a 48-point button sinks 2.5 per edge, past the deepest: 0.92, on the press spring
        let pressed = try #require(rig.number("bubble", "press"))
        #expect(abs(pressed - reference(from: 1, to: 0.92, rig.stage.tokens.press, begin: begin, at: rig.stage.now)) < 1e-9)
        try rig.stage.settle()
        #expect(rig.number("bubble", "press") == 0.92)
        #expect(rig.page.selection == "method")            // nothing happens until the finger lifts
        try finger.up()
        try rig.stage.frames(1)
        #expect(rig.page.selection == "overview")
        try rig.stage.frames(5)
        let lifted = try #require(rig.number("bubble", "press"))
        #expect(lifted > 0.92 && lifted < 1)                 // back on the release spring
    }

    @Test func underReduceMotionAPressedBubbleShadesInstead() throws {
        let rig = try IslandRig(environment: PieceEnvironment(reduceMotion: true))
        rig.page.select("method")
        try rig.stage.settle()
        let finger = try rig.stage.touchDown(on: rig.island, at: try rig.center("bubble"))
        try rig.stage.settle()
        #expect(rig.number("bubble", "press") == 1)
        #expect(rig.number("bubble", "brightness") == -0.08)
        try finger.cancel()
        try rig.stage.settle()
        #expect(rig.number("bubble", "brightness") == 0)
        #expect(rig.page.selection == "method")            // a cancelled touch picks nothing
    }

    @Test func aDisabledIslandsBubbleTakesTheTouchAndDoesNothing() throws {
        let rig = try IslandRig()
        rig.page.select("method")
        try rig.stage.settle()
        let offset = rig.page.offset
        rig.stage.setEnvironment(PieceEnvironment(isEnabled: false), transaction: Transaction())
        try rig.stage.tap(on: rig.island, at: rig.center("bubble"))
        try rig.stage.drag(on: rig.island, from: rig.center("bubble"), dx: 0, dy: 200)
        try rig.stage.settle()
        #expect(rig.page.selection == "method")
        #expect(rig.page.offset == offset)                 // the page behind it did not scroll either
        #expect(rig.number("bubble", "press") == 1)
        #expect(rig.ticks() == 0)
    }

    // MARK: The title's letters

    @Test func theTitleMorphsLetterByLetterWithA22MillisecondStagger() throws {
        let rig = try IslandRig()
        #expect(rig.text("title.letter.1", "text") == "O")
        #expect(rig.number("title.letter.8", "x") == (rig.element("title")?.rect?.minX ?? .nan) + 7 * 8.5)
        rig.page.select("ingredients")
        try rig.stage.frames(1)
        let begin = rig.stage.now
        // "Overview" → "Ingredients": only the r at place 4 is shared, so it holds still; the rest arrive
        #expect(rig.text("title.letter.11", "text") == "s")
        #expect(rig.number("title.letter.1", "opacity") == 0)
        #expect(rig.number("title.letter.1", "scale") == 0.6)
        #expect(rig.number("title.letter.4", "opacity") == 1)
        try rig.stage.frames(12)   // 0.1 s
        let t = rig.stage.now
        let spring = Animation.spring(Spring(duration: 0.42, bounce: 0.3))
        let first = try #require(rig.number("title.letter.1", "opacity"))
        #expect(abs(first - reference(from: 0, to: 1, spring, begin: begin, at: t)) < 1e-9)
        let second = try #require(rig.number("title.letter.2", "scale"))
        #expect(abs(second - reference(from: 0.6, to: 1, spring.delay(0.022), begin: begin, at: t)) < 1e-9)
        // the eleventh waits 10 × 22 ms = 0.22 s
        #expect(rig.number("title.letter.11", "opacity") == 0)
        #expect(rig.number("title.letter.4", "opacity") == 1 && rig.number("title.letter.4", "scale") == 1)
        try rig.stage.settle()
        #expect(rig.number("title.letter.11", "opacity") == 1)
        #expect(rig.element("title.letter.12") == nil)
    }

    @Test func underReduceMotionTheLettersOnlyFadeOnTheShortSpring() throws {
        let rig = try IslandRig(environment: PieceEnvironment(reduceMotion: true))
        rig.page.select("method")
        try rig.stage.frames(1)
        let begin = rig.stage.now
        #expect(rig.number("title.letter.6", "scale") == 1)
        try rig.stage.frames(6)
        let last = try #require(rig.number("title.letter.6", "opacity"))
        #expect(abs(last - reference(from: 0, to: 1, rig.stage.tokens.morph, begin: begin, at: rig.stage.now)) < 1e-9)
    }

    @Test func aTruncatedTitleHasNoLetters() throws {
        let long = ScrollIslandSection(id: "long", title: String(repeating: "a", count: 40))
        let page = sixSectionPage()
        let sections = [ScrollPage.Section(id: long.id, title: long.title, height: 400)] + page.sections
        let rig = try IslandRig(page: ScrollPage(sections: sections, containerSize: page.containerSize,
                                                 contentInsets: page.contentInsets))
        #expect(rig.element("title")?.attribute("truncated") == .bool(true))
        #expect(rig.element("title.letter.1") == nil)
    }

    // MARK: Copy

    @Test func positionsAndRowNumbersGroupThousandsAsFormattedDoes() {
        let messages = ScrollIslandMessages.standard
        #expect(messages.position(3, 6) == "3 of 6")
        #expect(messages.position(1250, 2000) == "1,250 of 2,000")
        #expect(messages.spokenPosition(999, 1000) == "Section 999 of 1,000")
        #expect(ScrollIslandMessages.number(1_234_567) == "1,234,567")
        #expect(ScrollIslandMessages.number(-1200) == "-1,200")
    }
}
