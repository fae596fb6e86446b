import Testing
@testable import PieceKit

private func slowMornings(isPlaying: Bool = true, time: Double = 48, duration: Double = 222,
                          skipping: NowPlaying.Skipping = .tracks, hasOnSkip: Bool = true,
                          hasOnSeek: Bool = true, isEnabled: Bool = true, title: String = "Slow Mornings")
    -> NowPlaying.Inputs {
    NowPlaying.Inputs(title: title, artist: "Aster Vale", isPlaying: isPlaying, time: time, duration: duration,
                      skipping: skipping, hasOnSkip: hasOnSkip, hasOnSeek: hasOnSeek, isEnabled: isEnabled)
}

@Suite struct NowPlayingPlayheadTests {
    @Test func pendingSeekHoldsTheThumbUntilThePlayerIsWithin1_2Seconds() {
        var inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        let reported = head.seek(to: 120, inputs, at: 0)
        #expect(reported == 120)
        inputs.time = 48.5
        head.timeChanged(to: 48.5, at: 0.5)
        #expect(head.shownTime(inputs) == 120)
        head.timeChanged(to: 118.8, at: 0.6)
        #expect(head.pendingSeek == 120)
        head.timeChanged(to: 118.81, at: 0.7)
        #expect(head.pendingSeek == nil)
        #expect(head.shownTime(inputs) == 48.5)
    }

    @Test func pendingSeekLetsGoAfter1_5SecondsWithoutAnAnswer() {
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        _ = head.seek(to: 120, inputs, at: 2)
        #expect(head.pendingSeekExpiry == 3.5)
        let early = head.expirePendingSeek(at: 3.49)
        let due = head.expirePendingSeek(at: 3.5)
        #expect(!early && due)
        #expect(head.shownTime(inputs) == 48)
    }

    @Test func aNewPendingValueRestartsTheTimeoutButTheSameOneDoesNot() {
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        _ = head.seek(to: 120, inputs, at: 0)
        _ = head.seek(to: 120, inputs, at: 1)
        #expect(head.pendingSince == 0)
        _ = head.seek(to: 135, inputs, at: 1)
        #expect(head.pendingSince == 1)
    }

    @Test func seeksAreHeldWithinTheTrackAndNeedOnSeekAndAnEnd() {
        var head = NowPlaying.Playhead(time: 48)
        let low = head.seek(to: -20, slowMornings(), at: 0)
        let high = head.seek(to: 500, slowMornings(), at: 0)
        let nan = head.seek(to: .nan, slowMornings(), at: 0)
        #expect(low == 0 && high == 222 && nan == nil)
        var other = NowPlaying.Playhead(time: 48)
        let unhandled = other.seek(to: 10, slowMornings(hasOnSeek: false), at: 0)
        let live = other.seek(to: 10, slowMornings(duration: 0), at: 0)
        #expect(unhandled == nil && live == nil)
        #expect(other.pendingSeek == nil)
    }

    @Test func scrubMapsTheFingerAlongTheTrackToTime() {
        #expect(NowPlaying.Playhead.scrubTime(forX: 150, width: 300, duration: 222) == 111)
        #expect(NowPlaying.Playhead.scrubTime(forX: -20, width: 300, duration: 222) == 0)
        #expect(NowPlaying.Playhead.scrubTime(forX: 400, width: 300, duration: 222) == 222)
        #expect(NowPlaying.Playhead.scrubTime(forX: 5, width: 0, duration: 222) == 0)
        #expect(NowPlaying.Playhead.scrubTime(forX: 5, width: 300, duration: .infinity) == 0)
    }

