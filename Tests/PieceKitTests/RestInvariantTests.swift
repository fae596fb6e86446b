import Testing
@testable import PieceKit

/// The rules about a stage at rest, on a piece whose parts and accessibility elements are given by hand.
@Suite struct RestInvariantTests {
    /// A piece that publishes `rects` as elements and offers `elements` to VoiceOver.
    final class Board: InteractivePiece {
        let name = "board"
        let rects: [(String, Rect)]
        let elements: [AccessibilityElement]
        init(rects: [(String, Rect)] = [], elements: [AccessibilityElement] = []) {
            self.rects = rects; self.elements = elements
        }
        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            rects.map { Element($0.0).rect($0.1) } + [Element("hidden").rect(Rect(x: -500, y: 0, width: 10, height: 10)).number("opacity", 0)]
        }
        var parts: [Part] { [] }
        func handle(_ touch: Touch, on context: any PieceContext) {}
        func handle(_ key: Key, on context: any PieceContext) -> Bool { false }
        func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] { elements }
    }

    static func stage(_ board: Board) throws -> Stage {
        // 393 × 852 with the default safe area.
        let stage = try Stage(environment: PieceEnvironment(), fps: 60)
        try stage.add(board)
        try stage.renderFrame()
        return stage
    }

    @Test func aButtonUnder44PointsEitherWayIsTooSmallToHit() throws {
        let small = AccessibilityElement(id: "close", label: "Close", traits: ["button"], actions: ["activate"],
                                         frame: Rect(x: 0, y: 0, width: 44, height: 30))
        let big = AccessibilityElement(id: "play", label: "Play", traits: ["button"], actions: ["activate"],
                                       frame: Rect(x: 0, y: 0, width: 60, height: 44))
        var work = HostWork()
        let stage = try Self.stage(Board(elements: [big, small]))
        let breach = try RestInvariants.hitTargets(on: stage, work: &work)
        #expect(breach?.element == "close")
        #expect(breach?.detail == "is 44 by 30 points, under 44 by 44")
        #expect(try RestInvariants.hitTargets(on: stage, side: 30, work: &work) == nil)
        #expect(try RestInvariants.hitTargets(on: stage, except: ["board.close"], work: &work) == nil)
        // A static text is not a target, however small.
        let text = AccessibilityElement(id: "title", label: "Title", traits: ["staticText"], frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(try RestInvariants.hitTargets(on: try Self.stage(Board(elements: [text])), work: &work) == nil)
    }

    @Test func anEmptyOrBlankLabelIsMissing() throws {
        var work = HostWork()
        let blank = AccessibilityElement(id: "art", label: "  ", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let breach = try RestInvariants.accessibilityLabels(on: try Self.stage(Board(elements: [blank])), work: &work)
        #expect(breach?.element == "art" && breach?.detail == "is empty")
        let named = AccessibilityElement(id: "art", label: "Album art", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(try RestInvariants.accessibilityLabels(on: try Self.stage(Board(elements: [named])), work: &work) == nil)
    }

    @Test func aPartPastTheScreenOrTheSafeAreaIsOutside() throws {
        var work = HostWork()
        // The screen is 393 × 852; a card from y = 800, 60 tall, ends at 860: 8 points past the bottom.
        let stage = try Self.stage(Board(rects: [("header", Rect(x: 0, y: 0, width: 393, height: 40)),
                                                 ("card", Rect(x: 10, y: 800, width: 100, height: 60))]))
        let screen = RestInvariants.screen(of: stage)
        let breach = try RestInvariants.inside(screen, on: stage, work: &work)
        #expect(breach?.element == "card")
        #expect(breach?.detail == "{ x = 10, y = 800, w = 100, h = 60 } is not inside { x = 0, y = 0, w = 393, h = 852 }")
        #expect(try RestInvariants.inside(screen, on: stage, except: ["card"], work: &work) == nil)
        #expect(try RestInvariants.inside(screen, on: stage, except: ["board"], work: &work) == nil)
        // Half a point past is within the slack: 852.5.
        let edge = try Self.stage(Board(rects: [("card", Rect(x: 0, y: 792.5, width: 10, height: 60))]))
        #expect(try RestInvariants.inside(screen, on: edge, work: &work) == nil)
        // The header at the very top is on the screen but under the status bar, outside the safe area.
        let safe = RestInvariants.safeArea(of: stage)
        #expect(try RestInvariants.inside(safe, on: stage, except: ["card"], work: &work)?.element == "header")
    }
}
