import Testing
@testable import PieceKit

/// Every expected number below is worked out by hand from the seed's layout rules; the arithmetic sits beside it.
///
/// At Large the scaled metrics are their base values, so the line heights are ceil(size × 2444/2048) in semibold:
/// 15 → ceil(17.90) = 18, 13 → ceil(15.51) = 16, 22 → ceil(26.25) = 27. The bar's artwork and buttons are 44.
/// Card: fixed = header 34 + 18 + lines (27 + 2 + 18 = 47) + 12 + scrub 30 + time 16 + 20 = 177;
/// transport = 72 + 26 = 98; the card's bottom is 64 − 98 = −34.
@Suite struct NowPlayingLayoutTests {
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    static func near(_ a: Rect, _ b: Rect) -> Bool {
        near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)
    }
    static func near(_ a: Point, _ b: Point) -> Bool { near(a.x, b.x) && near(a.y, b.y) }

    /// An iPhone 15 sized bar: width 393, room = (852 − 34) − 59 − 8 = 751.
    static func phone(width: Double = 393, room: Double = 751, rtl: Bool = false, live: Bool = false,
                      forward: Bool = true, sizes: NowPlayingLayout.Sizes = .standard) -> NowPlayingLayout {
        .make(width: width, room: room, rtl: rtl, live: live, forward: forward, sizes: sizes)
    }

    // MARK: The bar

    @Test func barAt393LeavesRoomForPlayAndForward() {
        let g = Self.phone()
        // block = 18 + 2 + 16 + 7 = 43; barH = ceil(max(64, 44 + 20, 43 + 20)) = 64.
        #expect(g.barHeight == 64)
        #expect(g.barRadius == 32)
        // tail = 44 + 4 + 44 + 4 = 96; barW = max(393 − 96, 128) = 297.
        #expect(Self.near(g.bar, Rect(x: 0, y: 0, width: 297, height: 64)))
        // inset = (64 − 44) / 2 = 10.
        #expect(Self.near(g.miniArt, Rect(x: 10, y: 10, width: 44, height: 44)))
        // x0 = 10 + 44 + 12 = 66; width = 297 − 66 − max(20, 64 × 0.32 = 20.48) = 210.52; y0 = (64 − 43) / 2 = 10.5.
        #expect(Self.near(g.miniTitle, Rect(x: 66, y: 10.5, width: 210.52, height: 18)))
        // 10.5 + 18 + 2 = 30.5.
        #expect(Self.near(g.miniArtist, Rect(x: 66, y: 30.5, width: 210.52, height: 16)))
        // 30.5 + 16 + 5 = 51.5.
        #expect(Self.near(g.hairline, Rect(x: 66, y: 51.5, width: 210.52, height: 2)))
    }

    @Test func playAndForwardAreJoinedToTheBarsEnd() {
        let g = Self.phone()
        // play: 297 + 4 + 44/2 = 323, at half the bar's height; forward 44 + 4 = 48 further on.
        #expect(Self.near(g.playMini, Point(x: 323, y: 32)))
        #expect(g.playMiniSide == 44)
        #expect(g.forwardOffset == 48)
        #expect(Self.near(g.forwardCenter, Point(x: 371, y: 32)))
        // forward's far edge: 371 + 22 = 393, the bar's full width.
        #expect(Self.near(g.forwardRect.maxX, 393))
        #expect(Self.near(g.playMiniRect.minX - g.bar.maxX, 4))
    }

    @Test func barAt375And430KeepsTheSameHeightAndInsets() {
        let small = Self.phone(width: 375, room: 720)
        // 375 − 96 = 279; lines 279 − 66 − 20.48 = 192.52; play 279 + 4 + 22 = 305.
        #expect(Self.near(small.bar, Rect(x: 0, y: 0, width: 279, height: 64)))
        #expect(Self.near(small.miniTitle, Rect(x: 66, y: 10.5, width: 192.52, height: 18)))
        #expect(Self.near(small.playMini, Point(x: 305, y: 32)))
        let large = Self.phone(width: 430, room: 831)
        // 430 − 96 = 334; lines 334 − 66 − 20.48 = 247.52; play 334 + 4 + 22 = 360.
        #expect(Self.near(large.bar, Rect(x: 0, y: 0, width: 334, height: 64)))
        #expect(Self.near(large.hairline, Rect(x: 66, y: 51.5, width: 247.52, height: 2)))
        #expect(Self.near(large.playMini, Point(x: 360, y: 32)))
    }

    @Test func withoutForwardPlayTakesTheBarsEnd() {
        let g = Self.phone(forward: false)
        // tail = 44 + 4 = 48; barW = 393 − 48 = 345; lines 345 − 66 − 20.48 = 258.52; play 345 + 4 + 22 = 371.
        #expect(Self.near(g.bar, Rect(x: 0, y: 0, width: 345, height: 64)))
        #expect(Self.near(g.miniTitle.width, 258.52))
        #expect(Self.near(g.playMini, Point(x: 371, y: 32)))
        #expect(Self.near(g.playMiniRect.maxX, 393))
        // The card does not depend on forward.
        #expect(g.card == Self.phone().card)
    }

    // MARK: The card

    @Test func cardAt393FillsTheWidthAboveTheTransport() {
        let g = Self.phone()
        // artSide = min(393 − 40, 751 − 98 − 177) = min(353, 476) = 353; cw = min(393, 393) = 393; ch = 177 + 353 = 530;
        // card top = −34 − 530 = −564.
        #expect(!g.compact)
        #expect(Self.near(g.card, Rect(x: 0, y: -564, width: 393, height: 530)))
        #expect(Self.near(g.card.maxY + 26 + 72, 64))
        #expect(g.artRadius == 22)
    }

    @Test func cardArtSitsBelowTheGrabber() {
        let g = Self.phone()
        // grabber: 88 × 26 centred on the card's top, 393/2 − 44 = 152.5; the artwork 34 below the card's top.
        #expect(Self.near(g.grabber, Rect(x: 152.5, y: -564, width: 88, height: 26)))
        #expect(Self.near(g.cardArt, Rect(x: 20, y: -530, width: 353, height: 353)))
        #expect(g.cardArt.minY > g.grabber.maxY)
    }

    @Test func cardLinesScrubberAndTimesStackUnderTheArt() {
        let g = Self.phone()
        // title: −530 + 353 + 18 = −159; artist: −159 + 27 + 2 = −130; scrubber: −130 + 18 + 12 = −100;
        // times: −100 + 30 = −70. All 20 in from the card's edges: width 393 − 40 = 353.
        #expect(Self.near(g.cardTitle, Rect(x: 20, y: -159, width: 353, height: 27)))
        #expect(Self.near(g.cardArtist, Rect(x: 20, y: -130, width: 353, height: 18)))
        #expect(Self.near(g.scrub, Rect(x: 20, y: -100, width: 353, height: 30)))
        #expect(Self.near(g.times, Rect(x: 20, y: -70, width: 353, height: 16)))
        // The card ends 20 below the times: −70 + 16 + 20 = −34.
        #expect(Self.near(g.times.maxY + 20, g.card.maxY))
    }

    @Test func transportRestsOnTheBarsBottomWithSkipsApart() {
        let g = Self.phone()
        // play: centred, 64 − 72/2 = 28; skips 36 + 26 + 26 = 88 either side.
        #expect(Self.near(g.playCard, Point(x: 196.5, y: 28)))
        #expect(NowPlayingLayout.skipOffset == 88)
        #expect(Self.near(g.previousCenter, Point(x: 108.5, y: 28)))
        #expect(Self.near(g.nextCenter, Point(x: 284.5, y: 28)))
        // The gaps between the bubbles' edges are the apart gap: 196.5 − 36 − (108.5 + 26) = 26.
        #expect(Self.near(g.playCardRect.minX - g.previousRect.maxX, 26))
        #expect(Self.near(g.playCardRect.maxY, g.bar.maxY))
    }

    @Test func stageReachesAboveTheCardWithHeadroom() {
        let g = Self.phone()
        // top = max(564, 150) + 48 = 612; stage height = 612 + 64 + 24 = 700.
        #expect(g.top == 612)
        #expect(g.stageHeight == 700)
        #expect(Self.near(g.surface(open: true), Rect(x: 0, y: 48, width: 393, height: 530)))
        // Collapsed and pulled 30: the bar at 612, grown 30 upward.
        #expect(Self.near(g.surface(open: false, stretch: 30), Rect(x: 0, y: 582, width: 297, height: 94)))
        #expect(NowPlayingLayout.pullLimit == 150)
        // Closing needs max(110, 530 × 0.22 = 116.6).
        #expect(Self.near(g.closingDrop, 116.6))
    }

    @Test func cardAt375And430() {
        let small = Self.phone(width: 375, room: 720)
        // artSide = min(335, 720 − 275 = 445) = 335; ch = 177 + 335 = 512; top −34 − 512 = −546.
        #expect(Self.near(small.card, Rect(x: 0, y: -546, width: 375, height: 512)))
        #expect(Self.near(small.cardArt, Rect(x: 20, y: -512, width: 335, height: 335)))
        // −512 + 335 + 18 = −159.
        #expect(Self.near(small.cardTitle, Rect(x: 20, y: -159, width: 335, height: 27)))
        #expect(Self.near(small.grabber, Rect(x: 143.5, y: -546, width: 88, height: 26)))
        #expect(Self.near(small.playCard, Point(x: 187.5, y: 28)))
        #expect(small.top == 594)
        let large = Self.phone(width: 430, room: 831)
        // artSide = min(390, 831 − 275 = 556) = 390; cw = min(430, 430) = 430; ch = 567; top −34 − 567 = −601.
        #expect(Self.near(large.card, Rect(x: 0, y: -601, width: 430, height: 567)))
        #expect(Self.near(large.cardArt, Rect(x: 20, y: -567, width: 390, height: 390)))
        #expect(Self.near(large.scrub, Rect(x: 20, y: -100, width: 390, height: 30)))
        #expect(large.top == 649)
    }

    @Test func wideContainersCentreACardNoWiderThan440() {
        let g = Self.phone(width: 700, room: 751)
        // maxWidth = 440; artSide = min(400, 476) = 400; cw = min(440, 440) = 440; cx = (700 − 440) / 2 = 130.
        #expect(Self.near(g.card, Rect(x: 130, y: -34 - 577, width: 440, height: 577)))
        #expect(Self.near(g.cardArt, Rect(x: 150, y: -577, width: 400, height: 400)))
        #expect(Self.near(g.playCard, Point(x: 350, y: 28)))
    }

    @Test func shortRoomShrinksTheArtworkDownTo150() {
        // room 425: artSide = min(353, 425 − 275) = 150, still a full card, cw = 150 + 40 = 190, cx = (393 − 190) / 2.
        let g = Self.phone(room: 425)
        #expect(!g.compact)
        #expect(Self.near(g.card, Rect(x: 101.5, y: -34 - 327, width: 190, height: 327)))
        #expect(Self.near(g.cardArt, Rect(x: 121.5, y: -327, width: 150, height: 150)))
        #expect(Self.near(g.cardTitle.width, 150))
        // Just below, the card turns compact.
        #expect(Self.phone(room: 424.5).compact)
    }

    // MARK: Live streams

    @Test func liveStreamDropsTheHairlineRoomAndTheScrubber() {
        let g = Self.phone(live: true)
        #expect(g.live)
        // block = 18 + 2 + 16 = 36; barH = ceil(max(64, 64, 56)) = 64; y0 = (64 − 36) / 2 = 14.
        #expect(g.barHeight == 64)
        #expect(Self.near(g.miniTitle, Rect(x: 66, y: 14, width: 210.52, height: 18)))
        #expect(Self.near(g.miniArtist, Rect(x: 66, y: 34, width: 210.52, height: 16)))
        // fixed = 177 − 30 = 147; artSide = min(353, 751 − 98 − 147 = 506) = 353; ch = 500; top −534.
        #expect(Self.near(g.card, Rect(x: 0, y: -534, width: 393, height: 500)))
        // title −500 + 353 + 18 = −129; artist −100; scrubber −100 + 18 + 12 = −70, no height; times right there.
        #expect(Self.near(g.cardTitle, Rect(x: 20, y: -129, width: 353, height: 27)))
        #expect(Self.near(g.scrub, Rect(x: 20, y: -70, width: 353, height: 0)))
        #expect(Self.near(g.times, Rect(x: 20, y: -70, width: 353, height: 16)))
        #expect(g.top == 582)
    }

    // MARK: Right to left

    @Test func rightToLeftMirrorsTheBarAndKeepsTheTransport() {
        let g = Self.phone(rtl: true)
        // bar: 393 − 297 = 96; artwork 393 − 54 = 339; lines 393 − (66 + 210.52) = 116.48.
        #expect(Self.near(g.bar, Rect(x: 96, y: 0, width: 297, height: 64)))
        #expect(Self.near(g.miniArt, Rect(x: 339, y: 10, width: 44, height: 44)))
        #expect(Self.near(g.miniTitle, Rect(x: 116.48, y: 10.5, width: 210.52, height: 18)))
        #expect(Self.near(g.hairline, Rect(x: 116.48, y: 51.5, width: 210.52, height: 2)))
        // play 393 − 323 = 70; forward on play's far side, 70 − 48 = 22.
        #expect(Self.near(g.playMini, Point(x: 70, y: 32)))
        #expect(g.forwardOffset == -48)
        #expect(Self.near(g.forwardCenter, Point(x: 22, y: 32)))
        #expect(Self.near(g.forwardRect.minX, 0))
        // The card is centred and symmetric, the scrubber and previous/next stay left to right.
        let ltr = Self.phone()
        #expect(g.card == ltr.card)
        #expect(g.scrub == ltr.scrub)
        #expect(g.times == ltr.times)
        #expect(g.playCard == ltr.playCard)
        #expect(g.previousCenter.x < g.nextCenter.x)
        #expect(Self.near(g.cardArt, ltr.cardArt))
    }

    @Test func rightToLeftAt375And430MirrorsAcrossTheBarsWidth() {
        let small = Self.phone(width: 375, room: 720, rtl: true)
        // 375 − 279 = 96; lines 375 − (66 + 192.52) = 116.48; play 375 − 305 = 70.
        #expect(Self.near(small.bar, Rect(x: 96, y: 0, width: 279, height: 64)))
        #expect(Self.near(small.miniTitle.x, 116.48))
        #expect(Self.near(small.playMini.x, 70))
        let large = Self.phone(width: 430, room: 831, rtl: true, forward: false)
        // no forward: barW = 430 − 48 = 382 → x 48; artwork 430 − 54 = 376; play 430 − (382 + 26) = 22.
        #expect(Self.near(large.bar, Rect(x: 48, y: 0, width: 382, height: 64)))
        #expect(Self.near(large.miniArt.x, 376))
        #expect(Self.near(large.playMini.x, 22))
    }

    // MARK: Dynamic Type and the compact card

    @Test func accessibilitySizesScaleEveryMetric() {
        let s = NowPlayingLayout.Sizes.scaled(for: .accessibility5)
        // subheadline ×58/20, footnote ×52/18, title2 ×66/28, body ×62/22, each rounded half up to 1/3 pt.
        #expect(s.miniTitle == 131.0 / 3.0)   // 15 × 2.9 = 43.5 → 130.5 px → 131 px
        #expect(s.miniArtist == 113.0 / 3.0)  // 13 × 52/18 = 37.56 → 112.67 px → 113 px
        #expect(s.cardTitle == 52)            // 22 × 66/28 = 51.857 → 155.57 px → 156 px
        #expect(s.cardArtist == 131.0 / 3.0)
        #expect(s.time == 113.0 / 3.0)
        #expect(s.art == 383.0 / 3.0)         // 44 × 2.9 = 127.6 → 382.8 px → 383 px
        #expect(s.button == 124)              // 44 × 62/22 = 124
        #expect(NowPlayingLayout.Sizes.scaled(for: .large) == .standard)
    }

    @Test func compactCardInAShortLandscapeAtTheLargestTextSize() {
        // 852 × 393 landscape, safe area top 0, bottom 21, sides 59; 12 padding either side.
        let env = PieceEnvironment(size: Size(width: 852, height: 393),
                                   safeArea: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
                                   dynamicTypeSize: .accessibility5)
        let g = NowPlayingLayout.make(in: env, live: false, forward: true)
        // Lines: ceil(43.667 × 1.19336 = 52.11) = 53, ceil(37.667 × 1.19336 = 44.95) = 45, ceil(52 × 1.19336 = 62.05) = 63.
        // art = min(127.67, 64) = 64, button = min(124, 60) = 60; block = 53 + 2 + 45 + 7 = 107;
        // barH = ceil(max(64, 84, 127)) = 127.
        #expect(g.barHeight == 127)
        // width = 852 − 118 − 24 = 710; tail = 60 + 4 + 60 + 4 = 128; barW = max(582, 254) = 582.
        #expect(Self.near(g.bar, Rect(x: 0, y: 0, width: 582, height: 127)))
        // inset = (127 − 64) / 2 = 31.5; x0 = 31.5 + 64 + 12 = 107.5; width 582 − 107.5 − 127 × 0.32 (40.64) = 433.86;
        // y0 = (127 − 107) / 2 = 10.
        #expect(Self.near(g.miniArt, Rect(x: 31.5, y: 31.5, width: 64, height: 64)))
        #expect(Self.near(g.miniTitle, Rect(x: 107.5, y: 10, width: 433.86, height: 53)))
        #expect(Self.near(g.miniArtist, Rect(x: 107.5, y: 65, width: 433.86, height: 45)))
        #expect(Self.near(g.hairline, Rect(x: 107.5, y: 115, width: 433.86, height: 2)))
        // play 582 + 4 + 30 = 616, forward 64 further.
        #expect(Self.near(g.playMini, Point(x: 616, y: 63.5)))
        #expect(g.forwardOffset == 64)
        // room = (393 − 21) − 0 − 8 = 364; fixed = 34 + 18 + (63 + 2 + 53 = 118) + 12 + 30 + 45 + 20 = 277;
        // artSide = min(400, 364 − 98 − 277 = −11) → compact.
        #expect(g.compact)
        #expect(g.artRadius == 14)
        // row = max(64, 118) = 118; cw = 440; cx = (710 − 440) / 2 = 135; ch = 34 + 118 + 14 + 30 + 45 + 20 = 261;
        // card bottom 127 − 98 = 29, top 29 − 261 = −232.
        #expect(Self.near(g.card, Rect(x: 135, y: -232, width: 440, height: 261)))
        // artwork: 135 + 20 = 155, −232 + 34 + (118 − 64) / 2 = −171.
        #expect(Self.near(g.cardArt, Rect(x: 155, y: -171, width: 64, height: 64)))
        // lines: x 155 + 64 + 14 = 233, y −232 + 34 + 0 = −198, width 575 − 20 − 233 = 322.
        #expect(Self.near(g.cardTitle, Rect(x: 233, y: -198, width: 322, height: 63)))
        #expect(Self.near(g.cardArtist, Rect(x: 233, y: -133, width: 322, height: 53)))
        // controls: −232 + 34 + 118 + 14 = −66.
        #expect(Self.near(g.scrub, Rect(x: 155, y: -66, width: 400, height: 30)))
        #expect(Self.near(g.times, Rect(x: 155, y: -36, width: 400, height: 45)))
        #expect(Self.near(g.grabber, Rect(x: 311, y: -232, width: 88, height: 26)))
        #expect(Self.near(g.playCard, Point(x: 355, y: 91)))
        // top = max(232, 150) + 48 = 280.
        #expect(g.top == 280)
        // The card fits the room: from the bar's bottom (127) to its top (−232) is 359 ≤ 364.
        #expect(g.barHeight - g.card.minY <= 364)
    }

    @Test func compactCardMirrorsItsRowRightToLeft() {
        let env = PieceEnvironment(size: Size(width: 852, height: 393),
                                   safeArea: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
                                   layoutDirection: .rightToLeft, dynamicTypeSize: .accessibility5)
        let g = NowPlayingLayout.make(in: env, live: false, forward: true)
        // artwork 710 − 219 = 491; lines 710 − (233 + 322) = 155; scrubber and card unmoved.
        #expect(Self.near(g.cardArt, Rect(x: 491, y: -171, width: 64, height: 64)))
        #expect(Self.near(g.cardTitle, Rect(x: 155, y: -198, width: 322, height: 63)))
        #expect(Self.near(g.scrub, Rect(x: 155, y: -66, width: 400, height: 30)))
        #expect(Self.near(g.card, Rect(x: 135, y: -232, width: 440, height: 261)))
        // bar 710 − 582 = 128; play 710 − 616 = 94.
        #expect(Self.near(g.bar, Rect(x: 128, y: 0, width: 582, height: 127)))
        #expect(Self.near(g.playMini, Point(x: 94, y: 63.5)))
    }

    @Test func largestTextInPortraitKeepsTheFullCard() {
        let g = Self.phone(sizes: .scaled(for: .accessibility5))
        // artSide = min(353, 751 − 98 − 277 = 376) = 353; ch = 277 + 353 = 630; card bottom 127 − 98 = 29.
        #expect(!g.compact)
        #expect(Self.near(g.card, Rect(x: 0, y: 29 - 630, width: 393, height: 630)))
        // tail = 128; barW = 393 − 128 = 265, still more than 2 × 127.
        #expect(Self.near(g.bar.width, 265))
    }

    // MARK: Placing the piece

    @Test func environmentPlacesTheBarInTheBottomSafeAreaInset() {
        let env = PieceEnvironment()
        // 393 × 852, top 59, bottom 34: width 393 − 24 = 369; room 818 − 59 − 8 = 751.
        let g = NowPlayingLayout.make(in: env, live: false, forward: true)
        #expect(g == NowPlayingLayout.make(width: 369, room: 751, rtl: false, live: false, forward: true,
                                           sizes: .standard))
        #expect(NowPlayingLayout.barFrame(in: env, barHeight: g.barHeight) == Rect(x: 12, y: 754, width: 369, height: 64))
    }

    @Test func anUnmeasuredFrameLaysOutAMinimumBarWithPlentyOfRoom() {
        let g = NowPlayingLayout.make(barFrame: .zero, safeTop: 59, layoutDirection: .leftToRight, live: false,
                                      forward: true, dynamicTypeSize: .large)
        // width 240: barW = max(240 − 96, 128) = 144; artSide = min(200, 10 000 − 275) = 200.
        #expect(g.width == 240)
        #expect(Self.near(g.bar.width, 144))
        #expect(Self.near(g.cardArt.width, 200))
    }

    @Test func shortLinesMorphAndLongOrJoinedScriptsDoNot() {
        let g = Self.phone()
        // Title: scale 15/22; room = min(210.52 × 22/15 = 308.76, 353) = 308.76.
        #expect(Self.near(g.lineScale(title: true), 15.0 / 22.0))
        #expect(g.lineMorphs("Slow Mornings", title: true))
        #expect(!g.lineMorphs(String(repeating: "W", count: 30), title: true))
        #expect(!g.lineMorphs("שלום", title: true))
        #expect(!g.lineMorphs(String(repeating: "i", count: 49), title: false))
    }
}
