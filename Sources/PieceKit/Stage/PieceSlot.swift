/// The stage's memory of one piece: what it last published, and one animator per published number.
///
/// Appearing and disappearing (the rule the stage follows, since a frame shows only what a piece publishes now):
/// - an element or number seen for the first time starts at its target (it appears in place, no animation);
/// - one no longer published is dropped at once, with its animation: it is absent from the next frame;
/// - one published again later starts afresh at its new target.
/// Fades and slides in or out are the piece's to publish (e.g. keep the element with opacity 0, then remove it).
final class PieceSlot {
    let piece: any StagePiece
    let name: String
    private(set) var published: [Element] = []
    private(set) var elements: [ElementState] = []
    /// The latest sample and its time: a piece's own check of its presented shapes (the liquid merge watch) and
    /// the frame rendered at the same time read the same numbers, so they are worked out once. Forgotten whenever
    /// the elements change.
    private var lastSample: (time: Double, frame: PieceFrame)?

    /// One element's live state. Arrays are parallel (`numberNames[i]` is animated by `animators[i]`).
    struct ElementState {
        let name: String
        var numberNames: [String] = []
        var animators: [AnimatedValue] = []
        /// The value each number's implicit animation watched at the last update (nil: none).
        var watched: [ElementValue?] = []
        /// Numbers whose motion does not hold up a settle (`Element.Number.isBackground`).
        var background: [Bool] = []
        var attributes: [NamedValue] = []
    }

    init(piece: any StagePiece) {
        self.piece = piece
        self.name = piece.name
    }

    /// Moves every number toward the newly published targets. Changes start at `begin` (a frame time) with the
    /// animation the transaction gives each (see `Transaction.effectiveAnimation`). Returns whether anything
    /// published differs from before, so the stage knows a frame is owed.
    func reconcile(_ newElements: [Element], transaction: Transaction, begin: Double,
                   warn: (String) -> Void) -> Bool {
        // The common case: the same elements in the same order. Each one is compared with what it published
        // last, and only those that changed are reconciled; unchanged ones keep their state as it is (reconciling
        // an equal element would rebuild the same state).
        if newElements.count == published.count, elements.count == newElements.count,
           zip(elements, newElements).allSatisfy({ $0.name == $1.name }) {
            var changed = false
            for index in newElements.indices where newElements[index] != published[index] {
                elements[index] = reconcile(newElements[index], old: elements[index], transaction: transaction,
                                            begin: begin, warn: warn)
                changed = true
            }
            guard changed else { return false }
            lastSample = nil
            published = newElements
            return true
        }
        lastSample = nil
        var oldIndex: [String: Int] = [:]
        for (index, state) in elements.enumerated() { oldIndex[state.name] = index }
        var next: [ElementState] = []
        next.reserveCapacity(newElements.count)
        var seenElements: Set<String> = []
        for element in newElements {
            guard seenElements.insert(element.name).inserted else {
                warn("\(name): element \"\(element.name)\" is published twice; the second is ignored")
                continue
            }
            let old = oldIndex[element.name].map { elements[$0] }
            next.append(reconcile(element, old: old, transaction: transaction, begin: begin, warn: warn))
        }
        elements = next
        published = newElements
        return true
    }

    private func reconcile(_ element: Element, old: ElementState?, transaction: Transaction, begin: Double,
                           warn: (String) -> Void) -> ElementState {
        var state = ElementState(name: element.name)
        state.numberNames.reserveCapacity(element.numbers.count)
        state.animators.reserveCapacity(element.numbers.count)
        state.watched.reserveCapacity(element.numbers.count)
        var seen = NameSet(expected: element.numbers.count + element.attributes.count)
        for (position, number) in element.numbers.enumerated() {
            guard seen.insert(number.name) else {
                warn("\(name).\(element.name): \"\(number.name)\" is published twice; the second is ignored")
                continue
            }
            let watched = number.animation?.value
            let previous = old.flatMap { Self.index(of: number.name, in: $0.numberNames, near: position) }
            guard let old, let previous else {
                state.append(number.name, AnimatedValue(number.value), watched: watched,
                             background: number.isBackground)
                continue
            }
            var animator = old.animators[previous]
            let current = animator.target
            if current != number.value {
                let before = old.watched[previous]
                let valueChanged = before != nil && watched != nil && before != watched
                var animation = transaction.effectiveAnimation(implicit: number.animation, valueChanged: valueChanged)
                // No path leads to or from a number that is not finite; it would poison the spring's arithmetic.
                if !current.isFinite || !number.value.isFinite { animation = nil }
                animator.set(number.value, animation: animation, at: begin)
            }
            state.append(number.name, animator, watched: watched, background: number.isBackground)
        }
        for attribute in element.attributes {
            guard seen.insert(attribute.name) else {
                warn("\(name).\(element.name): \"\(attribute.name)\" is published twice; the second is ignored")
                continue
            }
            state.attributes.append(attribute)
        }
        return state
    }

    /// Where `name` sits in `names`; tries the same position first, since layouts rarely reorder.
    private static func index(of name: String, in names: [String], near position: Int) -> Int? {
        if position < names.count, names[position] == name { return position }
        return names.firstIndex(of: name)
    }

    // MARK: Sampling

    /// Every element at `time`. Numbers at rest cost no allocation: their value is the stored target.
    func sample(at time: Double) -> PieceFrame {
        if let lastSample, lastSample.time == time { return lastSample.frame }
        var frames: [ElementFrame] = []
        frames.reserveCapacity(elements.count)
        for state in elements {
            var values: [Double] = []
            values.reserveCapacity(state.animators.count)
            for animator in state.animators {
                values.append(animator.value(at: time))
            }
            frames.append(ElementFrame(name: state.name, numberNames: state.numberNames, values: values,
                                       attributes: state.attributes))
        }
        let frame = PieceFrame(name: name, elements: frames)
        lastSample = (time, frame)
        return frame
    }

    /// Whether a number that holds up a settle is moving at `time` (with `includingBackground`, any number).
    func isAnimating(at time: Double, includingBackground: Bool = false) -> Bool {
        elements.contains { state in
            state.animators.indices.contains { index in
                (includingBackground || !state.background[index]) && state.animators[index].isAnimating(at: time)
            }
        }
    }

    /// `piece.element.number` for every number still moving at `time` that holds up a settle, in published order.
    func animatingPaths(at time: Double) -> [String] {
        var paths: [String] = []
        for state in elements {
            for (index, animator) in state.animators.enumerated()
            where !state.background[index] && animator.isAnimating(at: time) {
                paths.append("\(name).\(state.name).\(state.numberNames[index])")
            }
        }
        return paths
    }
}

private extension PieceSlot.ElementState {
    mutating func append(_ name: String, _ animator: AnimatedValue, watched value: ElementValue?, background: Bool) {
        numberNames.append(name)
        animators.append(animator)
        watched.append(value)
        self.background.append(background)
    }
}

/// The names seen so far in one element, to drop a repeated one. An element has a handful of names, so a list
/// searched in turn costs less than hashing each into a set; a large element uses a set.
private struct NameSet {
    private var list: [String] = []
    private var set: Set<String>?

    init(expected: Int) {
        if expected > 16 { set = Set(minimumCapacity: expected) } else { list.reserveCapacity(expected) }
    }

    /// Adds `name`; false when it was already there.
    mutating func insert(_ name: String) -> Bool {
        if set != nil { return set!.insert(name).inserted }
        if list.contains(name) { return false }
        list.append(name)
        return true
    }
}
