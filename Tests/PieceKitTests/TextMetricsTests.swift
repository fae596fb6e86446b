import Testing
@testable import PieceKit

@Suite struct TextMetricsTests {
    let metrics = TextMetrics.systemFont

    @Test func lineHeightIsTheFontsAscenderPlusDescender() {
        // 17 × 2444 / 2048 = 41548 / 2048, and the other measured sizes in sf-metrics.json.
        #expect(metrics.lineHeight(for: .system(size: 17)) == 20.287109375)
        #expect(metrics.lineHeight(for: .system(size: 13)) == 15.513671875)
        #expect(metrics.lineHeight(for: .system(size: 22)) == 26.25390625)
        #expect(metrics.lineHeight(for: .system(size: 15, weight: .semibold)) == 17.900390625)
    }

    @Test func bodyAtLargeIsSeventeenPointsOnTwentyPointTwoEightSevenLines() {
        let body = Font.system(.body)
        #expect(body.size == 17)
        #expect(body.weight == .regular)
        #expect(metrics.lineHeight(for: body) == 20.287109375)
    }

    @Test func lineBoxRoundsUpToTheNextPixel() {
        // 20.287109375 × 3 = 60.86… → 61 pixels; 15 pt: 17.900390625 × 3 = 53.7… → 54 → 18.
        #expect(metrics.lineBoxHeight(for: .system(size: 17)) == 61.0 / 3.0)
        #expect(metrics.lineBoxHeight(for: .system(size: 15)) == 18)
        #expect(metrics.lineBoxHeight(for: .system(size: 17), displayScale: 2) == 20.5)
    }

    @Test func verticalMetricsScaleWithSize() {
        let f = Font.system(size: 17)
        #expect(metrics.ascender(for: f) == 16.1865234375)
        #expect(metrics.descender(for: f) == -4.1005859375)
        #expect(metrics.capHeight(for: f) == 11.97802734375)
    }

    @Test func helloAtSeventeenPointRegularMatchesTheMeasuredLabel() {
        #expect(metrics.width(of: "Hello", font: .system(size: 17)) == 38.814453125)
    }

    @Test func pangramSumsTheTableWithoutKerning() {
        let w = metrics.width(of: "The quick brown fox jumps over the lazy dog", font: .system(size: 17))
        #expect(abs(w - 340.98779296875) < 1e-9)
    }

    @Test func textSizesBetweenTablesScaleTheTwelvePointTableAndAddTracking() {
        // "a" is 1130 units at 12 pt (no tracking there); at 15 pt: 15 × 1130 / 2048 − 0.23 = 8.0463671875.
        let a = metrics.width(of: "a", font: .system(size: 15))
        #expect(abs(a - 8.0463671875) < 1e-12)
    }