    @Test func aScrubWinsOverEverythingAndSeeksOnceOnRelease() {
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        _ = head.seek(to: 100, inputs, at: 0)
        let began = head.scrub(toX: 150, width: 300, inputs)
        let beganAgain = head.scrub(toX: 160, width: 300, inputs)
        #expect(began && !beganAgain)
        #expect(head.shownTime(inputs) == 118.4)
        let reported = head.endScrub(inputs, at: 0.2)
        #expect(reported == 118.4)
        #expect(head.scrubTime == nil)
        #expect(head.pendingSeek == 118.4)
        let again = head.endScrub(inputs, at: 0.3)
        #expect(again == nil)
    }

    @Test func aCancelledScrubReportsNothing() {
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        head.scrub(toX: 150, width: 300, inputs)
        head.cancelScrub()
        #expect(head.shownTime(inputs) == 48)
        #expect(head.pendingSeek == nil)
    }

    @Test func aNewTrackDropsTheScrubAndThePendingSeek() {
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        _ = head.seek(to: 100, inputs, at: 0)
        head.scrub(toX: 10, width: 300, inputs)
        head.trackChanged()
        #expect(head.scrubTime == nil && head.pendingSeek == nil && head.pendingSeekExpiry == nil)
    }

    @Test func progressIsTheShownShareOfTheTrackAndZeroWhenLive() {
        let head = NowPlaying.Playhead(time: 0)
        #expect(head.progress(slowMornings(time: 111)) == 0.5)
        #expect(head.progress(slowMornings(time: 300)) == 1)
        #expect(head.progress(slowMornings(time: 50, duration: 0)) == 0)
        #expect(head.shownTime(slowMornings(time: 5000, duration: .nan)) == 5000)
    }

    @Test func timeCreepsLinearlyOverTheMeasuredUpdateGap() {
        let motion = MotionTokens()
        let inputs = slowMornings()
        var head = NowPlaying.Playhead(time: 48)
        #expect(head.creep(to: 48.5, inputs, motion: motion) == .linear(duration: 0.5))
        head.timeChanged(to: 48.5, at: 0)
        head.timeChanged(to: 49.5, at: 1)
        #expect(head.updateGap == 1)
        #expect(head.creep(to: 50.5, inputs, motion: motion) == .linear(duration: 1))
        head.timeChanged(to: 49.6, at: 1.07)
        #expect(head.creep(to: 49.7, inputs, motion: motion) == .linear(duration: 0.1))
    }

    @Test func updateGapsOutsideFiftyMillisecondsToOneAndAHalfSecondsAreNotMeasured() {
        var head = NowPlaying.Playhead(time: 0)
        head.timeChanged(to: 1, at: 10)
        #expect(head.updateGap == 0.5)
        head.timeChanged(to: 1.1, at: 10.04)
        #expect(head.updateGap == 0.5)
        head.timeChanged(to: 2, at: 11.55)
        #expect(head.updateGap == 0.5)
        head.timeChanged(to: 3, at: 12.9)
        #expect(abs(head.updateGap - 1.35) < 1e-9)
    }

    @Test func jumpsPausesAndBackwardStepsMoveOnTheValueRole() {
        let motion = MotionTokens()
        var head = NowPlaying.Playhead(time: 48)
        #expect(head.creep(to: 50.5, slowMornings(), motion: motion) == motion.value)
        #expect(head.creep(to: 50.49, slowMornings(), motion: motion) == .linear(duration: 0.5))
        #expect(head.creep(to: 47, slowMornings(), motion: motion) == motion.value)
        #expect(head.creep(to: 48.5, slowMornings(isPlaying: false), motion: motion) == motion.value)
        head.scrub(toX: 1, width: 300, slowMornings())
        #expect(head.creep(to: 48.5, slowMornings(), motion: motion) == motion.value)
    }
}

@Suite struct NowPlayingInputsTests {
    @Test func anEmptyTitleShowsTheUntitledMessage() {
        #expect(slowMornings(title: "").shownTitle == "Not playing")
        #expect(slowMornings().shownTitle == "Slow Mornings")
    }

