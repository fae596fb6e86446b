import Testing
@testable import PieceKit

/// Every rect worked by hand from the specification's numbers, read from the frames the stage renders (never from
/// the model's layout). Line boxes are the text metrics' (SF's 2444/2048 line height, up to the next third of a
/// point): subheadline 15 → 17.900 → 18; caption 12 → 14.320 → 14.333; title2 22 → 26.254 → 26.333; body 17 →
/// 20.287 → 20.333. A symbol button is at least 44: largeTitle 34 → 40.57, title 28 → 33.41, title3 20 → 23.87.
@Suite struct MiniPlayerLayoutTests {
    private static let metrics = TextMetrics.systemFont

    @Test func theClosedBarOnA393By852PhoneRestsTwelveInAndEightAboveTheSafeArea() throws {
        let rig = try MiniPlayerRig()
        // x = 12, w = 393 − 24 = 369; h = the bar height 64 (art 46 and the lines 18 + 1 + 14.333 are smaller);
        // y = 852 − 34 − 8 − 64 = 746.
        #expect(sameRect(rig.rect("background"), Rect(x: 12, y: 746, width: 369, height: 64)))
        #expect(rig.value("background", "radius") == 18)
        #expect(rig.value("background", "shadowOpacity") == 0.18)
        // Inner padding 10: the artwork at 22, centred in the bar: 746 + (64 − 46) / 2 = 755.
        #expect(sameRect(rig.rect("art"), Rect(x: 22, y: 755, width: 46, height: 46)))
        #expect(rig.value("art", "radius") == 10)
        // Play 44 × 44 at the trailing inner edge: 381 − 10 − 44 = 327, y = 746 + 10 = 756.
        #expect(sameRect(rig.rect("miniPlay"), Rect(x: 327, y: 756, width: 44, height: 44)))
        // The lines at 22 + 46 + 12 = 80; their stack 18 + 1 + 14.333 = 33.333 tall, centred on 778:
        // 778 − 16.667 = 761.333, the subtitle at 761.333 + 18 + 1 = 780.333.
        let title = try #require(rig.rect("miniTitle"))
        let subtitle = try #require(rig.rect("miniSubtitle"))
        #expect(title.x == 80 && subtitle.x == 80)
        #expect(abs(title.y - 761.3333333) < 1e-6 && title.height == 18)
        #expect(abs(subtitle.y - 780.3333333) < 1e-6 && abs(subtitle.height - 14.3333333) < 1e-6)
        // One line each, as wide as the text (well under the room: 349 − 44 − 12 − 46 − 24 = 223), rounded up to
        // the next third of a point as measured text is: 104.498 → 104.667 and 86.742 → 87.
        let titleFont = Font(size: 15, weight: .semibold), subtitleFont = Font(size: 12)
        #expect(abs(title.width - Self.onPixelGrid(Self.metrics.width(of: "Midnight Drive", font: titleFont))) < 1e-9)
        #expect(abs(subtitle.width - Self.onPixelGrid(Self.metrics.width(of: "The Night Owls", font: subtitleFont)))
            < 1e-9)
        #expect(abs(title.width - 314.0 / 3) < 1e-9 && subtitle.width == 87)
        // The content's bottom padding: 64 + 16.
        #expect(rig.value("content", "bottomPadding") == 80)
    }

    @Test func theOpenPlayerOnA393By852PhoneStacksItsPartsTwentyFourApart() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        // The background fills the screen, square-cornered.
        #expect(sameRect(rig.rect("background"), Rect(x: 0, y: 0, width: 393, height: 852)))
        #expect(rig.value("background", "radius") == 0)
        // The column: x 28, w 393 − 56 = 337, from 59 + 8 = 67. The chevron is the full width, 44 tall.
        #expect(sameRect(rig.rect("chevron"), Rect(x: 28, y: 67, width: 337, height: 44)))
        // The others take 44 + (26.333 + 6 + 20.333) + 4 + 44 + 5 × 24 = 264.667 of the 818 − 67 = 751; the art
        // gets min(337, 360, 486.333) = 337, at 67 + 44 + 24 = 135.
        #expect(sameRect(rig.rect("art"), Rect(x: 28, y: 135, width: 337, height: 337)))
        #expect(rig.value("art", "radius") == 28)
        // The lines at 135 + 337 + 24 = 496, centred on 196.5; the subtitle 26.333 + 6 lower.
        // Each as wide as its text, rounded up to the next third of a point: 150.562 → 150.667, 116.842 → 117.
        let titleWidth = Self.onPixelGrid(Self.metrics.width(of: "Midnight Drive", font: Font(size: 22, weight: .bold)))
        let subtitleWidth = Self.onPixelGrid(Self.metrics.width(of: "The Night Owls", font: Font(size: 17)))
        #expect(abs(titleWidth - 452.0 / 3) < 1e-9 && subtitleWidth == 117)
        #expect(sameRect(rig.rect("title"), Rect(x: 196.5 - titleWidth / 2, y: 496, width: titleWidth,
                                                 height: 79.0 / 3), 1e-9))
        #expect(sameRect(rig.rect("subtitle"), Rect(x: 196.5 - subtitleWidth / 2, y: 496 + 79.0 / 3 + 6,
                                                    width: subtitleWidth, height: 61.0 / 3), 1e-9))
        // Progress at 496 + 52.667 + 24 = 572.667, 4 tall; the transport 4 + 24 lower, at 600.667.
        #expect(sameRect(rig.rect("progress"), Rect(x: 28, y: 496 + 158.0 / 3 + 24, width: 337, height: 4), 1e-9))
        // 44 + 44 + 44 + 44 + 44 = 220 wide, centred: 196.5 − 110 = 86.5, then 174.5 and 262.5.
        let y = 496 + 158.0 / 3 + 24 + 4 + 24
        #expect(sameRect(rig.rect("previous"), Rect(x: 86.5, y: y, width: 44, height: 44), 1e-9))
        #expect(sameRect(rig.rect("play"), Rect(x: 174.5, y: y, width: 44, height: 44), 1e-9))
        #expect(sameRect(rig.rect("next"), Rect(x: 262.5, y: y, width: 44, height: 44), 1e-9))
    }

    @Test func sidewaysOnA852By393PhoneTheArtTakesOnlyTheRoomTheOthersLeave() throws {
        let environment = PieceEnvironment(size: Size(width: 852, height: 393),
                                           safeArea: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59))
        let rig = try MiniPlayerRig(environment: environment)
        // Bar: x 59 + 12 = 71, w 852 − 118 − 24 = 710, y 393 − 21 − 8 − 64 = 300.
        #expect(sameRect(rig.rect("background"), Rect(x: 71, y: 300, width: 710, height: 64)))
        #expect(sameRect(rig.rect("art"), Rect(x: 81, y: 309, width: 46, height: 46)))
        // Play: 71 + 710 − 10 − 44 = 727.
        #expect(sameRect(rig.rect("miniPlay"), Rect(x: 727, y: 310, width: 44, height: 44)))
        try rig.open()
        // Column x 59 + 28 = 87, w 852 − 118 − 56 = 678, from 8 to 372 (364 tall). The art gets
        // 364 − 264.667 = 99.333, centred on 87 + 339 = 426, at 8 + 44 + 24 = 76.
        #expect(sameRect(rig.rect("art"), Rect(x: 426 - 149.0 / 3, y: 76, width: 298.0 / 3, height: 298.0 / 3), 1e-9))
        #expect(sameRect(rig.rect("chevron"), Rect(x: 87, y: 8, width: 678, height: 44)))
        // Transport at 76 + 99.333 + 24 + 52.667 + 24 + 4 + 24 = 304, centred: 426 − 110 = 316.
        #expect(sameRect(rig.rect("previous"), Rect(x: 316, y: 304, width: 44, height: 44), 1e-9))
        #expect(sameRect(rig.rect("next"), Rect(x: 492, y: 304, width: 44, height: 44), 1e-9))
    }

    @Test func onAWideScreenTheArtStopsAt360() throws {
        let environment = PieceEnvironment(size: Size(width: 820, height: 1180),
                                           safeArea: EdgeInsets(top: 24, bottom: 20))
        let rig = try MiniPlayerRig(environment: environment)
        try rig.open()
        // Column 820 − 56 = 764 wide from 28; min(764, 360, 1128 − 264.667) = 360, centred on 410: x 230, y 32 + 68.
        #expect(sameRect(rig.rect("art"), Rect(x: 230, y: 100, width: 360, height: 360)))
    }

    @Test func rightToLeftMirrorsTheBarAndThePlayer() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(layoutDirection: .rightToLeft))
        // The artwork at the right: 393 − 22 − 46 = 325; play at the left: 393 − 327 − 44 = 22.
        #expect(sameRect(rig.rect("art"), Rect(x: 325, y: 755, width: 46, height: 46)))
        #expect(sameRect(rig.rect("miniPlay"), Rect(x: 22, y: 756, width: 44, height: 44)))
        let title = try #require(rig.rect("miniTitle"))
        // The lines end 80 from the right edge.
        #expect(abs(title.maxX - (393 - 80)) < 1e-9)
        try rig.open()
        // Previous on the right: 393 − 86.5 − 44 = 262.5; next on the left at 86.5.
        #expect(rig.rect("previous")?.x == 262.5)
        #expect(rig.rect("next")?.x == 86.5)
    }

    @Test func dynamicTypeScalesTheBarWithSubheadline() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(dynamicTypeSize: .xxxLarge))
        // Subheadline's line spacing goes 20 → 26 at xxxLarge: 64 × 26/20 = 83.2 → 249.6 px → 250 px = 83.333;
        // the artwork 46 × 26/20 = 59.8 → 179.4 px → 179 px = 59.667.
        let bar = try #require(rig.rect("background"))
        #expect(abs(bar.height - 250.0 / 3) < 1e-9)
        #expect(abs(bar.y - (852 - 34 - 8 - 250.0 / 3)) < 1e-9)
        #expect(abs((rig.rect("art")?.width ?? 0) - 179.0 / 3) < 1e-9)
        // The lines: subheadline 21 → 25.06 → 25.333, caption 18 → 21.48 → 21.667.
        #expect(abs((rig.rect("miniTitle")?.height ?? 0) - 76.0 / 3) < 1e-9)
        #expect(abs((rig.rect("miniSubtitle")?.height ?? 0) - 65.0 / 3) < 1e-9)
        // The content's padding follows the scaled bar height: 83.333 + 16.
        #expect(abs((rig.value("content", "bottomPadding") ?? 0) - (250.0 / 3 + 16)) < 1e-9)
    }

    @Test func atTheLargestSizeTheButtonsOutgrowTheTouchTarget() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(dynamicTypeSize: .accessibility5))
        // Bar: 64 × 58/20 = 185.6 → 556.8 px → 557 px = 185.667.
        #expect(abs((rig.rect("background")?.height ?? 0) - 557.0 / 3) < 1e-9)
        // Play in title3 at 55 pt: one line of it, 55 × 2444/2048 = 65.635, past 44.
        let play = try #require(rig.rect("miniPlay"))
        #expect(abs(play.width - 55 * 2444.0 / 2048) < 1e-9)
        try rig.open()
        // The chevron in largeTitle at 60 pt: 60 × 2444/2048 = 71.602 tall.
        #expect(abs((rig.rect("chevron")?.height ?? 0) - 60 * 2444.0 / 2048) < 1e-9)
    }

    @Test func aLongTitleTakesTwoLinesOpenAndIsCutShortInTheBar() throws {
        let long = "A Very Long Title That Cannot Possibly Fit On One Line Of The Player"
        let rig = try MiniPlayerRig(tracks: [MockPlayer.Track(title: long, artist: "The Night Owls", duration: 200)])
        // Bar room: 349 − 44 − 12 (play) − 46 − 12 − 12 (art, gaps either side of the spacer) = 223. The line is
        // cut at its tail to the longest start that fits with "…", and is as wide as that, not as the room.
        let barFont = Font(size: 15, weight: .semibold)
        let cut = Self.tailTruncated(long, room: 223, font: barFont)
        #expect(cut.hasPrefix("A Very Long Title That") && cut.hasSuffix("…"))
        let barWidth = Self.onPixelGrid(Self.metrics.width(of: cut, font: barFont))
        #expect(barWidth < 223)
        #expect(abs((rig.rect("miniTitle")?.width ?? 0) - barWidth) < 1e-9)
        #expect(rig.stage.latestFrame?["miniPlayer", "miniTitle"]?.attribute("truncated") == .bool(true))
        try rig.open()
        // Two lines of 26.333, wrapped at spaces (SwiftUI wraps at words), as wide as the wider line, centred on
        // 196.5. The others now take 44 + (52.667 + 6 + 20.333) + 4 + 44 + 120 = 291 of 751, so the art is still
        // min(337, 360, 460) = 337 and the title starts at 135 + 337 + 24 = 496.
        let titleFont = Font(size: 22, weight: .bold)
        let first = Self.firstLine(long, room: 337, font: titleFont)
        let rest = String(long.dropFirst(first.count + 1))
        let second = Self.metrics.width(of: rest, font: titleFont) <= 337
            ? rest : Self.tailTruncated(rest, room: 337, font: titleFont)
        let wide = Self.onPixelGrid(max(Self.metrics.width(of: first, font: titleFont),
                                        Self.metrics.width(of: second, font: titleFont)))
        #expect(wide < 337)
        #expect(sameRect(rig.rect("title"), Rect(x: 196.5 - wide / 2, y: 496, width: wide, height: 158.0 / 3), 1e-9))
        #expect(rig.stage.latestFrame?["miniPlayer", "title"]?.attribute("lines") == .number(2))
    }

    /// Rounded up to the next third of a point (the 3x pixel grid measured text lands on).
    static func onPixelGrid(_ x: Double) -> Double { (x * 3 - 1e-9).rounded(.up) / 3 }

    /// The longest start of `text` that fits in `room` with an ellipsis after it, and the ellipsis (tail truncation).
    static func tailTruncated(_ text: String, room: Double, font: Font) -> String {
        var start = text
        while !start.isEmpty, metrics.width(of: start + "…", font: font) > room { start.removeLast() }
        return start + "…"
    }

    /// The most whole words of `text` that fit in `room` on one line.
    static func firstLine(_ text: String, room: Double, font: Font) -> String {
        var line = ""
        for word in text.split(separator: " ") {
            let next = line.isEmpty ? String(word) : line + " " + word
            if metrics.width(of: next, font: font) > room { break }
            line = next
        }
        return line
    }
}
