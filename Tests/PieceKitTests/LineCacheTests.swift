import Testing
@testable import PieceKit

@Suite struct LineCacheTests {
    @Test func aRememberedLineMeasuresAsAFreshOne() {
        let cache = LineCache()
        let font = Font(size: 17, weight: .semibold)
        for _ in 0..<3 {
            #expect(cache.width(of: "Slow Mornings", font: font) == TextMetrics.systemFont.width(of: "Slow Mornings", font: font))
            #expect(cache.letters(of: "Aster Vale", font: font)
                    == MorphLetters("Aster Vale") { TextMetrics.systemFont.width(of: $0, font: font) })
        }
    }

    @Test func theSameTextInAnotherFontIsMeasuredAgain() {
        let cache = LineCache()
        let small = cache.width(of: "Slow Mornings", font: Font(size: 11, weight: .regular))
        let large = cache.width(of: "Slow Mornings", font: Font(size: 22, weight: .regular))
        // Widths scale with the point size (tracking aside), so twice the size is clearly wider.
        #expect(large > small * 1.8)
    }

    @Test func aCacheFullOfLinesStartsAgainAndStillAnswersRight() {
        let cache = LineCache()
        let font = Font(size: 17, weight: .regular)
        for i in 0..<(LineCache.limit * 2 + 7) {
            let text = "Track \(i)"
            #expect(cache.width(of: text, font: font) == TextMetrics.systemFont.width(of: text, font: font))
        }
    }
}

@Suite struct NowPlayingTrackLabelTests {
    @Test func theLabelJoinsTitleAndArtistWithADash() {
        let inputs = NowPlaying.Inputs(title: "Slow Mornings", artist: "Aster Vale", duration: 222)
        #expect(inputs.trackLabel == "Slow Mornings — Aster Vale")
        // A separator byte inside a title is written as the dash too, as the art's attribute always did.
        let odd = NowPlaying.Inputs(title: "A\u{1F}B", artist: "C", duration: 222)
        #expect(odd.trackLabel == "A — B — C")
    }
}