    @Test func aDurationThatIsNotPositiveAndFiniteIsALiveStream() {
        for d in [0, -1, Double.nan, .infinity] { #expect(slowMornings(duration: d).live) }
        #expect(!slowMornings(duration: 1).live)
        #expect(!slowMornings(duration: 0).canSeek)
        #expect(!slowMornings(isEnabled: false).canSeek)
        #expect(slowMornings().canSeek)
    }

    @Test func skipBubblesAreHiddenWhenTheyCannotAct() {
        #expect(slowMornings().skipBubbles == [.previous, .next])
        #expect(slowMornings(hasOnSkip: false).skipBubbles.isEmpty)
        #expect(slowMornings(skipping: .podcast, hasOnSkip: false).skipBubbles == [.previous, .next])
        #expect(slowMornings(skipping: .podcast, hasOnSeek: false).skipBubbles.isEmpty)
        #expect(slowMornings(duration: 0, skipping: .podcast).skipBubbles.isEmpty)
        #expect(slowMornings(hasOnSkip: false).bubbles(open: false).isEmpty)
        #expect(slowMornings().bubbles(open: false) == [.forward])
    }

    @Test func bubblesNameTheirGlyphsAndTheirJumps() {
        #expect(NowPlaying.Skipping.tracks.symbol(for: .previous) == "backward.fill")
        #expect(NowPlaying.Skipping.tracks.symbol(for: .forward) == "forward.fill")
        #expect(NowPlaying.Skipping.podcast.symbol(for: .previous) == "gobackward.15")
        #expect(NowPlaying.Skipping.podcast.symbol(for: .next) == "goforward.30")
        #expect(NowPlaying.Skipping.seconds(back: 20, forward: 30).symbol(for: .previous) == "gobackward")
        #expect(NowPlaying.Skipping.podcast.jump(back: true) == -15)
        #expect(slowMornings(skipping: .podcast).label(for: .previous) == "Skip back, 15 seconds")
        #expect(slowMornings(skipping: .podcast).label(for: .next) == "Skip forward, 30 seconds")
        #expect(slowMornings().label(for: .forward) == "Next track")
    }

    @Test func aNonFiniteTimeIsTakenAsZero() {
        var inputs = slowMornings(time: .nan)
        #expect(inputs.time == 0)
        inputs.time = .infinity
        #expect(inputs.time == 0)
    }
}

@Suite struct NowPlayingKeysTests {
    @Test func spaceAlwaysPlaysOrPauses() {
        #expect(NowPlaying.action(for: .space, open: false, slowMornings()) == .playPause)
        #expect(NowPlaying.action(for: .space, open: true, slowMornings()) == .playPause)
    }

    @Test func returnOpensAndEscapeCloses() {
        #expect(NowPlaying.action(for: .return, open: false, slowMornings()) == .open)
        #expect(NowPlaying.action(for: .return, open: true, slowMornings()) == nil)
        #expect(NowPlaying.action(for: .escape, open: true, slowMornings()) == .close)
        #expect(NowPlaying.action(for: .escape, open: false, slowMornings()) == nil)
    }

    @Test func arrowsSeekFifteenSecondsOnlyOnAnOpenSeekableCard() {
        #expect(NowPlaying.action(for: .leftArrow, open: true, slowMornings()) == .seek(by: -15))
        #expect(NowPlaying.action(for: .rightArrow, open: true, slowMornings()) == .seek(by: 15))
        #expect(NowPlaying.action(for: .rightArrow, open: false, slowMornings()) == nil)
        #expect(NowPlaying.action(for: .rightArrow, open: true, slowMornings(duration: 0)) == nil)
        #expect(NowPlaying.action(for: .rightArrow, open: true, slowMornings(hasOnSeek: false)) == nil)
    }

    @Test func aDisabledPieceTakesNoKeys() {
        for key in NowPlaying.Key.allCases {
            #expect(NowPlaying.action(for: key, open: true, slowMornings(isEnabled: false)) == nil)
        }
    }
}

/// Writes down the rule's `Action` an accessibility action runs, so a test reads what each action does.
private final class ActionRecorder {
    var last: NowPlaying.Action?

