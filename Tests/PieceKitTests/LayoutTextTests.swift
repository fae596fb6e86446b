import Testing
@testable import PieceKit

/// Text in the engine: wrapping, truncation, ideal size and the pixel grid. Widths come from the text metrics' width
/// of each line written down here (the lines themselves are chosen by hand); heights are whole line boxes.
@Suite struct LayoutTextTests {
    let metrics = TextMetrics.systemFont
    let body = Font.system(.body)
    /// Body at Large is 17 pt: line height 17 × (1950 + 494) / 2048 = 20.2871…; on the @3x grid
    /// ceil(20.2871 × 3) / 3 = 61 / 3 = 20.333….
    let line = 61.0 / 3

    /// Rounded up to the @3x grid.
    func grid(_ x: Double) -> Double { (x * 3).rounded(.up) / 3 }

    @Test func lineBoxIsTheHandComputedOne() {
        #expect(abs(metrics.lineBoxHeight(for: body) - line) < 1e-9)
    }

    @Test func textWrapsAtSpacesAndAnswersItsWidestLine() {
        let first = metrics.width(of: "Hello there", font: body)
        let whole = metrics.width(of: "Hello there world", font: body)
        // A width with room for "Hello there" but not for the whole: the text takes two lines, "Hello there" and
        // "world", and answers the wider, rounded up to the pixel grid, not the width it was offered.
        let offered = first + 1
        #expect(whole > offered)
        let r = laidOut(LayoutView.text("Hello there world").id("t").frame(width: offered))
        let t = r["t"]
        #expect(t?.lines == 2)
        #expect(t?.truncated == false)
        #expect(abs((t?.frame.width ?? 0) - grid(max(first, metrics.width(of: "world", font: body)))) < 1e-9)
        #expect(abs((t?.frame.height ?? 0) - 2 * line) < 1e-9)
    }

    @Test func aLimitThatReservesSpaceKeepsItsLinesOfHeight() {
        // SwiftUI: lineLimit(n, reservesSpace: true) always takes n lines. "x" is one line; reserving 3 it is
        // 3 × 61/3 = 61 tall, and its width is still that of "x". Text with more lines than the limit is cut to it
        // as without reserving; no limit reserves nothing.
        let x = grid(metrics.width(of: "x", font: body))
        let reserved = laidOut(LayoutView.text("x").lineLimit(3, reservesSpace: true).id("t"))["t"]
        #expect(abs((reserved?.frame.height ?? 0) - 3 * line) < 1e-9)
        #expect(abs((reserved?.frame.width ?? 0) - x) < 1e-9)
        #expect(reserved?.lines == 1)
        let cut = laidOut(LayoutView.text("a\nb\nc\nd").lineLimit(3, reservesSpace: true).id("t"))["t"]
        #expect(abs((cut?.frame.height ?? 0) - 3 * line) < 1e-9)
        #expect(cut?.truncated == true)
        let plain = laidOut(LayoutView.text("x").lineLimit(3).id("t"))["t"]
        #expect(abs((plain?.frame.height ?? 0) - line) < 1e-9)
        let unlimited = laidOut(LayoutView.text("x").lineLimit(nil, reservesSpace: true).id("t"))["t"]
        #expect(abs((unlimited?.frame.height ?? 0) - line) < 1e-9)
        // Inherited, as the limit is: a stack's texts each reserve.
        let stack = laidOut(LayoutView.vStack(spacing: 0, [LayoutView.text("a").id("a"), LayoutView.text("b").id("b")])
            .lineLimit(2, reservesSpace: true))
        #expect(abs((stack["a"]?.frame.height ?? 0) - 2 * line) < 1e-9)
        #expect(abs((stack["b"]?.frame.minY ?? 0) - (stack["a"]?.frame.minY ?? 0) - 2 * line) < 1e-9)
    }

    @Test func aLineLimitTruncatesTheLastLineWithAnEllipsis() {
        let first = metrics.width(of: "Hello there", font: body)
        let r = laidOut(LayoutView.text("Hello there world").lineLimit(1).id("t").frame(width: first + 1))
        let t = r["t"]
        #expect(t?.lines == 1)
        #expect(t?.truncated == true)
        #expect(abs((t?.frame.height ?? 0) - line) < 1e-9)
        // The kept line and its ellipsis fit the width offered.
        #expect((t?.frame.width ?? .infinity) <= grid(first + 1))
    }

