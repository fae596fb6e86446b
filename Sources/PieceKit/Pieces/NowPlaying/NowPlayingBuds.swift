extension NowPlaying {
    /// Which bubbles exist and which are out, with the turn rule that keeps an overtaken bloom or gather from
    /// acting. A bubble is added home with no animation, sent out a moment later, and called home before it is
    /// removed, so it always melts in rather than fading. The piece runs the timing; this value holds the rules.
    public struct Buds: Sendable, Equatable {
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
}
