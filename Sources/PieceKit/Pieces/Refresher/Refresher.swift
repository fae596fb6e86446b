/// Pull to refresh: the spinner a list shows above its first row while a finger pulls the list down past its top
/// (SwiftUI's `.refreshable`, drawn by UIKit's refresh control). No seed describes it; it is here as the piece that
/// ARCHITECTURE.md's "Adding a piece" recipe was checked with, so every number below is a named guess unless its
/// comment gives a source, and a scenario can read them all back from its page, docs/pieces/refresher.md.
public enum Refresher {
    /// The spinner is UIKit's medium activity indicator, 20 points square.
    public static let spinnerSide = 20.0
    /// The spinner's spokes; a pull shows them one by one, all of them at the threshold.
    public static let spokes = 8
    /// A guess: how far the list must be pulled (after the edge's resistance) for a release to refresh.
    public static let defaultThreshold = 80.0
    /// A guess: the gap the list keeps open above its first row while the refresh runs.
    public static let heldGap = 60.0
    /// A guess: the role that carries the list back (to the held gap, or home): the same settle the pieces use.
    public static let returnRole = MotionRole.settle

    /// What the piece is at a moment: the list's pull and whether the app's refresh is running.
    public struct State: Equatable, Sendable {
        /// How far the list sits below its resting place, in points.
        public var pull = 0.0
        public var isRefreshing = false
        /// How many refreshes have started.
        public var refreshes = 0
        public init() {}
    }

    /// Where the list's top edge is and how wide it is, on the stage.
    public struct Area: Equatable, Sendable {
        public var x: Double
        public var top: Double
        public var width: Double
        public init(x: Double, top: Double, width: Double) { self.x = x; self.top = top; self.width = width }
    }

    /// The list's pull for a finger `translation` points down: the scroll view's edge resistance over a screen of
    /// `height` points, the one formula the scroll page uses past its ends. Up or no movement pulls nothing.
    public static func pull(forTranslation translation: Double, height: Double) -> Double {
        guard translation > 0 else { return 0 }
        return ScrollPagePhysics.rubberBand(translation, dimension: height)
    }

    /// How much of the spinner a pull shows, from 0 to 1 (all of it at the threshold and beyond).
    public static func progress(pull: Double, threshold: Double) -> Double {
        guard threshold > 0 else { return pull > 0 ? 1 : 0 }
        return min(max(pull / threshold, 0), 1)
    }

    /// The elements for `state`: the spinner centred in the gap the pull opens, and how far the list is pulled.
    public static func elements(_ state: State, area: Area, threshold: Double) -> [Element] {
        let shown = state.isRefreshing ? 1 : progress(pull: state.pull, threshold: threshold)
        let spokesShown = state.isRefreshing ? spokes : Int((Double(spokes) * shown).rounded(.down))
        let spinner = Rect(x: area.x + (area.width - spinnerSide) / 2, y: area.top + (state.pull - spinnerSide) / 2,
                           width: spinnerSide, height: spinnerSide)
        return [
            Element("spinner").rect(spinner).number("opacity", shown).number("spokes", Double(spokesShown))
                .attribute("spinning", .bool(state.isRefreshing)),
            Element("list").number("offset", state.pull),
        ]
    }
}
