import Testing
@testable import PieceKit

/// The merge check finds its pairs through grids instead of measuring every pair, and must find exactly the pairs
/// the loop over every pair finds, with the same gaps, in the same order. It asks the host's limits as it goes, so
/// a group a script made huge is stopped by a limit, and the necks of shapes that all overlap are counted before
/// they are made.
@Suite struct GlassPairSweepTests {
    /// A fixed sequence of numbers (SplitMix64), so every run measures the same shapes.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        mutating func within(_ low: Double, _ high: Double) -> Double { low + (high - low) * next() }
    }

    /// Shapes of every kind the pieces present: circles (some with a radius past their half side), capsules,
    /// rounded rects, tiny and giant ones, and some an overshooting spring turned inside out.
    static func shapes(_ count: Int, seed: UInt64, area: Double, size: Double) -> [LiquidShape] {
        var r = Numbers(state: seed)
        return (0..<count).map { i in
            let center = Point(x: r.within(-area, area), y: r.within(-area, area))
            var hw = r.within(0.5, size), hh = r.within(0.5, size)
            let kind = Int(r.next() * 6)
            var radius: Double
            switch kind {
            case 0: hh = hw; radius = hw                         // a circle
            case 1: hh = hw; radius = hw * r.within(1, 3)        // a circle whose radius reaches past its box
            case 2: radius = min(hw, hh)                         // a capsule
            case 3: radius = r.within(0, min(hw, hh))            // a rounded rect
            case 4: hw *= 40; radius = r.within(0, hh)           // a long bar
            default: hw = -hw; hh = -hh; radius = -r.within(0, 3) // scaled through zero by a spring
            }
            return LiquidShape(name: "s\(i)", center: center, halfWidth: hw, halfHeight: hh, radius: radius)
        }
    }

    func loopOverEveryPair(_ shapes: [LiquidShape], spacing: Double) throws -> [Liquid.MergingPair] {
        var work = HostWork()
        return try Liquid.allPairs(shapes, spacing: spacing, work: &work)
    }

    func sweep(_ shapes: [LiquidShape], spacing: Double) throws -> [Liquid.MergingPair] {
        var work = HostWork()
        return try Liquid.mergingPairs(shapes, spacing: spacing, work: &work)
    }

    @Test(arguments: [
        (seed: UInt64(1), count: 300, area: 400.0, size: 30.0, spacing: 16.0),
        (seed: 2, count: 300, area: 2000.0, size: 30.0, spacing: 16.0),
        (seed: 3, count: 200, area: 100.0, size: 60.0, spacing: 0.0),
        (seed: 4, count: 250, area: 5000.0, size: 400.0, spacing: 250.0),
        (seed: 5, count: 120, area: 50.0, size: 5.0, spacing: 1e-9),
        (seed: 6, count: 400, area: 1e6, size: 3e4, spacing: 20.0),
    ])
    func theSweepFindsEveryPairTheLoopFindsInItsOrder(seed: UInt64, count: Int, area: Double, size: Double,
                                                       spacing: Double) throws {
        let shapes = Self.shapes(count, seed: seed, area: area, size: size)
        let expected = try loopOverEveryPair(shapes, spacing: spacing)
        #expect(!expected.isEmpty, "the layout should have some merges to compare")
        #expect(try sweep(shapes, spacing: spacing) == expected)
    }

    @Test func pairsExactlyTheSpacingApartStayApartAndAHairCloserMerge() throws {
        // Circles of radius 22 in a row, centres 60 apart: every gap is 60 − 44 = 16, exactly the spacing, so none
        // merges; a row 59.999999 apart has gaps of 15.999999, so every neighbour merges (and nothing further).
        let apart = (0..<40).map { LiquidShape(name: "a\($0)", center: Point(x: Double($0) * 60, y: 0), halfWidth: 22, halfHeight: 22, radius: 22) }
        #expect(try sweep(apart, spacing: 16).isEmpty)
        #expect(try loopOverEveryPair(apart, spacing: 16).isEmpty)
        let close = (0..<40).map { LiquidShape(name: "c\($0)", center: Point(x: Double($0) * 59.999999, y: 0), halfWidth: 22, halfHeight: 22, radius: 22) }
        let found = try sweep(close, spacing: 16)
        #expect(found.map { [$0.first, $0.second] } == (0..<39).map { [$0, $0 + 1] })
        #expect(found == (try loopOverEveryPair(close, spacing: 16)))
    }

    @Test func aGiantShapeAmongSmallOnesAndShapesWithoutFiniteNumbersAreStillMeasured() throws {
        var shapes = Self.shapes(200, seed: 7, area: 300, size: 10)
        // A giant rounded rect over the middle, one far off, and two whose numbers are not finite (each merges with
        // nothing, as the loop finds: their gaps are not numbers).
        shapes.insert(LiquidShape(name: "giant", center: .zero, halfWidth: 250, halfHeight: 120, radius: 40), at: 50)
        shapes.append(LiquidShape(name: "far", center: Point(x: 1e7, y: -1e7), halfWidth: 5e6, halfHeight: 5e6, radius: 0))
        shapes.insert(LiquidShape(name: "nan", center: Point(x: .nan, y: 0), halfWidth: 10, halfHeight: 10, radius: 10), at: 3)
        shapes.append(LiquidShape(name: "inf", center: .zero, halfWidth: .infinity, halfHeight: 10, radius: 0))
        #expect(try sweep(shapes, spacing: 16) == (try loopOverEveryPair(shapes, spacing: 16)))
    }

    @Test func theNamedPairsOfTheSharedRuleComeInTheLoopsOrder() {
        // 30 circles of radius 22 piled at one point, drawn in order: every pair merges, named first-then-second.
        let pile = (0..<30).map { LiquidShape(name: "p\($0)", center: .zero, halfWidth: 22, halfHeight: 22, radius: 22) }
        var expected: [String] = []
        for i in 0..<30 { for j in (i + 1)..<30 { expected.append("p\(i)+p\(j)") } }
        #expect(Liquid.mergedPairs(pile, spacing: 16) == expected)
    }

    @Test func aColumnOfManyShapesIsCheckedWithoutMeasuringEveryPair() throws {
        // 33,000 circles of radius 22 in one column, 100 apart (gaps of 56, past the spacing of 16): no pair merges.
        // The loop over every pair would take 33,000 × 32,999 / 2 = 544 million steps, asking the host every
        // 1,024 steps: about 532,000 asks. Each shape's box meets at most four cells of its own grid, with a
        // neighbour or two in each: a few steps per shape, so a few hundred asks.
        let column = (0..<33_000).map { LiquidShape(name: "c\($0)", center: Point(x: 0, y: Double($0) * 100), halfWidth: 22, halfHeight: 22, radius: 22) }
        var asks = 0
        var work = HostWork { _ in asks += 1; return nil }
        #expect(try Liquid.mergingPairs(column, spacing: 16, work: &work).isEmpty)
        #expect(asks >= 1, "the check never asked the host")
        #expect(asks < 2_000, "\(asks) asks: the check measured far more pairs than the neighbours")
    }

    @Test func aCheckTheHostStopsThrowsTheHostsReason() {
        let column = (0..<5_000).map { LiquidShape(name: "c\($0)", center: Point(x: 0, y: Double($0) * 100), halfWidth: 22, halfHeight: 22, radius: 22) }
        var work = HostWork { _ in "time limit of 1 s exceeded" }
        #expect(throws: HostLimitReached(reason: "time limit of 1 s exceeded")) {
            try Liquid.mergingPairs(column, spacing: 16, work: &work)
        }
    }

    // MARK: On a stage

    /// A group of `count` 44-point circles on a stage whose host answers memory with `cap` bytes.
    func pile(_ count: Int, spread: Double, cap: Int) throws -> (Stage, GlassGroupPiece, asked: () -> [Int]) {
        let stage = try Stage()
        var asked: [Int] = []
        stage.allocationCheck = { bytes in
            asked.append(bytes)
            return bytes > cap ? "memory limit of \(cap) bytes exceeded" : nil
        }
        let shapes = (0..<count).map { circle("b\($0)", x: 20 + Double($0) * spread, y: 100) }
        let group = try GlassGroupPiece(context: stage, spacing: 16, shapes: shapes)
        try stage.add(group)
        return (stage, group, { asked })
    }

    @Test func theNecksOfShapesThatAllOverlapAreRefusedBeforeTheyAreMade() throws {
        // 2,500 circles on one spot: 2,500 × 2,499 / 2 = 3,123,750 pairs, every one a neck. At the 1,536 bytes
        // counted per neck that is 4.8 GB, far past a cap of 64 MiB: the check is refused before a neck is made,
        // and the stage stops with the host's reason.
        let cap = 64 << 20
        let (stage, group, asked) = try pile(2_500, spread: 0, cap: cap)
        #expect(throws: StageError.interrupted("memory limit of \(cap) bytes exceeded")) { try stage.frames(2) }
        #expect(group.necks.isEmpty)
        #expect(asked().contains { $0 > cap }, "the necks were never counted")
    }

    @Test func aGroupWithinTheCapMergesAsBefore() throws {
        // 40 circles 50 apart (gaps of 6 < 16): 39 necks, each neighbour with the next, counted well within 64 MiB.
        let (stage, group, asked) = try pile(40, spread: 50, cap: 64 << 20)
        try stage.frames(2)
        #expect(group.necks.map(\.pair) == (0..<39).map { "b\($0)+b\($0 + 1)" })
        #expect(group.necks.allSatisfy { abs($0.gap - 6) < 1e-9 })
        #expect(!asked().isEmpty, "the check never counted what it made")
    }
}
