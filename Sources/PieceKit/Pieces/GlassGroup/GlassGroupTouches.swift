/// Fingers and VoiceOver on a glass group.
///
/// A touch lands on the topmost shape whose outline (as the latest frame presents it, scale included) holds the
/// finger; elsewhere it passes through. While it is down that shape swells (interactive glass) and sinks toward the
/// finger (the pieces' press), re-anchoring as the finger moves; under Reduce Motion it shades instead. Lifting
/// inside the shape's outline is a tap (the app's `onTap`, or the piece's own action); a finger that slid off, or
/// a touch the system cancelled, lets go without acting. A disabled stage takes no touches.
extension GlassGroupPiece {
    func handleTouch(_ touch: Touch, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            guard context.environment.isEnabled, let id = shape(at: touch.location, on: context) else { return }
            context.update {
                pressed = id
                pressAnchor = anchor(for: touch.location, in: id, on: context)
            }
        case .moved:
            guard let id = pressed else { return }
            let anchor = anchor(for: touch.location, in: id, on: context)
            if anchor != pressAnchor { context.update { pressAnchor = anchor } }
        case .ended:
            guard let id = pressed else { return }
            let lands = shape(at: touch.location, on: context) == id
            context.update { pressed = nil }
            if lands { tapped(id) }
        case .cancelled:
            guard pressed != nil else { return }
            context.update { pressed = nil }
        }
    }

    /// The topmost shape at `point` as the latest frame shows it (its published target before any frame).
    func shape(at point: Point, on context: any PieceContext) -> String? {
        var lookup = ShapeLookup(frame: context.latestFrame?.piece(name), targets: context.targets(of: name),
                                 work: context.hostWork())
        for (i, member) in members.enumerated().reversed() where member.phase == .resting {
            let element = "shape.\(member.spec.id)"
            guard let (presented, target) = try? lookup.find(element, member: i) else { return nil }
            guard let rect = presented?.rect ?? target?.rect else { continue }
            let scale = presented?["scale"] ?? target?.number(named: "scale") ?? 1
            let radius = presented?["radius"] ?? target?.number(named: "radius") ?? 0
            let outline = Self.liquidShape(member.spec.id, (rect, radius), scale: scale)
            if outline.distance(to: point) <= 0 { return member.spec.id }
        }
        return nil
    }

    /// The finger in the shape's unit space, leaned toward from the centre (the foundation's press anchor).
    private func anchor(for point: Point, in id: String, on context: any PieceContext) -> Point {
        guard let i = index(of: id) else { return Point(x: 0.5, y: 0.5) }
        let rect = outline(members[i].spec, in: context.environment).rect
        return GesturePhysics.pressAnchor(touch: Point(x: point.x - rect.x, y: point.y - rect.y), in: rect.size)
    }

    /// Every shape at rest is a button, read by its label (its id when it has none), in drawing order; its
    /// activate taps it (nothing, on a disabled stage).
    func accessibilityTree(on context: any PieceContext) -> [AccessibilityElement] {
        var lookup = ShapeLookup(frame: context.latestFrame?.piece(name), targets: context.targets(of: name),
                                 work: context.hostWork())
        return members.enumerated().filter { $0.element.phase == .resting }.compactMap { i, member in
            guard let (presented, target) = try? lookup.find("shape.\(member.spec.id)", member: i),
                  let rect = presented?.rect ?? target?.rect else { return nil }
            var traits = ["button"]
            if !context.environment.isEnabled { traits.append("notEnabled") }
            let id = member.spec.id
            let activate = AccessibilityAction("activate") {
                if context.environment.isEnabled { self.tapped(id) }
            }
            return AccessibilityElement(id: id, label: member.spec.label ?? id, traits: traits,
                                        offering: [activate], frame: rect)
        }
    }
}

/// A group's shape elements found by name in the latest frame and among the published targets, without a search
/// per shape (which made a touch or the accessibility tree of thousands of shapes quadratic). The elements follow
/// the members' order after `group` (see `publishedElements`), so a shape is looked for at its place first; only
/// when shapes came or went since is a table of names made, once, and counted with the host first.
struct ShapeLookup {
    let frame: PieceFrame?
    let targets: [Element]?
    var work: HostWork
    private var framePlaces: [String: Int]?
    private var targetPlaces: [String: Int]?

    init(frame: PieceFrame?, targets: [Element]?, work: HostWork) {
        self.frame = frame; self.targets = targets; self.work = work
    }

    /// The element named `element`, the shape of member `member`, as presented and as published.
    mutating func find(_ element: String, member: Int) throws(HostLimitReached) -> (ElementFrame?, Element?) {
        var presented: ElementFrame?
        if let frame {
            let elements = frame.elements
            if member + 1 < elements.count, elements[member + 1].name == element {
                presented = elements[member + 1]
            } else {
                if framePlaces == nil { framePlaces = try places(elements.lazy.map(\.name), count: elements.count) }
                presented = framePlaces?[element].map { elements[$0] }
            }
        }
        var target: Element?
        if let targets {
            if member + 1 < targets.count, targets[member + 1].name == element {
                target = targets[member + 1]
            } else {
                if targetPlaces == nil { targetPlaces = try places(targets.lazy.map(\.name), count: targets.count) }
                target = targetPlaces?[element].map { targets[$0] }
            }
        }
        return (presented, target)
    }

    /// Each name's first place.
    private mutating func places<Names: Sequence<String>>(_ names: Names, count: Int) throws(HostLimitReached) -> [String: Int] {
        try work.reserve(count * 96)
        var out: [String: Int] = [:]
        out.reserveCapacity(count)
        for (i, name) in names.enumerated() where out[name] == nil {
            try work.step()
            out[name] = i
        }
        return out
    }
}
