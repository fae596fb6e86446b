/// Checks a glass piece's liquid merges once a frame while the piece moves, and says when the merged set changes.
///
/// Every glass piece (NowPlaying, a glass group) needs the same watch: sample its own presented shapes at each frame
/// time in background work (so it never holds up a settle), emit a `merge` event on the first check and whenever
/// the set of merged pairs changes (`pairs`, `joined`, `parted`), and stop once the piece is at rest, since a piece
/// at rest cannot change what merges. Each frame is checked at most once.
public final class LiquidMergeWatch {
    private let piece: String
    /// The merged pairs ("a+b") in the piece as presented; it may also update the piece (the glass's necks). It
    /// asks the host's limits through the `HostWork` it is given, and throws when they refuse.
    private let pairs: (PieceFrame, any PieceContext, inout HostWork) throws(HostLimitReached) -> [String]
    private let emit: ([NamedValue]) -> Void
    private var pending: ScheduledID?
    private var lastCheck: Int?
    private var last: [String]?

    /// Whether `pairs` only reads: its checks then never make the stage lay the pieces out again.
    private let pairsOnlyRead: Bool
    /// Whether a script can make the pairs many, so a check asks the host's limits (a few fixed shapes need not).
    private var asksHost = true

    /// A watch whose pairs are few and fixed by the piece (NowPlaying's five shapes): nothing to ask the host.
    public convenience init(piece: String, pairsOnlyRead: Bool = false, pairs: @escaping (PieceFrame, any PieceContext) -> [String],
                            emit: @escaping ([NamedValue]) -> Void) {
        self.init(piece: piece, pairsOnlyRead: pairsOnlyRead, limitedPairs: { frame, context, _ in pairs(frame, context) },
                  emit: emit)
        asksHost = false
    }

    /// A watch whose pairs a script can make many (a glass group's): `limitedPairs` asks the host's limits.
    public init(piece: String, pairsOnlyRead: Bool = false,
                limitedPairs: @escaping (PieceFrame, any PieceContext, inout HostWork) throws(HostLimitReached) -> [String],
                emit: @escaping ([NamedValue]) -> Void) {
        self.piece = piece; self.pairsOnlyRead = pairsOnlyRead; self.pairs = limitedPairs; self.emit = emit
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
        // A check the host refused (a limit passed) changes nothing and asks for no more: the stage stops with the
        // limit at its next step.
        var work = asksHost ? context.hostWork() : HostWork()
        guard let found = try? pairs(presented, context, &work) else { return }
        if found != last {
            let before = last ?? []
            guard let details = try? Self.details(found: found, before: before, work: &work) else { return }
            last = found
            emit(details)
        }
        if context.isMoving(piece) {
            schedule(atFrame: Self.frameAfter(context.clock.firstFrame(atOrAfter: context.workTime)), on: context)
        }
    }

    /// The merge event's details: every pair merged now, those that joined and those that parted, each in its
    /// list's order. Counted before they are made; compared through sets once the lists are long, so a change
    /// among many pairs costs their number, not its square.
    static func details(found: [String], before: [String], work: inout HostWork) throws(HostLimitReached) -> [NamedValue] {
        var text = 0
        for pair in found { text += pair.utf8.count + 1 }
        for pair in before { text += pair.utf8.count + 1 }
        try work.steps(found.count + before.count)
        let sets = found.count * before.count > 256
        // The three texts (joined and parted hold at most what the two lists hold) and, when used, the two sets.
        try work.reserve(2 * text + 96 + (found.count + before.count) * (sets ? 80 : 16))
        let joined: [String], parted: [String]
        if sets {
            let was = Set(before), now = Set(found)
            joined = found.filter { !was.contains($0) }
            parted = before.filter { !now.contains($0) }
        } else {
            joined = found.filter { !before.contains($0) }
            parted = before.filter { !found.contains($0) }
        }
        return [NamedValue("pairs", .text(found.joined(separator: ","))),
                NamedValue("joined", .text(joined.joined(separator: ","))),
                NamedValue("parted", .text(parted.joined(separator: ",")))]
    }

    /// The frame after `frame`, held at `Int.max` ("never"), as the stage guards the same step.
    public static func frameAfter(_ frame: Int) -> Int {
        frame < Int.max ? frame + 1 : Int.max
    }
}
