/// A `GlassEffectContainer` on the stage: glass shapes that merge into one liquid surface where they come closer
/// than the container's `spacing`, and that grow out of (and melt back into) a neighbour when they are inserted or
/// removed with a `glassEffectID`.
///
/// The files of the piece: the shapes as declared (`GlassShapeSpec`), how the environment draws them
/// (`GlassSurface`), what a frame holds (`GlassGroupElements`), the merges and necks measured frame by frame
/// (`GlassGroupMerges`), and fingers, keys and VoiceOver (`GlassGroupTouches`).
///
/// **Insertion** (the geometry chosen for `glassEffectID`, which Apple describes only as shapes animating "to and
/// from each other"): a shape inserted with an animation is born coincident with its neighbour (the neighbour's
/// frame and corner radius, so the two are one shape) and travels to its own frame and radius on that animation;
/// the merge rule then shows the neck stretching and snapping as it leaves. **Removal** is the same path backwards:
/// the shape travels into its neighbour's frame, and is taken out once it has arrived. The neighbour is the one the
/// app names, else the nearest shape (by the gap between outlines, the earlier on a tie). With nothing to grow out
/// of (no neighbour, Reduce Transparency, which has no container) a shape fades in and out where it rests, SwiftUI's
/// default transition; under Reduce Motion its glass opens and closes in place (scale 0.001 to 1) as it fades,
/// the foundation's bud under Reduce Motion. Without an animation it appears or goes at once.
public class GlassGroupPiece: InteractivePiece, MemoisedPiece {
    public let name: String
    public private(set) weak var context: (any PieceContext)?
    /// The container's spacing: shapes closer than this merge.
    public internal(set) var spacing: Double
    /// The shapes present, in drawing order (including one melting into its neighbour).
    public internal(set) var members: [Member]
    /// The pairs merged in the latest checked frame, with their gaps (empty under Reduce Transparency).
    public internal(set) var necks: [Neck] = []

    /// One shape on the stage and where it is in its life.
    public struct Member: Equatable, Sendable {
        public var spec: GlassShapeSpec
        public var phase: Phase
        /// Bumped by every insert and remove of this id, so an overtaken removal leaves it alone.
        var turn = 0
    }

    public enum Phase: Equatable, Sendable {
        /// At its own frame.
        case resting
        /// Coincident with the named neighbour: about to grow out of it, or melting back in.
        case home(String)
        /// At its own frame but closed (transparent; under Reduce Motion also shrunk): about to fade in, or fading out.
        case closed
    }

    /// Two shapes sharing a neck, and the gap between their outlines (negative while they overlap).
    public struct Neck: Equatable, Sendable {
        public var pair: String
        public var gap: Double
    }

    /// The shape under a finger, where the finger is in the shape's unit space (the press's anchor) and where it
    /// went down.
    var pressed: String?
    var pressAnchor = Point(x: 0.5, y: 0.5)
    /// Removals waiting for their shape to arrive home, by id.
    var removals: [String: ScheduledID] = [:]
    /// The necks and merge events, checked each frame while the group moves. A check publishes the necks it finds
    /// directly: the stage reconciles after the check with no animation, so they show in that same frame.
    /// The check asks the host's limits as it goes (`necks(in:spacing:merging:work:)`): a refused check leaves the
    /// necks as they were.
    lazy var merges = LiquidMergeWatch(piece: name, limitedPairs: { [weak self] frame, context, work throws(HostLimitReached) in
        guard let self else { return [] }
        let found = try Self.necks(in: frame, spacing: self.spacing,
                                   merging: GlassSurface.merges(in: context.environment), work: &work)
        if found != self.necks { self.necks = found }
        return found.map(\.pair)
    }, emit: { [weak self] details in self?.emit(.merge, details) })

    /// How much an interactive shape swells under a finger. Apple publishes no number for `.interactive()` glass;
    /// 1.08 is a judgement: a visible lift on a 44-point button (about 1.8 points per edge). Two shapes resting
    /// exactly `spacing` apart (the Tools) therefore share a neck while either is pressed, as glass that reaches
    /// toward the finger would.
    public static let swell = 1.08
    /// The pieces' own press: about this many points per edge, as the foundation's liquid press.
    public static let pressDepth = 2.5

    /// A group of `shapes` (ids must be unique; checked by `GlassGroupError`) to be added to `stage`.
    public init(context: any PieceContext, name: String = "glassGroup", spacing: Double, shapes: [GlassShapeSpec]) throws(GlassGroupError) {
        self.name = name
        self.context = context
        self.spacing = try Self.checkedSpacing(spacing)
        var seen: Set<String> = []
        for shape in shapes {
            try Self.check(shape)
            guard seen.insert(shape.id).inserted else { throw .duplicateID(shape.id) }
        }
        members = shapes.map { Member(spec: $0, phase: .resting) }
    }

