import Testing
@testable import PieceKit

/// NowPlaying is handed back the list it made last (by the stage's memo of its input) while nothing its elements are
/// made from has changed. Each test here first asks (so a list is kept), changes one thing the elements are made from,
/// and asks again: a kept list that missed the change would show the old numbers. The expected numbers are worked out
/// by hand beside them.
@Suite struct NowPlayingElementsMemoTests {
    private func targets(_ rig: NowPlayingRig, in environment: PieceEnvironment? = nil) -> [Element] {
        rig.stage.askedElements(of: rig.piece, in: environment)
    }

    private func element(_ name: String, _ list: [Element]) -> Element? {
        list.first { $0.name == name }
    }

    private func number(_ element: String, _ number: String, _ list: [Element]) -> Double? {
        self.element(element, list)?.number(named: number)
    }

    private func attribute(_ element: String, _ name: String, _ list: [Element]) -> ElementValue? {
        self.element(element, list)?.attribute(named: name)
    }

    /// Where a list's elements live: the same list handed back twice lives in the same place.
    private func storage(_ list: [Element]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func askingAgainWithNothingChangedHandsBackTheSameList() throws {
        let rig = try NowPlayingRig()
        let first = targets(rig)
        let second = targets(rig)
        #expect(storage(first) != nil && storage(first) == storage(second))
    }

    @Test func aNewTimeFromThePlayerChangesTheTimes() throws {
        let rig = try NowPlayingRig(isPlaying: false)
        let before = targets(rig)
        // 48 s into 222 s: 0:48 gone, 222 − 48 = 174 s = 2:54 to go.
        #expect(attribute("times", "elapsed", before) == .text("0:48"))
        #expect(attribute("times", "remaining", before) == .text("-2:54"))
        rig.player.onSeek(100)
        try rig.stage.renderFrame()
        let after = targets(rig)
        // 100 s = 1:40; 222 − 100 = 122 s = 2:02.
        #expect(attribute("times", "elapsed", after) == .text("1:40"))
        #expect(attribute("times", "remaining", after) == .text("-2:02"))
        // The hairline's red part: 48 / 222 = 0.21622, then 100 / 222 = 0.45045.
        #expect(abs((number("hairline", "progress", before) ?? 0) - 0.21622) < 1e-5)
        #expect(abs((number("hairline", "progress", after) ?? 0) - 0.45045) < 1e-5)
    }

    @Test func aNewTrackChangesTheTitleAndItsLetters() throws {
        let rig = try NowPlayingRig(isPlaying: false)
        let before = targets(rig)
        // "Slow Mornings": 4 + 1 + 8 = 13 letters, the last an "s"; no fourteenth.
        #expect(attribute("title", "text", before) == .text("Slow Mornings"))
        #expect(attribute("title.letter.13", "text", before) == .text("s"))
        #expect(element("title.letter.14", before) == nil)
        rig.player.onSkip(.next)
        try rig.stage.settle()
        let after = targets(rig)
        // "Paper Lanterns": 5 + 1 + 8 = 14 letters; the sixth is the space, the fourteenth an "s".
        #expect(attribute("title", "text", after) == .text("Paper Lanterns"))
        #expect(attribute("title.letter.6", "text", after) == .text(" "))
        #expect(attribute("title.letter.14", "text", after) == .text("s"))
        #expect(attribute("art", "track", after) != attribute("art", "track", before))
    }

    @Test func aLargerTextSizeGrowsTheLines() throws {
        let rig = try NowPlayingRig()
        let large = targets(rig)
        // At the default size the bar's title is a 15 pt line: ceil(15 × 2444 / 2048 = 17.9) = 18 high.
        #expect(abs((number("title", "h", large) ?? 0) - 18) < 1e-9)
        var bigger = rig.stage.environment
        bigger.dynamicTypeSize = .accessibility5
        let huge = targets(rig, in: bigger)
        // At the largest size the subheadline is 15 × 58 / 20 = 43.5 pt, held to a third of a point: 131 / 3;
        // its line is ceil(131 / 3 × 2444 / 2048 = 52.11) = 53 high.
        #expect(abs((number("title", "h", huge) ?? 0) - 53) < 1e-9)
        // And back: the list made for the default size again.
        #expect(abs((number("title", "h", targets(rig)) ?? 0) - 18) < 1e-9)
    }

    @Test func openingMovesTheSurfaceToTheCard() throws {
        let rig = try NowPlayingRig()
        let closed = targets(rig)
        // The bar on the default 393 × 852 screen: 12 in from the left, 393 − 24 − 96 = 273 wide (play and forward
        // take 44 + 4 + 44 + 4), 64 high, resting on the bottom safe area: 852 − 34 − 64 = 754.
        #expect(element("surface", closed)?.rect == Rect(x: 12, y: 754, width: 273, height: 64))
        #expect(attribute("surface", "shown", closed) == .bool(false))
        rig.piece.expanded = true
        try rig.stage.settle()
        let open = targets(rig)
        // The card: 369 wide; room 818 − 59 − 8 = 751, artwork min(369 − 40, 751 − 98 − 177) = 329, so
        // 177 + 329 = 506 high, its bottom 98 above the bar's: 818 − 98 − 506 = 214.
        #expect(element("surface", open)?.rect == Rect(x: 12, y: 214, width: 369, height: 506))
        #expect(attribute("surface", "shown", open) == .bool(true))
    }

    @Test func aFingerOnPlaySinksItAndLiftingRaisesIt() throws {
        let rig = try NowPlayingRig()
        #expect(number("play", "scale", targets(rig)) == 1)
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        try rig.stage.advance(0.05)
        // Play is 44 pt: 1 − 2 × 2.5 / 44 = 0.886, held to the press's floor of 0.92.
        #expect(abs((number("play", "scale", targets(rig)) ?? 0) - 0.92) < 1e-9)
        try finger.cancel()
        try rig.stage.settle()
        #expect(number("play", "scale", targets(rig)) == 1)
    }

    @Test func aDisabledPieceDimsAndAnEnabledOneComesBack() throws {
        let rig = try NowPlayingRig()
        #expect(number("surface", "opacity", targets(rig)) == 1)
        var disabled = rig.stage.environment
        disabled.isEnabled = false
        let dim = targets(rig, in: disabled)
        // The whole piece at 0.45 while disabled, and play no longer answers.
        #expect(number("surface", "opacity", dim) == 0.45)
        #expect(number("play", "opacity", dim) == 0.45)
        #expect(attribute("play", "enabled", dim) == .bool(false))
        #expect(number("surface", "opacity", targets(rig)) == 1)
        #expect(attribute("play", "enabled", targets(rig)) == .bool(true))
    }

    @Test func rightToLeftFlipsTheBarsContents() throws {
        let rig = try NowPlayingRig()
        let ltr = targets(rig)
        var rtl = rig.stage.environment
        rtl.layoutDirection = .rightToLeft
        let flipped = targets(rig, in: rtl)
        // The bar flips across the 369 pt the piece spans (12 to 381): 12 + 369 − 273 = 108 from the left.
        #expect(element("surface", ltr)?.rect?.x == 12)
        #expect(element("surface", flipped)?.rect?.x == 108)
    }

    @Test func eachCueIsNamedAsSwiftPrintsIt() {
        // Swift's own printing of the value is the oracle: the spelt-out name must read the same.
        let cues: [NowPlaying.Cue] = [
            .set("shown", .spring(duration: 0.5, bounce: 0.2)),
            .set("linesShown", .easeOut(duration: 0.1)),
            .set("controlsShown", .spring(duration: 0.35, bounce: 0).delay(0.1)),
            .set("fliersShown", nil),
            .set("odd \"name\"\n", .linear(duration: 1)),
            .gather([.forward]),
            .gather([]),
            .bloom([.previous, .next], stagger: 0.06),
            .land(focusTitle: true),
            .land(focusTitle: false),
        ]
        for cue in cues {
            #expect(NowPlaying.label(for: cue) == "\(cue)")
        }
    }
}
