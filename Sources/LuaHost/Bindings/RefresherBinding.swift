import PieceKit

/// `s:refresher{ top = 100, threshold = 80 }`: pull to refresh over a list whose top edge is at `top` (default: the
/// safe area's top) across `x`, `w` (default: the stage's width). A pull past the threshold emits the `refresh`
/// callback and holds the gap open until the app calls `r:finish()`; readings `pull`, `isRefreshing`, `refreshes`.
enum RefresherBinding: StageMadeBinding {
    static let example = "{ top = 100 }"
    static let options: [OptionSpec] = [
        .init("top", "number", unit: "pt", default: "the safe area's top", "Where the list's top edge rests",
              must: "a finite number of points"),
        .init("x", "number", unit: "pt", default: "0", "The list's left edge", must: "a finite number of points"),
        .init("w", "number", unit: "pt", bounds: .atLeast(0), default: "the stage's width", "The list's width",
              must: "a finite number of points"),
        .init("threshold", number: Refresher.defaultThreshold, unit: "pt", bounds: .above(0, must: "more than 0"),
              "How far the list must be pulled for a release to refresh", must: "a finite number of points"),
        .init("name", "string", default: "refresher", "The piece's name in the frame log"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> RefresherPiece {
        let opts = try c.options(1, declared: options)
        let environment = stage.environment
        let area = Refresher.Area(x: try opts.number("x") ?? 0, top: try opts.number("top") ?? environment.safeArea.top,
                                  width: try opts.number("w") ?? environment.size.width)
        let threshold = try opts.number(declared: "threshold")
        let piece = RefresherPiece(name: try opts.pieceName(default: "refresher"), area: area, threshold: threshold)
        do { try stage.add(piece) } catch { throw c.refusal("\(error)") }
        return piece
    }

    static func describe(_ cls: LuaClass<Bound<RefresherPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.method("finish", "The app's refresh is over: the spinner goes and the list settles home") { o, c in
            o.value.finish(on: o.stage)
            return 0
        }
        cls.reading("name", "The piece's name in the frame log", \.value.name)
        cls.reading("pull", unit: "pt", "How far the list is pulled below its top edge (where it is headed; the frames show it moving)", \.value.state.pull)
        cls.reading("isRefreshing", "Whether a refresh is running", \.value.state.isRefreshing)
        cls.reading("refreshes", "integer", "How many refreshes have started") { o, c in
            c.push(Double(o.value.state.refreshes))
            return 1
        }
    }
}
