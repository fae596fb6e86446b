import Testing
@testable import PieceKit

/// The motion rules' two scans read four numbers at a time; each must give the place the plain loop gives, for
/// every length (blocks of four and the rest), every place of a breaking number, and every kind of number.
@Suite struct NumberScanTests {
    /// Numbers of every kind a frame may hold, finite and not.
    static let kinds: [Double] = [0, -0.0, 1.5, -3, 1e308, -1e308, .leastNonzeroMagnitude, .nan, .infinity,
                                  -.infinity, .signalingNaN]

    @Test func theFirstNumberThatIsNotFiniteIsWhereThePlainLoopFindsIt() {
        var g = SplitMix64(seed: 7)
        for length in 0...13 {
            // One odd number at each place in turn, among finite ones; then arrays drawn at random.
            for place in 0..<max(length, 1) {
                for odd in Self.kinds {
                    var values = (0..<length).map { Double($0) * 0.25 - 1 }
                    if place < length { values[place] = odd }
                    #expect(NumberScan.firstNonFinite(in: values) == values.firstIndex { !$0.isFinite })
                }
            }
            for _ in 0..<200 {
                let values = (0..<length).map { _ in Self.kinds[Int(g.next() % UInt64(Self.kinds.count))] }
                #expect(NumberScan.firstNonFinite(in: values) == values.firstIndex { !$0.isFinite })
            }
        }
    }

    @Test func theFirstStepOverTheFloorIsWhereThePlainLoopFindsIt() {
        var g = SplitMix64(seed: 11)
        func plain(_ a: [Double], _ b: [Double], _ floor: Double, _ start: Int) -> Int? {
            (start..<a.count).first { abs(b[$0] - a[$0]) > floor }
        }
        for length in 0...13 {
            for _ in 0..<300 {
                let before = (0..<length).map { _ in Self.kinds[Int(g.next() % UInt64(Self.kinds.count))] }
                // Most numbers move a little, some not at all, some by more than the floor of 2.
                let after = before.map { x -> Double in
                    switch g.next() % 4 {
                    case 0: return x
                    case 1: return x + 1
                    case 2: return x + 3
                    default: return Self.kinds[Int(g.next() % UInt64(Self.kinds.count))]
                    }
                }
                for start in 0...length {
                    #expect(NumberScan.firstStep(from: before, to: after, over: 2, startingAt: start)
                            == plain(before, after, 2, start))
                }
            }
        }
    }
}
