/// Rules that must hold while pieces move, checked over a run of frames: the matchers a scenario asserts with and
/// the checks an exploration applies after every action. Each returns the first breach in frame order (then in
/// the frames' own order of pieces, elements and numbers), or nil. Pure functions of the frames: what a breach says
/// depends on nothing else. A script decides how many frames there are, so each walk asks `work` (the host's time
/// and memory limits) as it goes.
public enum MotionInvariants {
    /// Every number in every frame is finite: no NaN, no infinity.
    public static func finite<S: Sequence<Frame>>(_ frames: S, work: inout HostWork) throws(HostLimitReached)
        -> InvariantBreach? {
        for frame in frames {
            try work.steps(frame.values.count)
            guard let position = NumberScan.firstNonFinite(in: frame.values) else { continue }
            let (piece, element, property) = frame.layout.name(ofValueAt: position)
            let value = frame.values[position]
            return InvariantBreach(rule: "finite", frame: frame.index, time: frame.time, piece: piece,
                                   element: element, property: property,
                                   detail: "is \(value.isNaN ? "NaN" : value > 0 ? "+infinity" : "-infinity")")
        }
        return nil
    }

    /// How far a number may move between two consecutive frames.
    public struct StepLimits: Sendable, Equatable {
        /// For any number with no limit of its own.
        public var maxStep: Double
        /// By number name (`x`, `opacity`), or by `element.number` or `piece.element.number` (the longest wins).
        public var limits: [String: Double]
        /// Numbers that may jump by design, named as the limits are: `title.x`, `opacity`.
        public var except: Set<String>

        /// Whether every opacity (a name ending in "opacity", any case) is exempt: the Reduce Motion rule's.
        var exemptsOpacities = false

        public init(maxStep: Double, limits: [String: Double] = [:], except: Set<String> = []) {
            self.maxStep = maxStep; self.limits = limits; self.except = except
        }

        /// The limit for `piece.element.property`; nil when it is exempt.
        func limit(piece: String, element: String, property: String) -> Double? {
            let names = ["\(piece).\(element).\(property)", "\(element).\(property)", property]
            if names.contains(where: except.contains) { return nil }
            if exemptsOpacities, Element.isOpacity(property) { return nil }
            for name in names { if let limit = limits[name] { return limit } }
            return maxStep
        }
    }

    /// No number moves more than its limit between two consecutive frames (frame indices one apart: a `jump`
    /// between them is a skip of time, not a step). An element that appears or disappears is not a jump, nor is a
    /// number an element gains or loses; a NaN step is left to `finite`.
    public static func continuous<S: Sequence<Frame>>(_ frames: S, limits: StepLimits,
                                                      work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        try steps(frames, rule: "continuous", limits: limits, work: &work)
    }

    /// With Reduce Motion on, only opacities (any number whose name ends in "opacity", as `contentOpacity`) and the
    /// numbers named in `moving` (what the piece's specification lets change) change between consecutive frames:
    /// any other change is a motion.
    public static func still<S: Sequence<Frame>>(_ frames: S, moving: Set<String> = [],
                                                 work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        var limits = StepLimits(maxStep: 0, except: moving)
        limits.exemptsOpacities = true
        return try steps(frames, rule: "still", limits: limits, work: &work)
    }

    /// The first step between consecutive frames (indices one apart) that breaks `limits`.
    static func steps<S: Sequence<Frame>>(_ frames: S, rule: String, limits: StepLimits,
                                          work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        var previous: Frame?
        for frame in frames {
            try work.steps(frame.values.count)
            defer { previous = frame }
            guard let before = previous, frame.index == before.index + 1 else { continue }
            if let breach = step(from: before, to: frame, rule: rule, limits: limits) { return breach }
        }
        return nil
    }

    /// The first number of `after` that moved more than its limit since `before`.
    static func step(from before: Frame, to after: Frame, rule: String, limits: StepLimits) -> InvariantBreach? {
        // No limit is below the smallest: a step within it needs no name and no limit looked up, in either walk.
        // Most consecutive frames share one layout: then the numbers stand in the same places, so they are compared
        // place by place, and a name is worked out only for a step larger than the smallest limit.
        let floor = limits.limits.values.reduce(limits.maxStep, min)
        if before.layout === after.layout, before.values.count == after.values.count {
            var next = 0
            while let i = NumberScan.firstStep(from: before.values, to: after.values, over: floor, startingAt: next) {
                next = i + 1
                let from = before.values[i], to = after.values[i]
                guard from.isFinite, to.isFinite else { continue }
                let (piece, element, property) = after.layout.name(ofValueAt: i)
                guard let limit = limits.limit(piece: piece, element: element, property: property),
                      abs(to - from) > limit, !unseen(piece, element, before, after) else { continue }
                return breach(rule, after, piece, element, property, from: from, to: to, limit: limit)
            }
            return nil
        }
        for piece in after.pieces {
            guard let old = before.piece(piece.name) else { continue }
            for element in piece.elements {
                guard let was = old.element(element.name) else { continue }
                for (position, property) in element.numberNames.enumerated() {
                    guard let from = was[property] else { continue }
                    let to = element.number(at: position)
                    guard abs(to - from) > floor, from.isFinite, to.isFinite,
                          let limit = limits.limit(piece: piece.name, element: element.name, property: property),
                          abs(to - from) > limit, !unseen(piece.name, element.name, before, after) else { continue }
                    return breach(rule, after, piece.name, element.name, property, from: from, to: to, limit: limit)
                }
            }
        }
        return nil
    }

    /// An element drawn at opacity 0 in both frames cannot be seen to move (a hidden puck placed while closed):
    /// asked only of a step past its limit, so frames that keep the rule pay nothing for it.
    static func unseen(_ piece: String, _ element: String, _ before: Frame, _ after: Frame) -> Bool {
        before[piece, element]?["opacity"] == 0 && after[piece, element]?["opacity"] == 0
    }

    static func breach(_ rule: String, _ frame: Frame, _ piece: String, _ element: String, _ property: String,
                       from: Double, to: Double, limit: Double) -> InvariantBreach {
        let words = rule == "still" ? "moved under Reduce Motion"
            : "moved \(format(abs(to - from))) in one frame (at most \(format(limit)))"
        var detail = "\(words): \(format(from)) → \(format(to))"
        // A creep smaller than the log's 3 decimals would read "0.216 → 0.216": say by how much it moved.
        if format(from) == format(to) {
            detail += " (by \(JSONNumberFormat.formatNumber(abs(to - from), decimals: 9)))"
        }
        return InvariantBreach(rule: rule, frame: frame.index, time: frame.time, piece: piece, element: element,
                               property: property, detail: detail)
    }

    static func format(_ value: Double) -> String { JSONNumberFormat.formatNumber(value, decimals: 3) }
}

extension FrameLayout {
    /// The piece, element and number at `position` of a frame's buffer.
    func name(ofValueAt position: Int) -> (piece: String, element: String, property: String) {
        guard let index = pieces.indices.first(where: {
            offsets[$0] <= position && position < offsets[$0] + pieces[$0].valueCount
        }) else { return ("?", "?", "?") }
        let shape = pieces[index]
        let local = position - offsets[index]
        for element in shape.elements where local >= element.offset && local < element.offset + element.numberNames.count {
            return (shape.name, element.name, element.numberNames[local - element.offset])
        }
        return (shape.name, "?", "?")
    }
}