    // MARK: Reading

    public var ids: [String] { members.map(\.spec.id) }

    func index(of id: String) -> Int? { members.firstIndex { $0.spec.id == id } }

    /// Where a shape's frame is in `environment`: the declared frame. A piece with its own layout (the Tools)
    /// places its shapes from the environment instead.
    /// A class method, so the placing reads nothing of a piece's state: the elements (`elements(for:)`) place
    /// through it from their input alone.
    class func place(_ spec: GlassShapeSpec, in environment: PieceEnvironment) -> Rect {
        spec.frame
    }

    /// Whether the group floats on the foundation's lift shadow (`PieceLiquidGroup`'s `lift`, on by default): a
    /// group made on the foundation does unless told not to; the system's own `GlassEffectContainer` (the Tools)
    /// has none.
    public var lifts = true

    /// The outline (a circle's centred square) and corner radius of a shape at its own frame.
    func outline(_ spec: GlassShapeSpec, in environment: PieceEnvironment) -> (rect: Rect, radius: Double) {
        Self.outline(spec, in: environment)
    }

    static func outline(_ spec: GlassShapeSpec, in environment: PieceEnvironment) -> (rect: Rect, radius: Double) {
        let rect = spec.form.outline(in: place(spec, in: environment))
        return (rect, spec.form.cornerRadius(in: rect.size))
    }

    var environment: PieceEnvironment { context?.environment ?? PieceEnvironment() }

    /// The shape nearest `spec` among the others present and not leaving, by the gap between their outlines at
    /// rest; the earlier on a tie. nil when there is none.
    func nearestNeighbour(to spec: GlassShapeSpec) -> String? {
        let env = environment
        let mine = Self.liquidShape(spec.id, outline(spec, in: env))
        var best: (id: String, gap: Double)?
        for member in members where member.spec.id != spec.id && member.phase == .resting {
            let gap = mine.gap(to: Self.liquidShape(member.spec.id, outline(member.spec, in: env)))
            if let current = best, current.gap <= gap { continue }
            best = (member.spec.id, gap)
        }
        return best?.id
    }

    static func liquidShape(_ id: String, _ outline: (rect: Rect, radius: Double), scale: Double = 1) -> LiquidShape {
        LiquidShape(name: id, center: outline.rect.center, halfWidth: outline.rect.width / 2 * scale,
                    halfHeight: outline.rect.height / 2 * scale, radius: outline.radius * scale)
    }

    // MARK: Changing

    /// `GlassEffectContainer(spacing:)` with a new spacing: the merges are measured again from the next frame.
    public func setSpacing(_ spacing: Double) throws(GlassGroupError) {
        let checked = try Self.checkedSpacing(spacing)
        context?.update { self.spacing = checked }
        merges.watch(on: context)
    }

    /// Adds a shape at the end of the drawing order (see the type's documentation for the path it takes).
    /// `neighbour` names the shape it grows out of; by default the nearest. Inserting an id that is melting home
    /// brings it back out from where it shows.
    public func insert(_ spec: GlassShapeSpec, from neighbour: String? = nil, animation: Animation?) throws(GlassGroupError) {
        try Self.check(spec)
        guard let context else { return }
        if let neighbour, neighbour == spec.id || index(of: neighbour) == nil {
            throw .unknownNeighbour(neighbour, known: ids.filter { $0 != spec.id })
        }
        if let i = index(of: spec.id) {
            guard removals[spec.id] != nil else { throw .duplicateID(spec.id) }
            cancelRemoval(spec.id)
            members[i].turn += 1
            members[i].spec = spec
            context.transact(animation) { self.members[i].phase = .resting }
            return
        }
        guard let animation else {
            context.update { members.append(Member(spec: spec, phase: .resting)) }
            return
        }
        let from = neighbour ?? nearestNeighbour(to: spec)
        let grows = GlassSurface.merges(in: environment) && !environment.reduceMotion
        let start: Phase = if grows, let from { .home(from) } else { .closed }
        context.update { members.append(Member(spec: spec, phase: start)) }
        let i = members.count - 1
        context.transact(animation) { self.members[i].phase = .resting }
    }

    /// Takes a shape out: with an animation it melts into its nearest neighbour (or fades) first.
    public func remove(_ id: String, animation: Animation?) throws(GlassGroupError) {
        guard let context else { return }
        guard let i = index(of: id) else { throw .unknownID(id, known: ids) }
        // Already on its way out: the first removal's path stands.
        guard removals[id] == nil else { return }
        members[i].turn += 1
        guard let animation else {
            context.update { members.remove(at: i) }
            return
        }
        let into = nearestNeighbour(to: members[i].spec)
        let grows = GlassSurface.merges(in: environment) && !environment.reduceMotion
        let end: Phase = if grows, let into { .home(into) } else { .closed }
        let begin = context.changeBeginTime
        context.transact(animation) { self.members[i].phase = end }
        scheduleRemoval(id, turn: members[i].turn, at: begin + animation.completionTime)
    }

