import Testing
@testable import PieceKit

@Suite struct TextDynamicTypeTests {
    @Test func pointSizesFollowTheHIGTable() {
        #expect(DynamicType.size(.body, .large) == 17)
        #expect(DynamicType.size(.body, .accessibility5) == 53)
        #expect(DynamicType.size(.caption2, .accessibility5) == 40)
        #expect(DynamicType.size(.title, .accessibility4) == 53)
        #expect(DynamicType.size(.footnote, .xSmall) == 12)
        #expect(Font.system(.largeTitle, dynamicTypeSize: .accessibility3).size == 52)
    }

    @Test func headlineIsSemiboldByDefaultAndOthersRegular() {
        #expect(Font.system(.headline).weight == .semibold)
        #expect(Font.system(.subheadline).weight == .regular)
        #expect(Font.system(.subheadline, weight: .semibold).weight == .semibold)
    }

    @Test func scaledMetricIsUnchangedAtLarge() {
        for style in TextStyle.allCases {
            #expect(DynamicType.scaled(44, relativeTo: style, .large) == 44)
        }
    }

    @Test func scaledBodyAtMediumIsSixteenAndAThird() {
        // 17 × 21/22 = 16.227…; × 3 = 48.68 → 49 pixels → 16.333…, as measured (not 17 × 16/17 = 16).
        #expect(DynamicType.scaled(17, relativeTo: .body, .medium) == 49.0 / 3.0)
        #expect(DynamicType.scaled(17, relativeTo: .body, .medium, displayScale: 0) == 17.0 * 21.0 / 22.0)
    }

    @Test func scaledMetricsAtAccessibilitySizes() {
        // body AX5: 44 × 62/22 = 124 exactly.
        #expect(DynamicType.scaled(44, relativeTo: .body, .accessibility5) == 124)
        // subheadline AX5: 44 × 58/20 = 127.6; × 3 = 382.8 → 383 → 127.666…
        #expect(DynamicType.scaled(44, relativeTo: .subheadline, .accessibility5) == 383.0 / 3.0)
        // subheadline AX5: 15 × 58/20 = 43.5; × 3 = 130.5, a tie, rounds up → 131 → 43.666…
        #expect(DynamicType.scaled(15, relativeTo: .subheadline, .accessibility5) == 131.0 / 3.0)
        // footnote AX3: 13 × 40/18 = 28.888…; × 3 = 86.67 → 87 → 29.
        #expect(DynamicType.scaled(13, relativeTo: .footnote, .accessibility3) == 29)
        // title2 AX1: 22 × 41/28 = 32.214…; × 3 = 96.64 → 97 → 32.333…
        #expect(DynamicType.scaled(22, relativeTo: .title2, .accessibility1) == 97.0 / 3.0)
    }

    @Test func scaleFactorIsTheRatioOfLineSpacingNotOfSize() {
        #expect(DynamicType.scaleFactor(.body, .accessibility5) == 62.0 / 22.0)
        // headline AX4 uses the measured 51, not the HIG's 56.
        #expect(DynamicType.scaleFactor(.headline, .accessibility4) == 51.0 / 22.0)
        #expect(DynamicType.leading(.headline, .accessibility4) == 56)
    }

    @Test func everyStyleGrowsWithTheCategory() {
        for style in TextStyle.allCases {
            let sizes = DynamicTypeSize.allCases.map { DynamicType.size(style, $0) }
            #expect(sizes == sizes.sorted(), "\(style)")
        }
    }
}
