import Testing
@testable import PieceKit

@Suite struct LiveScrollPageTests {
    private func live(_ value: ScrollPage = sixSectionPage()) throws -> (Stage, LiveScrollPage) {
        let stage = try Stage(fps: 120)
        let page = LiveScrollPage(page: value, context: stage)
        try stage.add(page)
        try stage.frames(1)
        return (stage, page)
    }

    @Test func sectionsAreMeasuredFromTheirParagraphs() {
        let measure = ScrollPageTextMeasure()
        // title2 is 22 pt, body 17 pt, both semibold; their line boxes are 79/3 and 61/3 on the 3× grid
        #expect(abs(measure.metrics.lineBoxHeight(for: measure.titleFont) - 79.0 / 3) < 1e-12)
        #expect(abs(measure.metrics.lineBoxHeight(for: measure.bodyFont) - 61.0 / 3) < 1e-12)
        // one title line, 12 points, one paragraph line
        let short = measure.sectionHeight(title: "Notes", paragraphs: ["Short."], pageWidth: 393)
        #expect(abs(short - (79.0 / 3 + 12 + 61.0 / 3)) < 1e-9)
        // a long paragraph wraps in the 345-point column
        let long = String(repeating: "simmer gently ", count: 30)
        let lines = measure.lineCount(long, font: measure.bodyFont, width: 345)
        #expect(lines > 5)
        let height = measure.sectionHeight(title: "Method", paragraphs: [long, "Short."], pageWidth: 393)
        #expect(abs(height - (79.0 / 3 + 12 + Double(lines) * 61.0 / 3 + 12 + 61.0 / 3)) < 1e-9)
        // the page takes the example's spacing and padding around measured sections
        let page = ScrollPage.measured(sections: [.init(id: "a", title: "Notes", height: 0, paragraphs: ["Short."]),
                                                  .init(id: "b", title: "B", height: 500)],
                                       containerSize: Size(width: 393, height: 852))
        #expect(abs(page.contentHeight - (24 + short + 36 + 500 + 360)) < 1e-9)
    }

    /// A section titled "" shows an empty `Text` as its heading, which SwiftUI gives no accessibility element: the
    /// page's headings skip it (the class of the mini player's empty subtitle, found by exploring).
    @Test func aSectionWithAnEmptyTitleHasNoHeadingElement() throws {
        let sections = [ScrollPage.Section(id: "a", title: "Overview", height: 300),
                        ScrollPage.Section(id: "b", title: "", height: 300),
                        ScrollPage.Section(id: "c", title: "Method", height: 300)]
        let (stage, page) = try live(ScrollPage(sections: sections, containerSize: Size(width: 393, height: 852),
                                                contentInsets: EdgeInsets(top: 59, bottom: 34)))
        let tree = page.accessibilityElements(on: stage)
        #expect(tree.map(\.id) == ["section.1", "section.3"])
        #expect(tree.map(\.label) == ["Overview", "Method"])
    }

    @Test func aFlingCoastsFrameByFrameAtTheNormalRate() throws {
        let (stage, page) = try live()
        page.fling(velocity: 1000)
        let begin = stage.now + 1.0 / 120
        let expected = ScrollPageFling(startOffset: -59, velocity: 1000, range: -59...1882)
        for _ in 0..<60 {
            try stage.frames(1)
            let shown = stage.latestFrame?["page", "content"]?["offset"] ?? .nan
            #expect(abs(shown - expected.offset(at: stage.now - begin)) < 1e-9)
        }
        try stage.settle()
        #expect(abs(page.offset - (-59 + 499.4998)) < 1e-3)
        #expect(page.selection == "ingredients")   // the anchor at 499.5 is inside 400…1000
    }

    @Test func anAnimatedSelectionScrollsThereAndKeepsTheBinding() throws {
        let (stage, page) = try live()
        page.select("method", animation: .smooth)
        let begin = stage.now + 1.0 / 120
        try stage.frames(10)
        let expected = reference(from: -59, to: 941, .smooth, begin: begin, at: stage.now)
        #expect(abs(page.offset - expected) < 1e-9)
        #expect(page.selection == "method")       // not the sections it passes
        try stage.settle()
        #expect(page.offset == 941 && page.selection == "method")
    }

    @Test func aFingerCatchesAFlingAndDragsThePageOneForOne() throws {
        let (stage, page) = try live()
        page.fling(velocity: 3000)
        try stage.frames(10)
        let caught = page.offset
        let finger = try stage.touchDown(on: page, at: Point(x: 196, y: 400))
        try stage.frames(5)
        #expect(page.offset == caught)
        try finger.move(dx: 0, dy: -100)
        #expect(page.offset == caught + 100)
        try stage.frames(12)       // still for longer than the velocity window: it lifts at rest
        try finger.up()
        try stage.settle()
        #expect(page.offset == caught + 100)
    }
}
