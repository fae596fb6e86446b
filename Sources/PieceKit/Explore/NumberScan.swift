/// The two scans the motion rules make over every number of every frame an exploration renders: where a frame's
/// first number that is not finite is, and where two frames' numbers first differ by more than a floor. They read
/// the buffers in place, four numbers to a test with no branch between them, so a frame that keeps the rule (almost
/// every frame) costs a few instructions a number; the place is then found one by one inside the block that has it.
/// Each gives exactly the answer of the plain loop it replaces (`NumberScanTests` holds them side by side).
enum NumberScan {
    /// The first position of `values` holding NaN or an infinity.
    static func firstNonFinite(in values: [Double]) -> Int? {
        values.withUnsafeBufferPointer { v -> Int? in
            var i = 0
            // x - x is +0 for every finite x and NaN for NaN and the infinities: a block sums to 0 exactly when
            // all its numbers are finite.
            while i + 4 <= v.count {
                if (v[i] - v[i]) + (v[i + 1] - v[i + 1]) + (v[i + 2] - v[i + 2]) + (v[i + 3] - v[i + 3]) == 0 {
                    i += 4
                    continue
                }
                break
            }
            while i < v.count {
                if !v[i].isFinite { return i }
                i += 1
            }
            return nil
        }
    }

    /// The first position from `start` at which `after` differs from `before` by more than `floor` (a NaN on
    /// either side differs by no amount). Both must hold as many numbers.
    static func firstStep(from before: [Double], to after: [Double], over floor: Double, startingAt start: Int) -> Int? {
        before.withUnsafeBufferPointer { b -> Int? in
            after.withUnsafeBufferPointer { a -> Int? in
                let n = min(a.count, b.count)
                var i = max(start, 0)
                @inline(__always) func over(_ k: Int) -> UInt8 { abs(a[k] - b[k]) > floor ? 1 : 0 }
                while i + 4 <= n, over(i) | over(i + 1) | over(i + 2) | over(i + 3) == 0 { i += 4 }
                while i < n {
                    if over(i) == 1 { return i }
                    i += 1
                }
                return nil
            }
        }
    }
}
