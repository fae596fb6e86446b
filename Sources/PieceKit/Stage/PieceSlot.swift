/// The stage's memory of one piece: what it last published, and one animator per published number.
///
/// Appearing and disappearing (the rule the stage follows, since a frame shows only what a piece publishes now):
/// - an element or number seen for the first time starts at its target (it appears in place, no animation);
/// - one no longer published is dropped at once, with its animation: it is absent from the next frame;
/// - one published again later starts afresh at its new target.
/// Fades and slides in or out are the piece's to publish (e.g. keep the element with opacity 0, then remove it).
///
/// The slot also keeps the piece's `PieceShape` (names and attributes, what frames share): it is made again only
/// when a reconcile changed more than numbers, so frames rendered meanwhile share one.
final class PieceSlot {
    let piece: any StagePiece
    let name: String
    private(set) var published: [Element] = []
    private(set) var elements: [ElementState] = []
    /// The latest sample and its time: a piece's own check of its presented shapes (the liquid merge watch) and
    /// the frame rendered at the same time read the same numbers, so they are worked out once. Forgotten whenever
    /// the elements change.
    private var lastSample: (time: Double, values: [Double])?
    private var cachedShape: PieceShape? {
        didSet { if cachedShape == nil { opacityPlaces = nil } }
    }
    /// The places of the opacities among the numbers (nil: to be found again, after the names changed).
    private var opacityPlaces: [Int]?
    /// The shape the latest frame's layout holds: a new shape counts only what it does not share with it, since
    /// that is what the frames before it already count (a shape made between frames, for a piece's own look at
    /// itself, may never be in a frame).
    private var framedShape: PieceShape?
    /// How many numbers the elements hold together.
    private(set) var valueCount = 0
    /// How many published elements were compared with the ones before and how many of those were brought up to
    /// date in place (same names in the same places): for tests of how much work a reconcile does.
    private(set) var elementsCompared = 0
    private(set) var elementsUpdatedInPlace = 0
    /// How the piece is asked for its elements, memoised on its input when it is a `MemoisedPiece`.
    let memo: ElementsMemo
    /// How many asks found the input as before and made nothing: for tests of how much work a frame does.
    var asksSkipped: Int { memo.counts.kept }
    /// How many element lists the piece made afresh, and how many it brought up to date from the last one.
    var listsMade: Int { memo.counts.made }
    var listsPatched: Int { memo.counts.updated }

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
        memo = ElementsMemo(for: piece)
    }

    /// Names and attributes as frames share them, made again only after a change other than in numbers.
    var shape: PieceShape {
        if let cachedShape { return cachedShape }
        var shapes: [ElementShape] = []
        shapes.reserveCapacity(elements.count)
        var offset = 0
        for state in elements {
            shapes.append(ElementShape(name: state.name, numberNames: state.numberNames, attributes: state.attributes,
                                       offset: offset))
            offset += state.numberNames.count
        }
        let made = PieceShape(name: name, elements: shapes, valueCount: offset, previous: framedShape)
        cachedShape = made
        return made
    }

    /// The stage put `shape` in a new frame layout.
    func noteFramed(_ shape: PieceShape) {
        framedShape = shape
    }

    /// Moves every number toward the newly published targets. Changes start at `begin` (a frame time) with the
    /// animation the transaction gives each (see `Transaction.effectiveAnimation`). Returns whether anything
    /// published differs from before, so the stage knows a frame is owed.
    func reconcile(_ newElements: [Element], transaction: Transaction, begin: Double,
                   warn: (String) -> Void) -> Bool {
        // A piece that hands back the very list it published last (a memo of its layout) changed nothing.
        if Self.sameStorage(newElements, published) { return false }
        // The common case: the same elements in the same order. Each one is compared with what it published
        // last, and only those that changed are reconciled; unchanged ones keep their state as it is (reconciling
        // an equal element would rebuild the same state).
        if newElements.count == published.count, elements.count == newElements.count,
           let result = reconcileInPlace(newElements, transaction: transaction, begin: begin, warn: warn) {
            elementsCompared &+= newElements.count
            guard result.changed else {
                published = newElements
                return false
            }
            lastSample = nil
            if result.reshaped {
                cachedShape = nil
                valueCount = elements.reduce(0) { $0 + $1.numberNames.count }
            }
            published = newElements
            return true
        }
        lastSample = nil
        cachedShape = nil
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
            var state = reconcile(element, old: old, transaction: transaction, begin: begin, warn: warn)
            // Lists equal to the old ones keep the old storage, which frames' shapes already share.
            if let old {
                if state.numberNames == old.numberNames { state.numberNames = old.numberNames }
                if state.attributes == old.attributes { state.attributes = old.attributes }
            }
            next.append(state)
        }
        elements = next
        valueCount = next.reduce(0) { $0 + $1.numberNames.count }
        published = newElements
        return true
    }

    /// The common case of `reconcile`, when the counts agree: with the same element names in the same places, each
    /// changed element is brought up to date where it stands. Returns whether anything changed and whether any
    /// name or attribute did (the shape must be made again), or nil, touching nothing, when the names differ.
    ///
    /// Every list is read where it lies (borrowed buffers): copying an element or a state out of its list retains
    /// each of its arrays, and this runs for every element of every piece on every reconcile.
    private func reconcileInPlace(_ newElements: [Element], transaction: Transaction, begin: Double,
                                  warn: (String) -> Void) -> (changed: Bool, reshaped: Bool)? {
        let count = newElements.count
        var changed = false
        var reshaped = false
        var updatedInPlace = 0
        let sameNames = newElements.withUnsafeBufferPointer { new in
            published.withUnsafeBufferPointer { old in
                elements.withUnsafeMutableBufferPointer { states in
                    guard (0..<count).allSatisfy({ states[$0].name == new[$0].name }) else { return false }
                    for index in 0..<count where new[index] != old[index] {
                        changed = true
                        // The usual change: new numbers or attribute values under the same names. The state is
                        // brought up to date where it is, with no list made again.
                        if let attributesChanged = states[index].update(to: new[index], transaction: transaction,
                                                                        begin: begin) {
                            updatedInPlace &+= 1
                            if attributesChanged { reshaped = true }
                            continue
                        }
                        let before = states[index]
                        var state = reconcile(new[index], old: before, transaction: transaction, begin: begin,
                                              warn: warn)
                        // Names and attributes as before: keep the old arrays, so the shape frames share stands.
                        if state.numberNames == before.numberNames {
                            state.numberNames = before.numberNames
                        } else {
                            reshaped = true
                        }
                        if state.attributes == before.attributes {
                            state.attributes = before.attributes
                        } else {
                            reshaped = true
                        }
                        states[index] = state
                    }
                    return true
                }
            }
        }
        guard sameNames else { return nil }
        elementsUpdatedInPlace &+= updatedInPlace
        return (changed, reshaped)
    }

    /// Whether two lists are one and the same storage (a piece's memo handed back as it was).
    private static func sameStorage(_ a: [Element], _ b: [Element]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
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
            animator.move(to: number, watching: watched, watchedBefore: old.watched[previous],
                          transaction: transaction, begin: begin)
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

    /// Every element at `time`, as the piece's own numbers in shape order. Numbers at rest cost no arithmetic:
    /// their value is the stored target.
    func sample(at time: Double) -> PieceFrame {
        PieceFrame(shape: shape, values: sampledValues(at: time), base: 0)
    }

    /// Writes every number at `time` into `buffer` from `start` on (`valueCount` of them), allocating nothing.
    func sample(at time: Double, into buffer: UnsafeMutableBufferPointer<Double>, from start: Int) {
        if let lastSample, lastSample.time == time {
            lastSample.values.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                (to + start).update(from: from, count: source.count)
            }
            return
        }
        // Read in place (borrowed buffers), so the loop retains no array per element or per number.
        var position = start
        var samples = SpringSamples()
        elements.withUnsafeBufferPointer { states in
            for state in states {
                state.animators.withUnsafeBufferPointer { animators in
                    for animator in animators {
                        buffer[position] = animator.value(at: time, sharing: &samples)
                        position += 1
                    }
                }
            }
        }
        // Opacities are drawn clamped to 0…1, as SwiftUI clamps one when it renders (a spring may carry it past 1;
        // the frame shows what is drawn). min/max keep a NaN a NaN, for the finite rule to find.
        let places = opacityPlaces ?? findOpacityPlaces()
        places.withUnsafeBufferPointer { places in
            for place in places {
                buffer[start + place] = Swift.min(Swift.max(buffer[start + place], 0), 1)
            }
        }
    }

    /// Where the piece's opacities sit among its numbers (`Element.isOpacity`), found once per change of its
    /// elements' names, as the shape is.
    private func findOpacityPlaces() -> [Int] {
        // Read in place, as sampling reads: copying an element's state would retain each of its arrays.
        var places: [Int] = []
        var position = 0
        elements.withUnsafeBufferPointer { states in
            for index in states.indices {
                states[index].numberNames.withUnsafeBufferPointer { names in
                    for place in names.indices {
                        if Element.isOpacity(names[place]) { places.append(position) }
                        position += 1
                    }
                }
            }
        }
        opacityPlaces = places
        return places
    }

    private func sampledValues(at time: Double) -> [Double] {
        if let lastSample, lastSample.time == time { return lastSample.values }
        let values = [Double](unsafeUninitializedCapacity: valueCount) { buffer, count in
            sample(at: time, into: buffer, from: 0)
            count = valueCount
        }
        lastSample = (time, values)
        return values
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

    /// Brings the state up to `element` in place when it publishes the same number and attribute names in the
    /// same order (nothing added, dropped, moved or repeated, so each number keeps its animator where it is):
    /// returns whether the attributes changed, or nil, touching nothing, when the names differ.
    mutating func update(to element: Element, transaction: Transaction, begin: Double) -> Bool? {
        let count = numberNames.count
        guard element.numbers.count == count, element.attributes.count == attributes.count else { return nil }
        // The names kept here are unique (repeats were dropped when they were first met), so the same names in
        // the same places cannot repeat either.
        let sameNames = element.numbers.withUnsafeBufferPointer { numbers in
            numberNames.withUnsafeBufferPointer { names in
                (0..<count).allSatisfy { numbers[$0].name == names[$0] }
            }
        } && zip(element.attributes, attributes).allSatisfy { $0.name == $1.name }
        guard sameNames else { return nil }
        element.numbers.withUnsafeBufferPointer { numbers in
            guard let first = numbers.baseAddress else { return }
            for position in 0..<count {
                // Read where it lies: copying a number copies its name and its animation.
                let number = first + position
                let value = number.pointee.animation?.value
                if animators[position].target != number.pointee.value {
                    animators[position].move(to: number.pointee, watching: value, watchedBefore: watched[position],
                                             transaction: transaction, begin: begin)
                }
                watched[position] = value
                background[position] = number.pointee.isBackground
            }
        }
        guard element.attributes != attributes else { return false }
        attributes = element.attributes
        return true
    }
}

private extension AnimatedValue {
    /// Heads for `number`'s value, when it moved, with the animation the transaction gives it: the number's
    /// implicit animation when the value it watches (`watched`, its implicit animation's) changed since
    /// `watchedBefore`, else the transaction's.
    mutating func move(to number: Element.Number, watching watched: ElementValue?, watchedBefore before: ElementValue?,
                       transaction: Transaction, begin: Double) {
        let current = target
        guard current != number.value else { return }
        let valueChanged = before != nil && watched != nil && before != watched
        var animation = transaction.effectiveAnimation(implicit: number.animation, valueChanged: valueChanged)
        // No path leads to or from a number that is not finite; it would poison the spring's arithmetic.
        if !current.isFinite || !number.value.isFinite { animation = nil }
        if animation == nil, transaction.holds {
            place(number.value)
        } else {
            set(number.value, animation: animation, at: begin)
        }
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
