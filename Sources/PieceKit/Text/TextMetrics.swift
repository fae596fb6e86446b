import Foundation

/// Font metrics for headless text layout: line heights from the font's vertical metrics and line widths from
/// per-glyph advance tables.
///
/// The value is a table, not a font engine, so a test or a plugin can swap in its own (`TextMetrics(...)` with other
/// numbers). `systemFont` is San Francisco as iOS uses it, built from `shared/reference/sf-metrics.json`.
///
/// What it does not model: pair kerning (it shortens typical prose by about 0.6%), ligatures, line breaking, and
/// shaping of scripts outside printable ASCII (those get the estimates described at `width(of:font:)`).
public struct TextMetrics: Sendable {
    /// Font units per em; every other vertical number and every advance table is in these units.
    public var unitsPerEm: Double
    public var ascenderUnits: Double
    /// Below the baseline, so negative.
    public var descenderUnits: Double
    public var lineGapUnits: Double
    public var capHeightUnits: Double
    public var xHeightUnits: Double
    /// Advance tables for printable ASCII at some weights and sizes. Anything in between is derived (see `advance`).
    public var advanceTables: [AdvanceTable] {
        didSet { tableIndex = TableIndex(advanceTables) }
    }
    /// The tables sorted by weight and size once, not per glyph: text is measured on every layout.
    private var tableIndex: TableIndex
    /// The font's built-in tracking by point size. Only used to carry a text-size table to another text size.
    public var tracking: [TrackingPoint]
    /// Sizes at or above this use the display optical size, whose glyphs are narrower per em than the text size's.
    public var displaySizeThreshold: Double

    public init(unitsPerEm: Double, ascenderUnits: Double, descenderUnits: Double, lineGapUnits: Double = 0,
                capHeightUnits: Double, xHeightUnits: Double, advanceTables: [AdvanceTable],
                tracking: [TrackingPoint] = [], displaySizeThreshold: Double = 20) {
        self.unitsPerEm = unitsPerEm
        self.ascenderUnits = ascenderUnits
        self.descenderUnits = descenderUnits
        self.lineGapUnits = lineGapUnits
        self.capHeightUnits = capHeightUnits
        self.xHeightUnits = xHeightUnits
        self.advanceTables = advanceTables
        tableIndex = TableIndex(advanceTables)
        self.tracking = tracking.sorted { $0.size < $1.size }
        self.displaySizeThreshold = displaySizeThreshold
    }

    /// San Francisco on iOS (`.SFUI`): ascender 1950, descender −494, no line gap, 2048 units per em; advances for
    /// regular at 12, 13, 17, 20 and 32 pt, semibold at 17, 20 and 32 pt, and bold at 17 pt.
    public static let systemFont = TextMetrics(
        unitsPerEm: 2048, ascenderUnits: 1950, descenderUnits: -494, lineGapUnits: 0,
        capHeightUnits: 1443, xHeightUnits: 1078,
        advanceTables: sfProAdvanceTables, tracking: sfProTracking, displaySizeThreshold: 20)

    // MARK: Vertical metrics

    /// `UIFont.lineHeight`: ascender plus descender plus line gap, at the font's size (17 pt → 20.287109375).
    ///
    /// Not rounded. The exact value is what UIKit reports and what the seeds feed into their own rounding (the
    /// NowPlaying piece takes `ceil` of it to whole points); rounding here would round twice. `lineBoxHeight` gives
    /// the pixel-grid box a single label line occupies.
    public func lineHeight(for font: Font) -> Double {
        font.size * (ascenderUnits - descenderUnits + lineGapUnits) / unitsPerEm
    }

    /// The height of one line's box on the pixel grid, `ceil(lineHeight)` in device pixels, as UIKit lays out a
    /// single-line label (17 pt → 20.333 at @3x). SwiftUI's `Text` is assumed to match (not measured).
    public func lineBoxHeight(for font: Font, displayScale: Double = DynamicType.defaultDisplayScale) -> Double {
        let h = lineHeight(for: font)
        guard displayScale > 0, displayScale.isFinite else { return h }
        return (h * displayScale).rounded(.up) / displayScale
    }

    /// Baseline to the top of the line box.
    public func ascender(for font: Font) -> Double { font.size * ascenderUnits / unitsPerEm }

    /// Baseline to the bottom of the line box; negative, as UIKit reports it.
    public func descender(for font: Font) -> Double { font.size * descenderUnits / unitsPerEm }

    public func capHeight(for font: Font) -> Double { font.size * capHeightUnits / unitsPerEm }

    public func xHeight(for font: Font) -> Double { font.size * xHeightUnits / unitsPerEm }

    // MARK: Widths

