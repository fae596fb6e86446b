/// Finding which of many glass shapes merge without measuring every pair.
///
/// A group's shapes are a script's to choose, thousands of them; measuring every pair is quadratic in time. The
/// gap between two outlines is never less than the distance between their bounding boxes along either axis less
/// the two shapes' reach (`reach`), so only pairs whose boxes, grown by half the spacing on every side, overlap
/// can merge. Those pairs are found through grids of square cells, one grid per power-of-two size, each box kept
/// in the grid its size belongs to: a box meets at most three cells a side of any grid at or above its own size,
/// so each shape looks at a few cells per size present, and a giant shape next to small ones costs no more than
/// its neighbours. Every pair found is then measured with `LiquidShape.gap`, first shape first, as the loop over
/// every pair measured it, and the pairs come out in that loop's order: by first shape, then by second, in the
/// shapes' order. So the result is the same pairs with the same gaps, bit for bit.
extension Liquid {
    /// Two shapes that merge: their positions in the list given, `first` before `second`, and the gap between them.
    public struct MergingPair: Equatable, Sendable {
        public var first: Int
        public var second: Int
        public var gap: Double
    }

    /// Every pair of `shapes` strictly closer than `spacing` (`merges(gap:spacing:)`), ordered by first shape
    /// then second. `work` is asked in every loop and before each allocation the number of shapes or pairs sizes.
    public static func mergingPairs(_ shapes: [LiquidShape], spacing: Double,
                                    work: inout HostWork) throws(HostLimitReached) -> [MergingPair] {
        let n = shapes.count
        guard n > 1 else { return [] }
        // Past 2^31 - 1 shapes the indices below would not fit; memory refuses far sooner.
        guard n < Int(Int32.max) else { throw HostLimitReached(reason: "too many glass shapes (\(n))") }
        // Shapes measured by every loop pair while the count is small: the grid costs more than it saves.
        if n <= 16 { return try allPairs(shapes, spacing: spacing, work: &work) }
        var sweep = try PairSweep(shapes, spacing: spacing, work: &work)
        var candidates = try sweep.candidates(work: &work)
        return try measured(&candidates, shapes, spacing: spacing, work: &work)
    }

    /// Every pair measured, in the loop's order: the rule the sweep must agree with.
    static func allPairs(_ shapes: [LiquidShape], spacing: Double,
                         work: inout HostWork) throws(HostLimitReached) -> [MergingPair] {
        var pairs: [MergingPair] = []
        for i in shapes.indices {
            for j in shapes.indices where j > i {
                try work.step()
                let gap = shapes[i].gap(to: shapes[j])
                if merges(gap: gap, spacing: spacing) {
                    if pairs.count == pairs.capacity {
                        try work.reserve(HostBytes.array(max(pairs.count, 8), of: MergingPair.self))
                        pairs.reserveCapacity(max(pairs.count * 2, 16))
                    }
                    pairs.append(MergingPair(first: i, second: j, gap: gap))
                }
            }
        }
        return pairs
    }

    /// The candidate pairs (each maybe more than once), by first shape then second, measured; repeats dropped.
    private static func measured(_ candidates: inout PairSweep.Candidates, _ shapes: [LiquidShape], spacing: Double,
                                 work: inout HostWork) throws(HostLimitReached) -> [MergingPair] {
        var pairs: [MergingPair] = []
        for first in 0..<shapes.count {
            let range = Int(candidates.start[first])..<Int(candidates.start[first + 1])
            guard !range.isEmpty else { continue }
            try work.steps(range.count)
            candidates.seconds[range].sort()
            var previous: Int32 = -1
            for k in range {
                let second = candidates.seconds[k]
                guard second != previous else { continue }
                previous = second
                let gap = shapes[first].gap(to: shapes[Int(second)])
                guard merges(gap: gap, spacing: spacing) else { continue }
                if pairs.count == pairs.capacity {
                    try work.reserve(HostBytes.array(max(pairs.count, 8), of: MergingPair.self))
                    pairs.reserveCapacity(max(pairs.count * 2, 16))
                }
                pairs.append(MergingPair(first: first, second: Int(second), gap: gap))
            }
        }
        return pairs
    }
}

extension LiquidShape {
    /// How far the outline can reach from the centre along each axis, for the merge rule's bound: the gap to any
    /// other shape is at least the distance between the centres along an axis less both shapes' reach (a circle's
    /// radius, else the half side). Never negative: a shape turned inside out by an overshooting spring is
    /// treated as reaching nowhere, which only lets more pairs through to be measured.
    var reach: (x: Double, y: Double) {
        if isCircle { return (max(radius, 0), max(radius, 0)) }
        return (max(halfWidth, 0), max(halfHeight, 0))
    }
}