    @Test func aTextsIdealSizeIsItsUnwrappedLine() {
        let whole = metrics.width(of: "Hello there world", font: body)
        let r = laidOut(LayoutView.text("Hello there world").fixedSize().id("t").frame(width: 40))
        // fixedSize proposes nothing: one line as wide as the whole string, overflowing the 40-wide frame.
        #expect(abs((r["t"]?.frame.width ?? 0) - grid(whole)) < 1e-9)
        #expect(r["t"]?.lines == 1)
    }

    @Test func aNewlineStartsALineEvenUnwrapped() {
        let r = laidOut(LayoutView.text("one\ntwo").fixedSize().id("t"))
        #expect(r["t"]?.lines == 2)
        #expect(abs((r["t"]?.frame.height ?? 0) - 2 * line) < 1e-9)
    }

    @Test func aTextOfferedNoWidthIsNoWide() {
        // An HStack offers the text 0 when the fixed sibling takes everything: the text counts as fully
        // compressible and is 0 wide. 393 − 8 = 385 left after the gap; the 393-wide box takes 393 anyway.
        let view = LayoutView.hStack([
            fill.frame(width: 393, height: 10),
            LayoutView.text("squeezed").id("t"),
        ])
        let r = laidOut(view)
        #expect(r["t"]?.frame.width == 0)
    }

    @Test func aWordWiderThanTheLineIsBrokenBetweenCharacters() {
        let r = laidOut(LayoutView.text("Extraordinarily").id("t").frame(width: 40))
        let t = r["t"]
        #expect((t?.lines ?? 0) > 1)
        #expect((t?.frame.width ?? .infinity) <= 40)
    }

    @Test func aFontModifierReachesTheTextInside() {
        let big = LayoutFont(.fixed(34))
        let r = laidOut(LayoutView.vStack([LayoutView.text("Hi").id("t")]).font(big))
        // 34 pt: line height 34 × 2444 / 2048 = 40.5742…, on the grid ceil(121.72…) / 3 = 122 / 3.
        #expect(abs((r["t"]?.frame.height ?? 0) - 122.0 / 3) < 1e-9)
        #expect(r["t"]?.font == Font(size: 34))
        #expect(r["t"]?.text == "Hi")
    }

    @Test func aSymbolIsAOneLineSquareOfItsFont() {
        let title = Font.system(.title)
        let side = metrics.lineHeight(for: title)
        let r = laidOut(LayoutView.image(systemName: "play.fill").font(LayoutFont(.style(.title))).id("i"))
        #expect(r["i"]?.frame.width == side)
        #expect(r["i"]?.frame.height == side)
        #expect(r["i"]?.symbol == "play.fill")
        // The guess is the MiniPlayer's: the same number for the same font.
        #expect(side == MiniPlayerLayout.symbolSide(title))
    }

    @Test func aMeasuredSymbolBoxWinsOverTheGuess() {
        let title = Font.system(.title)
        let boxes = SymbolBoxes(measured: [SymbolBoxes.Key(symbol: "chevron.down", pointSize: title.size):
                                               Size(width: 30, height: 12)])
        let r = LayoutEngine.layout(LayoutView.image(systemName: "chevron.down").font(LayoutFont(.style(.title)))
            .id("i"), in: phone, symbols: boxes)
        #expect(r["i"]?.frame.size == Size(width: 30, height: 12))
    }
}

@Suite struct LayoutGlassButtonTests {
    @Test func aGlassButtonIsItsPaddedTitle() {
        let metrics = TextMetrics.systemFont
        let later = metrics.width(of: "Later", font: Font.system(.body))
        let spec = GlassShapeSpec.glassButton(id: "later", title: "Later", center: Point(x: 100, y: 200),
                                              padding: EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16),
                                              in: phone)
        // Width: "Later" at body rounded up to the @3x grid, plus 16 + 16. Height: one body line box, 61 / 3
        // (see LayoutTextTests), plus 8 + 8.
        let width = (later * 3).rounded(.up) / 3 + 32
        let height = 61.0 / 3 + 16
        #expect(abs(spec.frame.width - width) < 1e-9)
        #expect(abs(spec.frame.height - height) < 1e-9)
        #expect(abs(spec.frame.midX - 100) < 1e-9 && abs(spec.frame.midY - 200) < 1e-9)
        #expect(spec.form == .capsule && spec.interactive)
    }
}