    /// The advance width of `text` set on one line in `font`, in points, without kerning and unrounded ("Hello" at
    /// 17 pt regular → 38.814453125).
    ///
    /// Each grapheme cluster that is one printable ASCII character takes its advance (see `advance(of:font:)`), as
    /// does one that adds combining marks to such a character. Anything else is estimated from its first scalar:
    /// - controls, format characters and line or paragraph separators take no room (one line is measured, so a
    ///   newline or tab adds nothing), and combining marks ride on the character before them;
    /// - other space separators (such as the no-break space) take the width of a space;
    /// - East Asian wide and fullwidth characters, and emoji shown as emoji, take one em;
    /// - everything else (accented Latin, Greek, Cyrillic, Arabic, Hebrew …) takes the mean advance of `a` to `z`
    ///   at that font, since those letters are about as wide as lowercase Latin.
    public func width(of text: String, font: Font) -> Double {
        var total = 0.0
        var lowercaseMean: Double?
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            // An ASCII letter carrying combining marks keeps its own advance; a keycap or other emoji sequence
            // (marked by U+FE0F or U+20E3) falls through to the estimates.
            let emojiSequence = scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
            if let index = Self.asciiIndex(first), scalars.count == 1 || !emojiSequence {
                total += advance(index: index, font: font)
                continue
            }
            switch Self.fallbackClass(of: character, first: first) {
            case .none:
                break
            case .space:
                total += advance(index: 0, font: font)
            case .wide:
                total += font.size
            case .letter:
                if lowercaseMean == nil { lowercaseMean = meanLowercaseAdvance(font: font) }
                total += lowercaseMean ?? 0
            }
        }
        return total
    }

    /// The advance of one printable ASCII character, or nil for anything else.
    ///
    /// Where a table exists for the font's weight and size it is used as is. Otherwise:
    /// - below `displaySizeThreshold` (text optical size), the weight's smallest text-size table is taken back to its
    ///   untracked width per em, scaled to the size, and the size's own tracking added (the reference's model, good to
    ///   0.04 pt per glyph between 12 and 19 pt);
    /// - at or above it (display optical size), the width per em is interpolated linearly in point size between the
    ///   weight's display tables, and held at the nearest table outside them;
    /// - a weight with no table of its own is blended linearly by weight number between the nearest lighter and
    ///   heavier weights that have tables (medium is half regular, half semibold), or takes the nearest one when it
    ///   has tables on one side only. This is a guess; the reference has no medium, light or heavy tables.
    /// With `monospacedDigits`, every digit takes the advance of `0`: a guess, since SF's tabular figures share one
    /// width and `0` already has it in the proportional tables (it equals `#`, `$` and `+`).
    public func advance(of character: Character, font: Font) -> Double? {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let first = scalars.first, let index = Self.asciiIndex(first) else { return nil }
        return advance(index: index, font: font)
    }

    /// Advance of the glyph at `index` into the printable ASCII tables (0 is the space).
    func advance(index rawIndex: Int, font: Font) -> Double {
        let zero = 0x30 - 0x20, nine = 0x39 - 0x20
        let index = font.monospacedDigits && (zero...nine).contains(rawIndex) ? zero : rawIndex
        let weights = tableIndex.weights
        if weights.contains(font.weight) {
            return advance(index: index, weight: font.weight, size: font.size)
        }
        let lighter = weights.last { $0 < font.weight }
        let heavier = weights.first { $0 > font.weight }
        switch (lighter, heavier) {
        case let (low?, high?):
            let t = (font.weight.value - low.value) / (high.value - low.value)
            let a = advance(index: index, weight: low, size: font.size)
            let b = advance(index: index, weight: high, size: font.size)
            return a + (b - a) * t
        case let (low?, nil):
            return advance(index: index, weight: low, size: font.size)
        case let (nil, high?):
            return advance(index: index, weight: high, size: font.size)
        case (nil, nil):
            // No tables at all: half an em, the usual rule of thumb for proportional text.
            return font.size * 0.5
        }
    }

    /// Advance for a weight that has at least one table.
    private func advance(index: Int, weight: FontWeight, size: Double) -> Double {
        let tables = tableIndex.tables[weight] ?? []
        if let exact = tables.first(where: { $0.size == size }) {
            return exact.points(index)
        }
        let text = tables.filter { $0.size < displaySizeThreshold }
        let display = tables.filter { $0.size >= displaySizeThreshold }
        if size < displaySizeThreshold, let base = text.first {
            return size * untrackedUnits(base, index) / unitsPerEm + trackingPoints(at: size)
        }
        if let units = displayUnits(index: index, weight: weight, size: size, tables: display) {
            return size * units / unitsPerEm
        }
        // Display size, but this weight has text tables only.
        if let base = text.last {
            return size * untrackedUnits(base, index) / unitsPerEm
        }
        return size * 0.5
    }

    /// Width per em (in font units) at a display size, from this weight's display tables or, when it has none, from
    /// the nearest weight that has some, scaled glyph by glyph by how much wider this weight is at text sizes. The
    /// second case (bold above 20 pt) is a guess.
    private func displayUnits(index: Int, weight: FontWeight, size: Double, tables: [AdvanceTable]) -> Double? {
        if let first = tables.first, let last = tables.last {
            if size <= first.size { return first.units(index) }
            if size >= last.size { return last.units(index) }
            for (a, b) in zip(tables, tables.dropFirst()) where size >= a.size && size <= b.size {
                let t = (size - a.size) / (b.size - a.size)
                return a.units(index) + (b.units(index) - a.units(index)) * t
            }
            return last.units(index)
        }
        let withDisplay = Set(advanceTables.filter { $0.size >= displaySizeThreshold }.map(\.weight))
        let donor = withDisplay.min { abs($0.value - weight.value) < abs($1.value - weight.value) }
        guard let donor else { return nil }
        let donorTables = advanceTables.filter { $0.weight == donor }.sorted { $0.size < $1.size }
        let donorDisplay = donorTables.filter { $0.size >= displaySizeThreshold }
        guard let units = displayUnits(index: index, weight: donor, size: size, tables: donorDisplay) else { return nil }
        let ownText = advanceTables.filter { $0.weight == weight && $0.size < displaySizeThreshold }
            .min { $0.size < $1.size }
        let donorText = donorTables.first { $0.size < displaySizeThreshold && $0.size == ownText?.size }
            ?? donorTables.first { $0.size < displaySizeThreshold }
        guard let ownText, let donorText else { return units }
        let ratio = untrackedUnits(ownText, index) / untrackedUnits(donorText, index)
        return ratio.isFinite && ratio > 0 ? units * ratio : units
    }

    /// A table's advance with its size's tracking taken out, in font units.
    private func untrackedUnits(_ table: AdvanceTable, _ index: Int) -> Double {
        guard table.size > 0 else { return table.units(index) }
        return table.units(index) - trackingPoints(at: table.size) * unitsPerEm / table.size
    }

    /// The built-in tracking at a size in points, linear between tabled sizes and held at the ends.
    func trackingPoints(at size: Double) -> Double {
        guard let first = tracking.first, let last = tracking.last else { return 0 }
        if size <= first.size { return first.points }
        if size >= last.size { return last.points }
        for (a, b) in zip(tracking, tracking.dropFirst()) where size >= a.size && size <= b.size {
            guard b.size > a.size else { return a.points }
            return a.points + (b.points - a.points) * (size - a.size) / (b.size - a.size)
        }
        return last.points
    }

    private func meanLowercaseAdvance(font: Font) -> Double {
        let a = 0x61 - 0x20
        let letters = (a..<(a + 26)).map { advance(index: $0, font: font) }
        return letters.reduce(0, +) / Double(letters.count)
    }

    // MARK: Characters outside the tables

    private enum FallbackClass { case none, space, wide, letter }

    private static func asciiIndex(_ scalar: Unicode.Scalar) -> Int? {
        (0x20...0x7E).contains(scalar.value) ? Int(scalar.value) - 0x20 : nil
    }

    private static func fallbackClass(of character: Character, first: Unicode.Scalar) -> FallbackClass {
        let properties = first.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
             .spacingMark, .surrogate, .unassigned:
            return .none
        case .spaceSeparator:
            return .space
        default:
            break
        }
        let emoji = properties.isEmojiPresentation
            || (properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 })
        return emoji || isWide(first.value) ? .wide : .letter
    }

    /// East Asian wide and fullwidth blocks: Hangul jamo, CJK radicals through Yi, Hangul syllables, compatibility
    /// ideographs, vertical and fullwidth forms, and the supplementary ideograph planes.
    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
    }
}

