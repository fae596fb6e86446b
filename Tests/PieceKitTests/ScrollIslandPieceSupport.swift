@testable import PieceKit

/// Six sections 400, 600, 300, 500, 200 and 700 points tall (tops at 0, 400, 1000, 1300, 1800, 2000), titled as
/// `sixSections`, under a 59-point top bar and over a 34-point home indicator: the offset runs −59…1882.
func sixSectionPage(selection: String? = nil, heights: [Double] = [400, 600, 300, 500, 200, 700]) -> ScrollPage {
    let sections = zip(sixSections, heights).map { s, h in
        ScrollPage.Section(id: s.id, title: s.title, detail: s.detail, height: h)
    }
    return ScrollPage(sections: sections, containerSize: Size(width: 393, height: 852),
                      contentInsets: EdgeInsets(top: 59, bottom: 34), selection: selection)
}

/// Forty 300-point sections: their rows (40 × 44 = 1760) overflow the panel, so the rows scroll.
func fortySectionPage() -> ScrollPage {
    let sections = fortySections().map { ScrollPage.Section(id: $0.id, title: $0.title, height: 300) }
    return ScrollPage(sections: sections, containerSize: Size(width: 393, height: 852),
                      contentInsets: EdgeInsets(top: 59, bottom: 34))
}

/// A stage at 120 fps with the live page and the island over it, measured with half-em widths.
struct IslandRig {
    let stage: Stage
    let page: LiveScrollPage
    let island: ScrollIslandPiece

    init(page value: ScrollPage = sixSectionPage(), environment: PieceEnvironment = PieceEnvironment(),
         progress: ScrollIslandProgress = .page, isExpanded: Bool? = nil, showsTopButton: Bool = true,
         factor: Double = 1) throws {
        stage = try Stage(environment: environment, fps: 120)
        page = LiveScrollPage(page: value, context: stage)
        island = ScrollIslandPiece(page: page, context: stage, progress: progress, isExpanded: isExpanded,
                                   showsTopButton: showsTopButton, measure: HalfEmMeasure(factor: factor))
        try stage.add(page)
        try stage.add(island)
        try stage.frames(1)
    }

    /// How many element lists the stage had the island make afresh (a scroll's patch of the last list, or the
    /// last list handed out again, is not one): for tests of how much work a frame does.
    var listsMade: Int { stage.slots.first { $0.name == island.name }?.listsMade ?? 0 }

    /// The island's element in the latest frame.
    func element(_ name: String) -> ElementFrame? { stage.latestFrame?["scrollIsland", name] }
    func number(_ element: String, _ key: String) -> Double? { self.element(element)?[key] }
    func text(_ element: String, _ key: String) -> String? {
        if case .text(let s)? = self.element(element)?.attribute(key) { return s }
        return nil
    }

    /// Every event of `kind` the island emitted so far, with the time of its frame.
    func events(_ kind: StageEvent.Kind) -> [(time: Double, event: StageEvent)] {
        stage.history.flatMap { f in f.events.filter { $0.kind == kind && $0.piece == "scrollIsland" }.map { (f.time, $0) } }
    }

    func ticks() -> Int {
        events(.haptic).filter { $0.event.detail(named: "style") == .text("selection") }.count
    }

    func center(_ part: String, _ index: Int? = nil) throws -> Point {
        try stage.aim(at: part, index: index, on: island)
    }

    /// Opens the contents with a tap on the bar and lets everything settle.
    func open() throws {
        try stage.tap(on: island, at: center("bar"))
        try stage.settle()
    }
}
