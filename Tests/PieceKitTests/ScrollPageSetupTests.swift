import Testing
@testable import PieceKit

/// The page a script gets from `s:page{...}`: filling the stage, inset by its safe area, resting at its top or at
/// the selection, laid out as the seed's example page when sections come as paragraphs.
@Suite struct ScrollPageSetupTests {
    let environment = PieceEnvironment(size: Size(width: 393, height: 852), safeArea: EdgeInsets(top: 59, bottom: 34))
    let plain = ["a", "b", "c"].map { ScrollPage.Section(id: $0, title: $0.uppercased(), height: 600) }

    @Test func aPageOfHeightsRestsAtItsTopUnderTheSafeArea() {
        let page = ScrollPage.onStage(sections: plain, environment: environment)
        #expect(page.containerSize == Size(width: 393, height: 852))
        #expect(page.contentOffset == -59)
        #expect(page.spacing == 0 && page.paddingTop == 0 && page.paddingBottom == 0)
        #expect(page.selection == nil)
    }

    @Test func aSelectionBringsItsSectionToTheTopAnchor() {
        let page = ScrollPage.onStage(sections: plain, environment: environment, selection: "b")
        #expect(page.selection == "b")
        #expect(page.contentOffset == 600 - 59)
        // The last section cannot reach the anchor: the page stops at its end and keeps the selection.
        let last = ScrollPage.onStage(sections: plain, environment: environment, selection: "c")
        #expect(last.selection == "c")
        #expect(last.contentOffset == 1800 - (852 - 34))
    }

    @Test func paragraphsLayThePageOutAsTheExampleAndOptionsOverrideIt() {
        let prose = [ScrollPage.Section(id: "a", title: "A", height: 0, paragraphs: ["Some words to measure."])]
        let example = ScrollPage.onStage(sections: prose, environment: environment)
        #expect(example.spacing == 36 && example.paddingTop == 24 && example.paddingBottom == 360)
        #expect(example.sections[0].height > 0)
        let tight = ScrollPage.onStage(sections: prose, environment: environment, spacing: 4, paddingTop: 0,
                                       paddingBottom: 8)
        #expect(tight.spacing == 4 && tight.paddingTop == 0 && tight.paddingBottom == 8)
    }
}