/// The advance tables grouped for lookup: the weights that have tables, lightest first, and each weight's
/// tables, smallest size first.
private struct TableIndex: Sendable {
    let weights: [FontWeight]
    let tables: [FontWeight: [AdvanceTable]]

    init(_ all: [AdvanceTable]) {
        var grouped: [FontWeight: [AdvanceTable]] = [:]
        for table in all { grouped[table.weight, default: []].append(table) }
        for weight in grouped.keys { grouped[weight]?.sort { $0.size < $1.size } }
        tables = grouped
        weights = grouped.keys.sorted()
    }
}

/// Advances for the 95 printable ASCII characters (U+0020 … U+007E, in order) at one weight and size, in font units.
public struct AdvanceTable: Sendable, Equatable {
    public var weight: FontWeight
    public var size: Double
    /// Font units, `advance × unitsPerEm / size`; 95 entries. A missing entry reads as zero.
    public var units: [Double]
    /// The units per em the entries are in.
    public var unitsPerEm: Double

    public init(weight: FontWeight, size: Double, units: [Double], unitsPerEm: Double = 2048) {
        self.weight = weight
        self.size = size
        self.units = units
        self.unitsPerEm = unitsPerEm
    }

    func units(_ index: Int) -> Double {
        units.indices.contains(index) ? units[index] : 0
    }

    func points(_ index: Int) -> Double {
        size * units(index) / unitsPerEm
    }
}

/// One row of a tracking table: the letter spacing the font builds in at a point size.
public struct TrackingPoint: Sendable, Equatable {
    public var size: Double
    public var points: Double
    public init(size: Double, points: Double) {
        self.size = size
        self.points = points
    }
}
