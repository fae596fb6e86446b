/// Checks a glass piece's liquid merges once a frame while the piece moves, and says when the merged set changes.
///
/// Every glass piece (NowPlaying, a glass group) needs the same watch: sample its own presented shapes at each frame
/// time in background work (so it never holds up a settle), emit a `merge` event on the first check and whenever
/// the set of merged pairs changes (`pairs`, `joined`, `parted`), and stop once the piece is at rest, since a piece
/// at rest cannot change what merges. Each frame is checked at most once.
public final class LiquidMergeWatch {
    private let piece: String
    /// The merged pairs ("a+b") in the piece as presented; it may also update the piece (the glass's necks).
    private let pairs: (PieceFrame, any PieceContext) -> [String]
    private let emit: ([NamedValue]) -> Void
    private var pending: ScheduledID?
    private var lastCheck: Int?
    private var last: [String]?

    /// Whether `pairs` only reads: its checks then never make the stage lay the pieces out again.
    private let pairsOnlyRead: Bool

    public init(piece: String, pairsOnlyRead: Bool = false, pairs: @escaping (PieceFrame, any PieceContext) -> [String],
                emit: @escaping ([NamedValue]) -> Void) {
        self.piece = piece; self.pairsOnlyRead = pairsOnlyRead; self.pairs = pairs; self.emit = emit
    }

    /// Makes sure the frames to come are checked (call it on every reconcile: any reconcile may start motion).
    public func watch(on context: (any PieceContext)?) {
        guard pending == nil, let context else { return }
        let clock = context.clock
        // A check that found nothing moving must not be asked for again in its own frame.
        let next = max(Self.frameAfter(context.presentedFrame), clock.firstFrame(atOrAfter: context.workTime),
                       Self.frameAfter(lastCheck ?? -1))
        schedule(atFrame: next, on: context)
    }

    private func schedule(atFrame frame: Int, on context: any PieceContext) {
        let time = context.clock.time(ofFrame: frame), label = "\(piece): liquid merges"
        let work = { [weak self, weak context] in
            guard let self, let context else { return }
            self.check(on: context)
        }
        pending = pairsOnlyRead ? context.scheduleCheck(at: time, label: label, work)
                                : context.schedule(at: time, label: label, background: true, work)
    }

    private func check(on context: any PieceContext) {
        pending = nil
        lastCheck = context.clock.frame
        guard let presented = context.presented(piece, at: context.now) else { return }
        let found = pairs(presented, context)
        if found != last {
            let before = last ?? []
            last = found
            emit([NamedValue("pairs", .text(found.joined(separator: ","))),
                  NamedValue("joined", .text(found.filter { !before.contains($0) }.joined(separator: ","))),
                  NamedValue("parted", .text(before.filter { !found.contains($0) }.joined(separator: ",")))])
        }
        if context.isMoving(piece) {
            schedule(atFrame: Self.frameAfter(context.clock.firstFrame(atOrAfter: context.workTime)), on: context)
        }
    }

    /// The frame after `frame`, held at `Int.max` ("never"), as the stage guards the same step.
    public static func frameAfter(_ frame: Int) -> Int {
        frame < Int.max ? frame + 1 : Int.max
    }
}
