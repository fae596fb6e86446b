/// Bubbles that bud out of a parent and melt back into it, as liquid glass does: which bubbles exist and which are
/// out, with the turn rule that keeps an overtaken bloom or gather from acting. A bubble is added home with no
/// animation, sent out a moment later, and called home before it is removed, so it always melts in rather than
/// fading. `BudHost` runs the timing; this value holds the rules. NowPlaying's skip bubbles and the buds of a Lua
/// piece are both this.
public struct BudSet<Bubble: Hashable & Sendable>: Sendable, Equatable {
    /// Present bubbles, in the order they were added (the order they are drawn and listed).
    public private(set) var present: [Bubble] = []
    public private(set) var out: Set<Bubble> = []
    /// The latest call for each bubble: a bloom or gather acts on a bubble only while its call is the latest.
    public private(set) var turn: [Bubble: Int] = [:]

    public init() {}

    public func contains(_ bubble: Bubble) -> Bool { present.contains(bubble) }
    public func isOut(_ bubble: Bubble) -> Bool { out.contains(bubble) }

    /// Takes the next turn for each bubble; the returned turns are this call's own.
    public mutating func claim(_ bubbles: [Bubble]) -> [Bubble: Int] {
        var mine: [Bubble: Int] = [:]
        for bubble in bubbles {
            let next = (turn[bubble] ?? 0) + 1
            turn[bubble] = next
            mine[bubble] = next
        }
        return mine
    }

    /// Whether `bubble`'s latest call is still the one that took `turns`.
    public func holds(_ bubble: Bubble, _ turns: [Bubble: Int]) -> Bool {
        turn[bubble] == turns[bubble]
    }

    /// Puts bubbles straight out at rest (a first frame).
    public mutating func place(_ bubbles: [Bubble]) {
        _ = claim(bubbles)
        add(bubbles)
        out.formUnion(bubbles)
    }

    /// Adds bubbles home (not out), keeping any already present where they are.
    public mutating func add(_ bubbles: [Bubble]) {
        for bubble in bubbles where !present.contains(bubble) { present.append(bubble) }
    }

    public mutating func send(_ bubble: Bubble) { out.insert(bubble) }

    public mutating func call(_ bubble: Bubble) { out.remove(bubble) }

    /// Removes the bubbles of a gather that are still home and still that gather's.
    public mutating func removeGathered(_ bubbles: [Bubble], turns: [Bubble: Int]) {
        let out = self.out, turn = self.turn
        present.removeAll { bubbles.contains($0) && !out.contains($0) && turn[$0] == turns[$0] }
    }
}

/// The timing of budding, in seconds, from the liquid glass specification.
public enum Budding {
    /// A bloom adds its bubbles home, then sends them out this long after (plus each one's stagger).
    public static let lead = 0.024
    /// Bubbles leave their parent this far apart, and come home `gatherStagger` apart.
    public static let bloomStagger = 0.05
    public static let gatherStagger = 0.04
    /// A gathered bubble is removed this long, plus one stagger per bubble, after it was called home.
    public static let removal = 0.52
}

/// A bubble's name in scheduled work's labels.
public protocol BudName: Hashable, Sendable {
    var budName: String { get }
}

extension String: BudName {
    public var budName: String { self }
}

/// A piece that buds bubbles out of a parent: it keeps a `BudSet` and lays its bubbles out from it (home inside
/// the parent at `Liquid.homeScale`, or out at rest); blooming and gathering run on its context's clock.
public protocol BudHost: AnyObject {
    associatedtype Bubble: BudName
    var name: String { get }
    var buds: BudSet<Bubble> { get set }
    var context: (any PieceContext)? { get }
}

extension BudHost {
    /// Adds bubbles home with no animation, then sends each out `stagger` apart on the split spring, `lead` plus
    /// `delay` (none below 0) later. A bubble called again meanwhile (the turn rule) is left alone. Reduce Motion
    /// is read when bloom is called, as the specification passes it in then: a change during the wait does not
    /// change how these bubbles go out.
    public func bloom(_ bubbles: [Bubble], stagger: Double = Budding.bloomStagger, delay: Double = 0) {
        guard let context else { return }
        let turns = buds.claim(bubbles)
        let rm = context.environment.reduceMotion
        context.transact(Transaction(disablesAnimations: true)) { buds.add(bubbles) }
        context.schedule(after: Budding.lead + max(delay, 0), label: "\(name): bloom \(Self.names(bubbles))") { [weak self] in
            guard let self, let context = self.context else { return }
            let split = Liquid.split(reduceMotion: rm)
            for (index, bubble) in bubbles.enumerated() where self.buds.holds(bubble, turns) {
                context.transact(split.delay(rm ? 0 : Double(index) * stagger)) { self.buds.send(bubble) }
            }
        }
    }

    /// Calls bubbles home, last first, `stagger` apart on the home spring, then removes them once they have melted
    /// in (`Budding.removal` plus one stagger per bubble), unless they were called out again.
    public func gather(_ bubbles: [Bubble], stagger: Double = Budding.gatherStagger) {
        guard let context else { return }
        let turns = buds.claim(bubbles)
        let rm = context.environment.reduceMotion
        let home = Liquid.home(reduceMotion: rm)
        for (index, bubble) in bubbles.reversed().enumerated() {
            context.transact(home.delay(rm ? 0 : Double(index) * stagger)) { buds.call(bubble) }
        }
        let removal = Budding.removal + Double(bubbles.count) * stagger
        context.schedule(after: removal, label: "\(name): remove \(Self.names(bubbles))") { [weak self] in
            guard let self, let context = self.context else { return }
            context.transact(Transaction(disablesAnimations: true)) { self.buds.removeGathered(bubbles, turns: turns) }
        }
    }

    static func names(_ bubbles: [Bubble]) -> String {
        bubbles.map(\.budName).joined(separator: ", ")
    }
}