    func elements(open: Bool, controlsShown: Bool, bubblesOut: [NowPlaying.Bubble], shownTime: Double,
                  _ inputs: NowPlaying.Inputs) -> [AccessibilityElement] {
        NowPlaying.accessibilityElements(open: open, controlsShown: controlsShown, bubblesOut: bubblesOut,
                                         shownTime: shownTime, inputs, run: { self.last = $0 })
    }

    /// The rule's action behind `element`'s action `name`; nil when it has no such action.
    func does(_ name: String, _ element: AccessibilityElement?) -> NowPlaying.Action? {
        last = nil
        guard let action = element?.offered.first(where: { $0.name == name }), (try? action()) == true else { return nil }
        return last
    }
}

@Suite struct NowPlayingAccessibilityTests {
    @Test func theCollapsedBarIsOneButtonReadingTheTrack() {
        let rules = ActionRecorder()
        let bar = rules.elements(open: false, controlsShown: false, bubblesOut: [.forward], shownTime: 48, slowMornings())
        #expect(bar.count == 1)
        #expect(bar.first?.label == "Now playing, Slow Mornings, Aster Vale")
        #expect(bar.first?.value == "Playing")
        #expect(rules.does("activate", bar.first) == .open)
        #expect(rules.does("escape", bar.first) == .ignored)
        #expect(bar.first?.actions == ["activate", "escape", "Pause", "Next track", "Open player"])
        #expect(rules.does("Next track", bar.first) == .skip(.next))
        let paused = rules.elements(open: false, controlsShown: false, bubblesOut: [], shownTime: 48,
                                    slowMornings(isPlaying: false, hasOnSkip: false))
        #expect(paused.first?.value == "Paused")
        #expect(paused.first?.actions == ["activate", "escape", "Play", "Open player"])
    }

    @Test func theOpenCardReadsTitleArtistControlsBubblesAndPlay() {
        let rules = ActionRecorder()
        let card = rules.elements(open: true, controlsShown: true, bubblesOut: [.previous, .next], shownTime: 72,
                                  slowMornings())
        #expect(card.map(\.id) == ["title", "artist", "grabber", "scrubber", "previous", "next", "play"])
        #expect(card.first?.traits == ["header"])
        let scrubber = card.first { $0.id == "scrubber" }
        #expect(scrubber?.label == "Playback position")
        #expect(scrubber?.value == "1 minute, 12 seconds of 3 minutes, 42 seconds")
        // keySeekStep: 15 s either way.
        #expect(rules.does("increment", scrubber) == .seek(by: 15))
        #expect(rules.does("decrement", scrubber) == .seek(by: -15))
        #expect(rules.does("activate", card.first { $0.id == "grabber" }) == .close)
        #expect(card.allSatisfy { ["previous", "next", "play"].contains($0.id) || rules.does("escape", $0) == .close })
    }

    @Test func aLiveCardReadsLiveInsteadOfTheScrubber() {
        let card = NowPlaying.accessibilityElements(open: true, controlsShown: true, bubblesOut: [],
                                                    shownTime: 0, slowMornings(duration: 0))
        #expect(card.map(\.id) == ["title", "artist", "grabber", "times", "play"])
        #expect(card.first { $0.id == "times" }?.label == "Live")
    }

    @Test func theControlsAreHiddenUntilTheyAreIn() {
        let card = NowPlaying.accessibilityElements(open: true, controlsShown: false, bubblesOut: [],
                                                    shownTime: 0, slowMornings())
        #expect(card.map(\.id) == ["title", "artist", "play"])
    }

    @Test func aSkipAnnouncesTheNewTitleAndArtist() {
        #expect(NowPlaying.trackAnnouncement(slowMornings(title: "Paper Lanterns")) == "Paper Lanterns, Aster Vale")
    }
}
