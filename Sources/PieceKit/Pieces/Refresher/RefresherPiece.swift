/// The live pull-to-refresh piece: a finger that goes down on the list (below its top edge, inside its width) and
/// moves down pulls it; lifting past the threshold starts a refresh (a `callback` event named "refresh", the app's
/// action) and the list settles at the held gap until the app calls `finish`; lifting short of it, or a cancelled
/// touch, lets the list settle home. While a refresh runs, a new pull does nothing.
public final class RefresherPiece: InteractivePiece, MemoisedPiece {
    public let name: String
    public let area: Refresher.Area
    public let threshold: Double
    public private(set) var state = Refresher.State()
    /// Whether the touch in progress went down on the list.
    private var pulling = false
    /// The finger translation the list showed when the touch in progress caught it (0 when it was at rest).
    private var caughtAt = 0.0

    public init(name: String = "refresher", area: Refresher.Area, threshold: Double = Refresher.defaultThreshold) {
        self.name = name
        self.area = area
        self.threshold = threshold
    }

    /// Everything the elements are made from: the state, where the list is and the threshold.
    public struct ElementsInput: Equatable, Sendable {
        let state: Refresher.State
        let area: Refresher.Area
        let threshold: Double
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(state: state, area: area, threshold: threshold)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        Refresher.elements(input.state, area: input.area, threshold: input.threshold)
    }

    /// The app's refresh is over: the spinner goes and the list settles home.
    public func finish(on context: any PieceContext) {
        guard state.isRefreshing else { return }
        context.transact(context.tokens.role(Refresher.returnRole)) {
            state.isRefreshing = false
            state.pull = 0
        }
    }

    // MARK: Touches

    /// The list is the strip under the top edge, as tall as the rest of the stage: where a pull starts.
    public var parts: [Part] {
        [.at("list") { here in
            let top = self.area.top + self.state.pull
            return Rect(x: self.area.x, y: top, width: self.area.width,
                        height: max(here.context.environment.size.height - top, 0))
        }, Part("spinner")]
    }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            let start = touch.startLocation
            pulling = !state.isRefreshing && context.environment.isEnabled && start.y >= area.top
                && start.x >= area.x && start.x <= area.x + area.width
            guard pulling else { return }
            // A finger landing while the list still returns catches it where it shows, as a scroll view does: the
            // pull goes on from the translation that shows that offset, never from rest (a jump).
            let shown = context.latestFrame?[name, "list"]?["offset"] ?? state.pull
            caughtAt = ScrollPagePhysics.unband(shown, dimension: context.environment.size.height)
            if shown != state.pull { context.hold { state.pull = shown } }
        case .moved:
            guard pulling else { return }
            let pull = Refresher.pull(forTranslation: caughtAt + touch.translation.height,
                                      height: context.environment.size.height)
            context.hold { state.pull = pull }
        case .ended:
            guard pulling else { return }
            pulling = false
            release(on: context)
        case .cancelled:
            guard pulling else { return }
            pulling = false
            context.transact(context.tokens.role(Refresher.returnRole)) { state.pull = 0 }
        }
    }

    /// The finger lifts: past the threshold the refresh starts and the list holds the gap open; short of it the
    /// list goes home.
    private func release(on context: any PieceContext) {
        let refreshes = state.pull >= threshold
        context.transact(context.tokens.role(Refresher.returnRole)) {
            if refreshes {
                state.isRefreshing = true
                state.refreshes += 1
                state.pull = Refresher.heldGap
            } else {
                state.pull = 0
            }
        }
        if refreshes { context.emit(.callback, piece: name, details: [NamedValue("name", .text("refresh"))]) }
    }

    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// UIKit's refresh control is not in VoiceOver's reading order (the list's own rows are, and the app offers
    /// refreshing some other way), so the piece has no element of its own.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] { [] }
}