    /// Takes the shape out once it has arrived (`scheduleOnceStill`).
    private func scheduleRemoval(_ id: String, turn: Int, at time: Double) {
        guard let context else { return }
        context.scheduleOnceStill(piece: name, elements: { ["shape.\(id)"] }, at: time, label: "\(name): \(id) melts away",
                                  track: { [weak self] in self?.removals[id] = $0 }) { [weak self] in
            guard let self, let i = self.index(of: id), self.members[i].turn == turn else { return }
            self.removals[id] = nil
            self.members.remove(at: i)
        }
    }

    private func cancelRemoval(_ id: String) {
        if let work = removals.removeValue(forKey: id) { context?.cancel(work) }
    }

    // MARK: Checks

    static func checkedSpacing(_ spacing: Double) throws(GlassGroupError) -> Double {
        guard spacing.isFinite, spacing >= 0 else { throw .badSpacing(spacing) }
        return spacing
    }

    static func check(_ spec: GlassShapeSpec) throws(GlassGroupError) {
        guard !spec.id.isEmpty, spec.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw .badID(spec.id)
        }
        let f = spec.frame
        guard [f.x, f.y, f.width, f.height].allSatisfy({ $0.isFinite && abs($0) < 1e7 }), f.width > 0, f.height > 0 else {
            throw .badFrame(id: spec.id, frame: f)
        }
        if case .rounded(let r) = spec.form, !(r.isFinite && r >= 0) { throw .badRadius(id: spec.id, radius: r) }
    }

    // MARK: Events

    func emit(_ kind: StageEvent.Kind, _ details: [NamedValue]) {
        context?.emit(kind, piece: name, details: details)
    }

    // MARK: StagePiece

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        merges.watch(on: context)
        // Shapes growing out of (or melting into) a neighbour find it by id: through a table when there are many,
        // so thousands of shapes inserted at once are not a search each; the table is asked for first.
        var indexes = false
        if members.count > 32, members.contains(where: { if case .home = $0.phase { true } else { false } }) {
            var work = context?.hostWork() ?? HostWork()
            indexes = (try? work.reserve(members.count * 96)) != nil
        }
        return ElementsInput(environment: environment, tokens: tokens, placing: Placing(type(of: self)),
                             spacing: spacing, members: members, necks: necks, pressed: pressed,
                             pressAnchor: pressAnchor, removing: Set(removals.keys), indexesByID: indexes,
                             lifts: lifts)
    }

    // MARK: Interaction (overridable; see GlassGroupTouches)

    /// A shape was tapped (a finger lifted on it, or VoiceOver activated it): the group reports it to the app.
    func tapped(_ id: String) {
        emit(.callback, [NamedValue("name", .text("onTap")), NamedValue("id", .text(id))])
    }

    /// Each shape, by its id, drawn as its `shape.<id>` element.
    public var parts: [Part] { ids.map { Part($0, drawnAs: "shape.\($0)") } }

    public func handle(_ touch: Touch, on context: any PieceContext) { handleTouch(touch, on: context) }

    @discardableResult
    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] { accessibilityTree(on: context) }
}

/// What a glass group refuses, each naming what was wrong.
public enum GlassGroupError: Error, Equatable, Sendable, CustomStringConvertible {
    case badSpacing(Double)
    case badID(String)
    case duplicateID(String)
    case unknownID(String, known: [String])
    case unknownNeighbour(String, known: [String])
    case badFrame(id: String, frame: Rect)
    case badRadius(id: String, radius: Double)

    public var description: String {
        switch self {
        case .badSpacing(let s): return "spacing must be a distance of at least 0 points, got \(number: s)"
        case .badID(let id): return "a shape's id must be letters, digits or _, got \"\(id)\""
        case .duplicateID(let id): return "there is already a shape \"\(id)\" in the group"
        case .unknownID(let id, let known):
            return "no shape \"\(id)\" in the group (present: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .unknownNeighbour(let id, let known):
            return "no neighbour \"\(id)\" to grow out of (present: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .badFrame(let id, let f):
            return "shape \"\(id)\" needs a finite frame with w and h above 0, got x \(f.x), y \(f.y), w \(f.width), h \(f.height)"
        case .badRadius(let id, let r): return "shape \"\(id)\" needs a corner radius of at least 0, got \(number: r)"
        }
    }
}