    @Test func textSizeModelReproducesTheMeasuredSeventeenPointTable() {
        // Drop the 17 pt regular table and derive it from 12 pt: the reference promises ≤ 0.0016 pt per glyph.
        var derived = metrics
        derived.advanceTables.removeAll { $0.weight == .regular && $0.size == 17 }
        let font = Font.system(size: 17)
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) {
            let c = Character(scalar)
            let measured = metrics.advance(of: c, font: font) ?? 0
            let model = derived.advance(of: c, font: font) ?? 0
            #expect(abs(measured - model) < 0.002, "\(c)")
        }
    }

    @Test func displaySizesInterpolateWidthPerEmBetweenTables() {
        // 26 pt is halfway from 20 to 32: units are the mean of the two tables', times 26 / 2048.
        let n = 0x6E - 0x20
        let tables = metrics.advanceTables.filter { $0.weight == .regular }
        let u20 = tables.first { $0.size == 20 }?.units(n) ?? 0
        let u32 = tables.first { $0.size == 32 }?.units(n) ?? 0
        let expected = 26 * (u20 + u32) / 2 / 2048
        #expect(abs(metrics.width(of: "n", font: .system(size: 26)) - expected) < 1e-9)
        // Past the last table the width per em holds: 64 pt is twice 32 pt.
        let at32 = metrics.width(of: "n", font: .system(size: 32))
        #expect(abs(metrics.width(of: "n", font: .system(size: 64)) - 2 * at32) < 1e-9)
    }

    @Test func displayOpticalSizeIsNarrowerPerEmThanText() {
        let text = metrics.width(of: "Hello", font: .system(size: 19)) / 19
        let display = metrics.width(of: "Hello", font: .system(size: 20)) / 20
        #expect(display < text)
    }

    @Test func heavierWeightsAreWider() {
        let s = "Slow Mornings"
        let regular = metrics.width(of: s, font: .system(size: 17))
        let medium = metrics.width(of: s, font: .system(size: 17, weight: .medium))
        let semibold = metrics.width(of: s, font: .system(size: 17, weight: .semibold))
        let bold = metrics.width(of: s, font: .system(size: 17, weight: .bold))
        #expect(regular < medium && medium < semibold && semibold < bold)
        // Medium has no table: half way between regular and semibold.
        #expect(abs(medium - (regular + semibold) / 2) < 1e-9)
        // Bold at a display size borrows semibold's display table, so it stays wider than semibold there.
        let bold28 = metrics.width(of: s, font: .system(size: 28, weight: .bold))
        let semibold28 = metrics.width(of: s, font: .system(size: 28, weight: .semibold))
        #expect(bold28 > semibold28)
    }

    @Test func monospacedDigitsAllTakeTheWidthOfZero() {
        let font = Font.system(size: 13, weight: .semibold).monospacedDigit()
        let zero = metrics.width(of: "0", font: font)
        #expect(metrics.width(of: "1", font: font) == zero)
        #expect(metrics.width(of: "1:11", font: font) == metrics.width(of: "0:00", font: font))
        #expect(metrics.width(of: "1", font: .system(size: 13)) < metrics.width(of: "0", font: .system(size: 13)))
    }

    @Test func charactersOutsideAsciiFallBackByKind() {
        let f = Font.system(size: 17)
        let e = metrics.width(of: "e", font: f)
        let space = metrics.width(of: " ", font: f)
        // A combining accent rides on its letter; a precomposed one counts as an average lowercase letter.
        #expect(metrics.width(of: "e\u{301}", font: f) == e)
        let lowercase = "abcdefghijklmnopqrstuvwxyz".map { metrics.advance(of: $0, font: f) ?? 0 }
        #expect(abs(metrics.width(of: "é", font: f) - lowercase.reduce(0, +) / 26) < 1e-9)
        // East Asian wide characters and emoji take an em each; controls take nothing; a no-break space is a space.
        #expect(metrics.width(of: "日本", font: f) == 34)
        #expect(metrics.width(of: "🎵", font: f) == 17)
        #expect(metrics.width(of: "1\u{FE0F}\u{20E3}", font: f) == 17)
        #expect(metrics.width(of: "a\nb", font: f) == metrics.width(of: "ab", font: f))
        #expect(metrics.width(of: "\u{00A0}", font: f) == space)
        #expect(metrics.width(of: "", font: f) == 0)
    }

    @Test func aReplacedTableIsUsedAsIs() {
        let mono = TextMetrics(unitsPerEm: 1000, ascenderUnits: 800, descenderUnits: -200, capHeightUnits: 700,
                               xHeightUnits: 500,
                               advanceTables: [AdvanceTable(weight: .regular, size: 10,
                                                            units: Array(repeating: 600, count: 95), unitsPerEm: 1000)])
        #expect(mono.lineHeight(for: .system(size: 10)) == 10)
        #expect(mono.width(of: "abc", font: .system(size: 10)) == 18)
        // No tracking table: other text sizes scale the table per em.
        #expect(mono.width(of: "abc", font: .system(size: 15)) == 27)
    }
}
