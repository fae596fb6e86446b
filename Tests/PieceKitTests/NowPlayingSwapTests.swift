import Testing
@testable import PieceKit

/// The content swaps in the frame log: the title's and artist's letters, the artwork's blur into a new track, the
/// play glyph, each on the seed's timing.
@Suite struct NowPlayingSwapTests {
    private static let letterSpring = Spring(duration: 0.42, bounce: 0.3)
    private static let morphSpring = Spring(duration: 0.4, bounce: 0.2)
    private static let snapSpring = Spring(duration: 0.32, bounce: 0.25)
    private static let stillSpring = Spring(duration: 0.25, bounce: 0)

    private func rise(_ spring: Spring, _ elapsed: Double) -> Double {
        spring.value(target: 1, initialVelocity: 0, time: elapsed)
    }

    /// Skips to "Paper Lanterns" with the card open; returns the first frame that shows it, and its index.
    private func skipToPaperLanterns(_ rig: NowPlayingRig) throws -> (start: Double, index: Int) {
        let index = rig.stage.history.count
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "next", on: rig.piece))
        try rig.stage.settle()
        let first = rig.stage.history[index...].firstIndex { $0["nowPlaying", "title"]?.attribute("text")
            == .text("Paper Lanterns") }
        let at = first ?? index
        return (rig.stage.history[at].time, at)
    }

    @Test func eachNewLetterArrives22MillisecondsAfterTheOneBefore() throws {
        let rig = try NowPlayingRig(isPlaying: false, expanded: true)
        let (start, index) = try skipToPaperLanterns(rig)
        #expect(rig.attribute("title", "morphs") == .bool(true))
        let arriving = MorphLetters.arriving(from: "Slow Mornings", to: "Paper Lanterns")
        // Every place but the ninth ("n" in both) arrives: 13 letters.
        #expect(arriving.count == 13)
        #expect(!arriving.contains(8))
        #expect(rig.frames(since: index).allSatisfy { $0["nowPlaying", "title.letter.9"]?["opacity"] == 1 })
        for place in [0, 1, 5, 13] {
            let name = "title.letter.\(place + 1)"
            let delay = 0.022 * Double(place)
            for frame in rig.frames(since: index) {
                let elapsed = frame.time - start - delay
                let opacity = frame["nowPlaying", name]?["opacity"] ?? -1
                let scale = frame["nowPlaying", name]?["scale"] ?? -1
                // The spring overshoots 1; an opacity is drawn clamped to 0…1, as SwiftUI renders it.
                #expect(abs(opacity - min(max(rise(Self.letterSpring, elapsed), 0), 1)) < 1e-3)
                #expect(abs(scale - (0.6 + 0.4 * rise(Self.letterSpring, elapsed))) < 1e-3)
                if elapsed <= 0 { #expect(opacity == 0) } else { #expect(opacity > 0) }
            }
        }
        // Letter 1 starts on the first frame at or after the tap: on that frame it is still at 0, on the next it moves.
        #expect(rig.frames(since: index).dropFirst().first?["nowPlaying", "title.letter.1"]?["opacity"] ?? 0 > 0)
        #expect(rig.value("title.letter.14", "opacity") == 1)
        #expect(rig.attribute("title.letter.1", "text") == .text("P"))
        #expect(rig.stage.latestFrame?["nowPlaying", "title.letter.15"] == nil)
    }

    @Test func lettersBothLinesShareHoldStill() throws {
        let rig = try NowPlayingRig(isPlaying: false, expanded: true)
        let (_, index) = try skipToPaperLanterns(rig)
        // The artist is "Aster Vale" on both tracks: none of its letters move.
        for frame in rig.frames(since: index) {
            #expect(frame["nowPlaying", "artist.letter.1"]?["opacity"] == 1)
            #expect(frame["nowPlaying", "artist.letter.10"]?["scale"] == 1)
            #expect(frame["nowPlaying", "artist"]?["swap"] == 1)
        }
        #expect(MorphLetters.arriving(from: "Slow Mornings", to: "Slow Motion") == [7, 8, 9])
    }

    @Test func theArtworkBlursIntoTheNewTrackOnTheMorphSpring() throws {
        let rig = try NowPlayingRig(isPlaying: false, expanded: true)
        let (start, index) = try skipToPaperLanterns(rig)
        let first = rig.stage.history[index]
        #expect(first["nowPlaying", "art"]?["swap"] == 0)
        #expect(first["nowPlaying", "art"]?["swapBlur"] == 7)
        #expect(first["nowPlaying", "art"]?.attribute("track") == .text("Paper Lanterns — Aster Vale"))
        var overshoot = 0.0
        for frame in rig.frames(since: index) {
            let p = rise(Self.morphSpring, frame.time - start)
            let swap = frame["nowPlaying", "art"]?["swap"] ?? -1
            #expect(abs(swap - p) < 1e-3)
            #expect(abs((frame["nowPlaying", "art"]?["swapBlur"] ?? -1) - 7 * (1 - p)) < 1e-3)
            overshoot = max(overshoot, swap - 1)
        }
        // The morph spring's give: bounce 0.2 overshoots by about 1.5 %.
        #expect(overshoot > 0.014 && overshoot < 0.016)
        #expect(rig.value("art", "swap") == 1)
        #expect(rig.value("art", "swapBlur") == 0)
    }

    @Test func thePlayGlyphSwapsOnTheSnapSpringAndThePlayTriangleIsNudged() throws {
        let rig = try NowPlayingRig()
        #expect(rig.attribute("play", "glyphOffset") == .number(0))
        let index = rig.stage.history.count
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        try rig.stage.settle()
        let first = rig.stage.history[index...].firstIndex { $0["nowPlaying", "play"]?.attribute("glyph")
            == .text("play.fill") } ?? index
        let start = rig.stage.history[first].time
        for frame in rig.frames(since: first) {
            let p = rise(Self.snapSpring, frame.time - start)
            #expect(abs((frame["nowPlaying", "play"]?["swap"] ?? -1) - p) < 1e-3)
            #expect(abs((frame["nowPlaying", "play"]?["swapBlur"] ?? -1) - 7 * (1 - p)) < 1e-3)
        }
        #expect(rig.attribute("play", "glyphOffset") == .number(1.5))
        #expect(rig.value("play", "swap") == 1)
    }

    @Test func aLineTooLongToMorphBlursAsAWholeOnTheSnapSpring() throws {
        let long = "The Quiet Harbour Lights Are Coming Home Tonight Again"
        #expect(long.count > 48)
        let tracks = NowPlayingRig.tracks + [MockPlayer.Track(title: long, artist: "Aster Vale", duration: 300)]
        let rig = try NowPlayingRig(tracks: tracks, isPlaying: false, expanded: true)
        rig.player.skip(.previous)
        let index = rig.stage.history.count
        try rig.stage.settle()
        #expect(rig.attribute("title", "text") == .text(long))
        #expect(rig.attribute("title", "morphs") == .bool(false))
        #expect(rig.stage.latestFrame?["nowPlaying", "title.letter.1"] == nil)
        let first = rig.stage.history[index]
        #expect(first["nowPlaying", "title"]?["swap"] == 0)
        #expect(first["nowPlaying", "title"]?["swapBlur"] == 7)
        let start = first.time
        for frame in rig.frames(since: index) {
            #expect(abs((frame["nowPlaying", "title"]?["swap"] ?? -1) - rise(Self.snapSpring, frame.time - start))
                    < 1e-3)
        }
    }

    @Test func underReduceMotionEverySwapIsAFadeOnTheStillSpring() throws {
        var environment = PieceEnvironment()
        environment.reduceMotion = true
        let rig = try NowPlayingRig(environment: environment, isPlaying: false, expanded: true)
        let (start, index) = try skipToPaperLanterns(rig)
        for frame in rig.frames(since: index) {
            let p = rise(Self.stillSpring, frame.time - start)
            #expect(abs((frame["nowPlaying", "art"]?["swap"] ?? -1) - p) < 1e-3)
            #expect(frame["nowPlaying", "art"]?["swapBlur"] == 0)
            // Every letter at once, with no stagger and no growth.
            #expect(abs((frame["nowPlaying", "title.letter.14"]?["opacity"] ?? -1) - p) < 1e-3)
            #expect(frame["nowPlaying", "title.letter.14"]?["scale"] == 1)
        }
    }

    @Test func lettersStandAlongTheLineAsSeenInTheBar() throws {
        let rig = try NowPlayingRig()
        let g = rig.layout
        let slot = rig.onStage(g.miniTitle)
        let scale = g.lineScale(title: true)
        let font = Font(size: g.sizes.cardTitle, weight: .semibold)
        let letters = MorphLetters("Slow Mornings") { TextMetrics.systemFont.width(of: $0, font: font) }
        #expect(rig.rect("title.letter.1")?.x == slot.minX)
        #expect(abs((rig.rect("title.letter.2")?.x ?? 0) - (slot.minX + letters.letters[1].offset * scale)) < 1e-9)
        #expect(abs((rig.rect("title.letter.13")?.width ?? 0) - letters.letters[12].width * scale) < 1e-9)
        #expect(rig.rect("title.letter.5")?.y == slot.minY)
        #expect(rig.rect("title.letter.5")?.height == slot.height)

        var environment = PieceEnvironment()
        environment.layoutDirection = .rightToLeft
        let rtl = try NowPlayingRig(environment: environment)
        let rtlSlot = rtl.onStage(rtl.layout.miniTitle)
        let last = rtl.rect("title.letter.13") ?? .zero
        // Right to left the line hugs the trailing edge, and its letters still read left to right.
        #expect(abs(last.maxX - rtlSlot.maxX) < 1e-9)
        #expect((rtl.rect("title.letter.1")?.x ?? 0) < last.x)
    }
}