/// The grids of `Liquid.mergingPairs`: every shape's box (grown by half the spacing), the grid it belongs to, and
/// the shapes in each cell.
private struct PairSweep {
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        /// log2 of its grid's cell side.
        var level: Int
    }

    struct Cell: Hashable {
        let level: Int
        let x: Int
        let y: Int
    }

    /// The candidate pairs by first shape: `seconds[start[i]..<start[i + 1]]` are the shapes after shape `i`
    /// whose boxes meet its box.
    struct Candidates {
        var start: [Int32]
        var seconds: [Int32]
    }

    let boxes: [Box]
    /// Shapes whose numbers are not finite (never on a real stage): measured against every other shape.
    let odd: [Int]
    /// The grid levels that hold a shape, in increasing order.
    let levels: [Int]
    /// Each cell's shapes, in the shapes' order.
    var cells: [Cell: [Int32]] = [:]

    /// About what the sweep holds per shape: its box, its place in up to nine cells, the cells' table.
    static let bytesPerShape = MemoryLayout<Box>.stride + 9 * 4 + 4 * 96

    init(_ shapes: [LiquidShape], spacing: Double, work: inout HostWork) throws(HostLimitReached) {
        let n = shapes.count
        try work.reserve(n * Self.bytesPerShape + HostBytes.array(n + 1, of: Int32.self))
        // Numbers as large as the shapes' are rounded in the last place when the gap is measured: a margin far
        // past that rounding lets a pair on the very edge through to be measured rather than missed.
        var largest = abs(spacing)
        for shape in shapes {
            let reach = shape.reach
            for v in [shape.center.x, shape.center.y, reach.x, reach.y] where v.isFinite { largest = max(largest, abs(v)) }
        }
        let grow = spacing / 2 + largest * 1e-9 + 1e-300
        var boxes: [Box] = []
        boxes.reserveCapacity(n)
        var odd: [Int] = []
        var biggest = 0.0
        for (i, shape) in shapes.enumerated() {
            try work.step()
            let reach = shape.reach
            let box = Box(minX: shape.center.x - reach.x - grow, minY: shape.center.y - reach.y - grow,
                          maxX: shape.center.x + reach.x + grow, maxY: shape.center.y + reach.y + grow, level: 0)
            let side = max(box.maxX - box.minX, box.maxY - box.minY)
            if box.minX.isFinite && box.minY.isFinite && box.maxX.isFinite && box.maxY.isFinite && side.isFinite {
                biggest = max(biggest, abs(box.minX), abs(box.minY), abs(box.maxX), abs(box.maxY))
            } else {
                odd.append(i)
            }
            boxes.append(box)
        }
        // Cells no smaller than 2^-50 of the farthest coordinate, so a cell's number always fits an Int.
        let lowest = biggest > 0 ? max(Int(biggest.exponent) - 50, -1000) : -1000
        var levels = Set<Int>()
        let oddSet = Set(odd)
        for i in boxes.indices where !oddSet.contains(i) {
            let b = boxes[i]
            let side = max(b.maxX - b.minX, b.maxY - b.minY)
            // The smallest power of two above the side: the box meets at most two cells a side of its grid (three
            // when rounding or the top level leaves it a hair larger).
            let level = min(max(side > 0 ? Int(side.exponent) + 1 : lowest, lowest), 1023)
            boxes[i].level = level
            levels.insert(level)
        }
        self.boxes = boxes
        self.odd = odd
        self.levels = levels.sorted()
        var cells: [Cell: [Int32]] = [:]
        for i in boxes.indices where !oddSet.contains(i) {
            try work.step()
            let b = boxes[i]
            Self.forEachCell(of: b, at: b.level) { cells[$0, default: []].append(Int32(i)) }
        }
        self.cells = cells
    }

    /// Calls `body` with each cell of the grid at `level` that `box` meets.
    @inline(__always)
    static func forEachCell<E: Error>(of box: Box, at level: Int, _ body: (Cell) throws(E) -> Void) throws(E) {
        let scale = Double(sign: .plus, exponent: -level, significand: 1)
        let x0 = Int((box.minX * scale).rounded(.down)), x1 = Int((box.maxX * scale).rounded(.down))
        let y0 = Int((box.minY * scale).rounded(.down)), y1 = Int((box.maxY * scale).rounded(.down))
        for x in x0...x1 { for y in y0...y1 { try body(Cell(level: level, x: x, y: y)) } }
    }

    static func meet(_ a: Box, _ b: Box) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// Every pair whose boxes meet (and every pair with an odd shape), found once from the smaller box's side
    /// (the earlier shape's between two of one grid), bucketed by first shape.
    mutating func candidates(work: inout HostWork) throws(HostLimitReached) -> Candidates {
        let n = boxes.count
        var found: [(Int32, Int32)] = []
        func add(_ a: Int, _ b: Int) throws(HostLimitReached) {
            if found.count == found.capacity {
                try work.reserve(HostBytes.array(max(found.count, 64), of: (Int32, Int32).self))
                found.reserveCapacity(max(found.count * 2, 128))
            }
            found.append(a < b ? (Int32(a), Int32(b)) : (Int32(b), Int32(a)))
        }
        let oddSet = Set(odd)
        for i in 0..<n where !oddSet.contains(i) {
            let box = boxes[i]
            for level in levels where level >= box.level {
                try Self.forEachCell(of: box, at: level) { cell throws(HostLimitReached) in
                    guard let members = cells[cell] else { return }
                    try work.steps(members.count + 1)
                    for m in members {
                        let j = Int(m)
                        let other = boxes[j]
                        if j == i || (other.level == box.level && j < i) { continue }
                        if Self.meet(box, other) { try add(i, j) }
                    }
                }
            }
        }
        for i in odd {
            for j in 0..<n where j != i && !(oddSet.contains(j) && j < i) {
                try work.step()
                try add(i, j)
            }
        }
        cells = [:]
        // Bucketed by first shape (a counting sort: linear, and every pass counted).
        try work.reserve(HostBytes.array(n + 1, of: Int32.self) + HostBytes.array(found.count, of: Int32.self))
        var start = [Int32](repeating: 0, count: n + 1)
        for (a, _) in found { start[Int(a) + 1] += 1 }
        try work.steps(found.count)
        for i in 0..<n { start[i + 1] += start[i] }
        var next = start
        var seconds = [Int32](repeating: 0, count: found.count)
        for (a, b) in found {
            seconds[Int(next[Int(a)])] = b
            next[Int(a)] += 1
        }
        try work.steps(found.count)
        return Candidates(start: start, seconds: seconds)
    }
}
